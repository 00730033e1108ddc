// One endpoint's delivery log (a dialog, full screen on phones): each event sent or being sent, its
// tries and the receiver's answer, newest first, with "Resend" per row, "Refresh" and "Load more".
import { useState } from 'react';
import Modal from '../../../components/modal';
import type { WebhookDeliveryStatus } from '#shared/webhooks/schemas';
import { ListBody } from '../../../components/list-body';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { Busy } from '../../../components/loading';
import { ResponsiveTable } from '../../../components/responsive-table';
import { formatDate } from '../../../lib/dates';
import { copyWithToast, notify } from '../../../lib/notify';
import { resendWebhookDelivery, useWebhookDeliveries, type WebhookDelivery, type WebhookEndpoint } from '../api/webhooks';

const STATUS: Record<WebhookDeliveryStatus, [label: string, tone: string]> = {
  pending: ['Pending', 'warning'],
  succeeded: ['Succeeded', 'success'],
  failed: ['Failed', 'danger'],
};

function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const [label, tone] = STATUS[status] ?? [status, 'secondary'];
  return <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`}>{label}</span>;
}

/** A cell with nothing to show: a dash for the eye, a word for screen readers. */
function None() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">None</span>
    </>
  );
}

/** What the receiver answered on the last try: its HTTP status, or why there was no answer. */
function LastResult({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.responseStatus !== undefined) return <span className="font-monospace">HTTP {delivery.responseStatus}</span>;
  if (delivery.error) return <span className="small text-break">{delivery.error}</span>;
  return <None />;
}

const copyEventId = (eventId: string) => copyWithToast(eventId, 'the event id');

interface WebhookDeliveriesProps {
  /** The endpoint whose log is shown; kept while the dialog fades out. */
  endpoint: WebhookEndpoint | null;
  show: boolean;
  onHide: () => void;
  /** The dialog has finished closing. */
  onExited: () => void;
}

export function WebhookDeliveries({ endpoint, show, onHide, onExited }: WebhookDeliveriesProps) {
  const { items: deliveries, error, isLoading, isRefreshing, isLoadingMore, hasMore, loadMore, reload } = useWebhookDeliveries(endpoint?.id ?? null);
  const [resending, setResending] = useState<string>();

  const resend = async (delivery: WebhookDelivery) => {
    if (!endpoint) return;
    setResending(delivery.id);
    try {
      const result = await resendWebhookDelivery(endpoint.id, delivery.id);
      if (result.success) {
        notify.success(result.message || `${delivery.eventType} will be sent again.`);
        await reload();
      } else notify.error(result.message || 'The event could not be sent again.');
    } catch {
      notify.error('The event could not be sent again. Please check your connection.');
    } finally {
      setResending(undefined);
    }
  };

  return (
    <Modal show={show} onHide={onHide} onExited={onExited} size="xl" fullscreen="md-down" scrollable aria-labelledby="webhook-deliveries-title">
      <Modal.Header closeButton>
        <Modal.Title id="webhook-deliveries-title" as="h2" className="h5 fw-bold">
          Deliveries
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 px-3 py-3 border-bottom">
          <p className="small text-body-secondary text-break mb-0">
            To <span className="font-monospace">{endpoint?.url}</span>, newest first. Failed tries are retried with backoff for a day.
          </p>
          <button type="button" className="btn btn-sm btn-light" onClick={() => void reload()} disabled={isLoading || isRefreshing}>
            {isRefreshing ? (
              <Busy>Refreshing...</Busy>
            ) : (
              <>
                <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
                Refresh
              </>
            )}
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {isLoading || error ? '' : isRefreshing ? 'Refreshing deliveries...' : `${deliveries.length} ${deliveries.length === 1 ? 'delivery' : 'deliveries'} shown.`}
        </p>
        <ListBody
          loading={isLoading}
          loadingLabel="Loading deliveries..."
          error={error}
          errorText="The deliveries could not be loaded."
          onRetry={reload}
          empty={deliveries.length === 0}
          emptyText="Nothing sent yet. Events of the types this endpoint asked for appear here as they happen."
        >
          <ResponsiveTable label="Deliveries">
            <thead>
              <tr>
                <th scope="col" className="ps-3">Event</th>
                <th scope="col">Status</th>
                <th scope="col" className="text-end">Attempts</th>
                <th scope="col">Last try</th>
                <th scope="col">Answer</th>
                <th scope="col">Next try</th>
                <th scope="col" className="text-end pe-3"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <td className="ps-3">
                    <div className="font-monospace small fw-semibold">{d.eventType}</div>
                    <div className="d-flex align-items-center gap-1">
                      <code className="small text-break">{d.eventId}</code>
                      <button type="button" className="btn btn-sm btn-link p-1" onClick={() => void copyEventId(d.eventId)} aria-label={`Copy event id ${d.eventId}`}>
                        <i className="bi bi-clipboard" aria-hidden="true" />
                      </button>
                    </div>
                  </td>
                  <td><DeliveryStatusBadge status={d.status} /></td>
                  <td className="text-end">{d.attempts}</td>
                  <td className="small">{d.lastAttemptAt ? formatDate(d.lastAttemptAt) : 'Not yet'}</td>
                  <td><LastResult delivery={d} /></td>
                  <td className="small">{d.status === 'pending' && d.nextAttemptAt ? formatDate(d.nextAttemptAt) : <None />}</td>
                  <td className="text-end pe-3 text-nowrap">
                    <button
                      type="button"
                      className="btn btn-sm btn-light"
                      onClick={() => void resend(d)}
                      disabled={resending === d.id}
                      aria-label={`Resend ${d.eventType} ${d.eventId}`}
                    >
                      {resending === d.id ? <Busy>Sending...</Busy> : 'Resend'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
        </ListBody>
        <LoadMoreFooter hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onHide}>
          Close
        </button>
      </Modal.Footer>
    </Modal>
  );
}
