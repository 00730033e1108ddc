import { useState } from 'react';
import { Loading } from '../../../components/loading';
import { formatDate } from '../../../lib/dates';
import { useSmsList } from '../api/sms';
import { failureText } from '../../../lib/api';

/** The messages sent (to one customer, or all), newest first. */
export function SmsList({ customerId }: { customerId?: string }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const { data, error, isLoading } = useSmsList({ customerId, cursor: cursors.at(-1) });
  if (isLoading && !data) return <Loading />;
  if (error) return <div className="alert alert-danger m-3" role="alert">{failureText(error, 'The messages could not be loaded.')}</div>;
  if (!data?.items.length) return <p className="text-body-secondary text-center my-4">No messages sent yet.</p>;
  return (
    <>
      <ul className="list-group list-group-flush">
        {data.items.map((m) => (
          <li key={m.id} className="list-group-item">
            <div className="d-flex justify-content-between gap-2 small text-body-secondary">
              <span>
                To {m.customerName ? `${m.customerName} (${m.to})` : m.to} · by {m.sentByName}
              </span>
              <span>{formatDate(m.at)}</span>
            </div>
            <div style={{ whiteSpace: 'pre-line' }}>{m.message}</div>
            {m.status === 'failed' && <span className="badge bg-danger-subtle text-danger-emphasis">Not sent</span>}
          </li>
        ))}
      </ul>
      {(cursors.length > 1 || data.nextCursor) && (
        <div className="d-flex justify-content-end gap-2 p-3">
          <button type="button" className="btn btn-sm btn-light" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>Previous</button>
          <button type="button" className="btn btn-sm btn-light" disabled={!data.nextCursor} onClick={() => setCursors((c) => [...c, data.nextCursor])}>Next</button>
        </div>
      )}
    </>
  );
}
