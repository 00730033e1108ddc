// The owner's integration key: view, copy, and (after confirmation) replace it.
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Card } from '../../../components/card';
import { Loading } from '../../../components/loading';
import { failureText } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { copyWithToast, notify } from '../../../lib/notify';
import { generateIntegration, useIntegration } from '../api/organization';

export function IntegrationKey() {
  const { data, error, isLoading, mutate } = useIntegration(true);
  const [asking, setAsking] = useState(false);

  const copy = () => data && copyWithToast(data.apiKey, 'the key');
  const rotate = async () => {
    const result = await generateIntegration();
    if (!result.success || !result.data.data) return result.message || 'A new key could not be made.';
    setAsking(false);
    notify.success(result.message, { long: true });
    await mutate(result.data.data, { revalidate: false });
  };

  return (
    <Card
      titleId="integration-title"
      title="Integration key"
      footer={
        <button type="button" className="btn btn-outline-danger" onClick={() => setAsking(true)} disabled={!data}>
          Generate a new key
        </button>
      }
    >
      <p className="small text-body-secondary">Your public form and booking pages and any website embeds name your organisation with this key.</p>
      {isLoading ? (
        <Loading label="Loading the key..." />
      ) : error || !data ? (
        <div className="alert alert-danger mb-0" role="alert">
          {failureText(error, 'The key could not be loaded.')}
        </div>
      ) : (
        <>
          <div className="input-group">
            <input className="form-control font-monospace" value={data.apiKey} readOnly aria-label="Integration key" onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-outline-secondary" onClick={copy}>
              <i className="bi bi-clipboard me-1" aria-hidden="true" />
              Copy
            </button>
          </div>
          <div className="form-text">{data.rotatedAt ? `Last replaced ${formatDate(data.rotatedAt)}.` : 'Created with your organisation.'}</div>
        </>
      )}
      <ConfirmDialog
        show={asking}
        title="Replace the integration key?"
        confirmText="Yes, replace it"
        busyText="Generating..."
        networkError="A new key could not be made. Please check your connection."
        onHide={() => setAsking(false)}
        onConfirm={rotate}
      >
        <p className="mb-0">The current key stops working at once: update every page or embed that uses it.</p>
      </ConfirmDialog>
    </Card>
  );
}
