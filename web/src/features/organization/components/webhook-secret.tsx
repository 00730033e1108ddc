// A new endpoint's signing secret, shown once right after it is added (the API never returns it
// again; the list shows only its hint), with how a receiver checks a delivery's signature.
import Modal from '../../../components/modal';
import { WEBHOOK_SIGNATURE_HEADER } from '#shared/webhooks/schemas';
import type { WebhookEndpointCreated } from '../api/webhooks';
import { copyWithToast } from '../../../lib/notify';

export function WebhookSecret({ created, onDone }: { created: WebhookEndpointCreated; onDone: () => void }) {
  const copy = () => copyWithToast(created.secret, 'the secret');
  return (
    <>
      <Modal.Body>
        <p className="small text-break mb-3">
          Events will be sent to <span className="font-monospace">{created.endpoint.url}</span>.
        </p>
        <div className="alert alert-warning" role="status">
          Copy this signing secret now and keep it with the receiving system. It will not be shown again.
        </div>
        <label htmlFor="webhook-secret" className="form-label fw-semibold small text-body-emphasis mb-1">
          Signing secret
        </label>
        <div className="input-group mb-3">
          <input id="webhook-secret" className="form-control font-monospace" value={created.secret} readOnly onFocus={(e) => e.target.select()} />
          <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
            <i className="bi bi-clipboard me-1" aria-hidden="true" />
            Copy
          </button>
        </div>
        <h3 className="h6 fw-bold">Checking a delivery</h3>
        <p className="small mb-0">
          Each delivery has a <code>{WEBHOOK_SIGNATURE_HEADER}</code> header of the form <code>t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</code>. Compute the
          HMAC-SHA256 of <code>&lt;t&gt;.&lt;raw body&gt;</code> with this secret, in hex, and accept the delivery only when it equals <code>v1</code> and{' '}
          <code>t</code> is recent (a few minutes). The body&apos;s <code>id</code> is the event id: a retried event keeps it, so skip ids you have
          already handled.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I have saved it
        </button>
      </Modal.Footer>
    </>
  );
}
