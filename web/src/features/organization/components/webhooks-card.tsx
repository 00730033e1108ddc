// The owner's webhook endpoints (Organisation > Integrations, under the integration key): list, add
// (the signing secret is shown once), edit, turn on and off, delete, and each endpoint's delivery log.
import { useState } from 'react';
import Modal from '../../../components/modal';
import { MAX_WEBHOOK_ENDPOINTS } from '#shared/webhooks/schemas';
import { WEBHOOK_EVENT_TYPES } from '#shared/webhooks/events';
import { DeleteDialog } from '../../../components/delete-dialog';
import { ACTIONS, ListCard } from '../../../components/list-card';
import { DeleteButton } from '../../../components/row-actions';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useRowSwitch } from '../../../lib/row-switch';
import { deleteWebhookEndpoint, updateWebhookEndpoint, useWebhookEndpoints, type WebhookEndpoint, type WebhookEndpointCreated } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointForm } from './webhook-endpoint-form';
import { WebhookSecret } from './webhook-secret';

/** The endpoint dialog's step: the form (new or editing), or a new endpoint's secret. */
type Editing = { kind: 'form'; endpoint?: WebhookEndpoint } | { kind: 'secret'; created: WebhookEndpointCreated } | null;

function EventBadges({ events }: { events: WebhookEndpoint['events'] }) {
  if (events.length === WEBHOOK_EVENT_TYPES.length) return <span className="badge bg-info-subtle text-info-emphasis">All events</span>;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={`${events.length} ${events.length === 1 ? 'event' : 'events'}`}>
      {events.map((type) => (
        <li key={type} className="badge bg-secondary-subtle text-secondary-emphasis font-monospace fw-normal">
          {type}
        </li>
      ))}
    </ul>
  );
}

export function WebhooksCard() {
  const { data, error, isLoading, mutate } = useWebhookEndpoints();
  const endpoints = data?.items ?? [];
  const atLimit = endpoints.length >= MAX_WEBHOOK_ENDPOINTS;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [log, setLog] = useState<{ endpoint: WebhookEndpoint | null; show: boolean }>({ endpoint: null, show: false });

  const closeEditing = () => setEditing(null);
  const { switching: toggling, flip } = useRowSwitch(mutate);
  const toggle = ({ id, url, description, events, enabled }: WebhookEndpoint) =>
    flip(id, () => updateWebhookEndpoint(id, { url, description, events, enabled: !enabled }), {
      done: enabled ? 'The endpoint is off: new events are not sent to it.' : 'The endpoint is on again.',
      failed: 'The endpoint could not be changed.',
    });

  return (
    <ListCard
      titleId="webhooks-title"
      title="Webhooks"
      description={
        endpoints.length > 0 && (
          <>
            {endpoints.length} of {MAX_WEBHOOK_ENDPOINTS} endpoints
          </>
        )
      }
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'form' })} disabled={!data || atLimit} aria-describedby={atLimit ? 'webhooks-limit' : undefined}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          Add endpoint
        </button>
      }
      filters={
        atLimit && (
          <p id="webhooks-limit" className="small text-body-secondary mb-0">
            You have {MAX_WEBHOOK_ENDPOINTS} endpoints, the most an organisation can have: delete one to add another.
          </p>
        )
      }
      list={{ isLoading, error, reload: () => mutate() }}
      noun="webhooks"
      empty={endpoints.length === 0}
      emptyText={
        <span className="d-block px-3">
          Webhooks send your bookings, payments, leads and appointment requests to your other systems (a CRM, an EHR, an automation) as they
          happen, signed so they can check the sender. Add up to {MAX_WEBHOOK_ENDPOINTS} endpoints.
        </span>
      }
      tableLabel="Webhook endpoints"
      columns={['Endpoint', 'Events', 'Enabled', 'Created', ACTIONS]}
      dialogs={
        <>
          <Modal
            show={editing !== null}
            onHide={closeEditing}
            // The secret is shown once: a stray click outside must not throw it away.
            backdrop={editing?.kind === 'secret' ? 'static' : true}
            keyboard={editing?.kind !== 'secret'}
            centered
            scrollable
            fullscreen="sm-down"
            aria-labelledby="webhook-dialog-title"
          >
            <Modal.Header closeButton={editing?.kind !== 'secret'}>
              <Modal.Title id="webhook-dialog-title" as="h2" className="h5 fw-bold">
                {editing?.kind === 'secret' ? 'Endpoint added' : editing?.endpoint ? 'Edit endpoint' : 'Add endpoint'}
              </Modal.Title>
            </Modal.Header>
            {editing?.kind === 'form' && (
              <WebhookEndpointForm
                endpoint={editing.endpoint}
                onCancel={closeEditing}
                onCreated={(created) => {
                  setEditing({ kind: 'secret', created });
                  void mutate();
                }}
                onSaved={(_, message) => {
                  closeEditing();
                  notify.success(message);
                  void mutate();
                }}
              />
            )}
            {editing?.kind === 'secret' && <WebhookSecret created={editing.created} onDone={closeEditing} />}
          </Modal>

          <DeleteDialog item={deleting} nameOf={(e) => e.url} noun="endpoint" deletedText="Endpoint deleted." cancelText="Keep it" remove={(e) => deleteWebhookEndpoint(e.id)} onClose={() => setDeleting(null)} onDeleted={() => mutate()}>
            <p className="mb-0">No more events are sent to it. Other endpoints keep receiving theirs.</p>
          </DeleteDialog>

          <WebhookDeliveries
            endpoint={log.endpoint}
            show={log.show}
            onHide={() => setLog((l) => ({ ...l, show: false }))}
            onExited={() => setLog({ endpoint: null, show: false })}
          />
        </>
      }
    >
      {endpoints.map((endpoint) => (
        <tr key={endpoint.id}>
          <td className="ps-4">
            {/* Wide enough to read a URL on wide screens; long ones wrap anywhere. */}
            <div className="fw-semibold text-body-emphasis text-break font-monospace small" style={{ minWidth: '14rem' }}>{endpoint.url}</div>
            {endpoint.description && <div className="small text-body-secondary">{endpoint.description}</div>}
            <div className="small text-body-secondary">
              Secret <code>{endpoint.secretHint}</code>
            </div>
          </td>
          <td><EventBadges events={endpoint.events} /></td>
          <td>
            <div className="form-check form-switch mb-0">
              <input
                id={`webhook-enabled-${endpoint.id}`}
                type="checkbox"
                role="switch"
                className="form-check-input"
                checked={endpoint.enabled}
                disabled={toggling === endpoint.id}
                onChange={() => void toggle(endpoint)}
              />
              <label htmlFor={`webhook-enabled-${endpoint.id}`} className="form-check-label small">
                <span className="visually-hidden">Send events to {endpoint.url}: </span>
                {endpoint.enabled ? 'On' : 'Off'}
              </label>
            </div>
          </td>
          <td className="small text-body-secondary text-nowrap">{formatDate(endpoint.createdAt, { dateStyle: 'medium' })}</td>
          <td className="text-end pe-4 text-nowrap">
            <button type="button" className="btn btn-sm btn-light me-1" onClick={() => setLog({ endpoint, show: true })} aria-label={`Deliveries to ${endpoint.url}`}>
              <i className="bi bi-list-check" aria-hidden="true" /> Deliveries
            </button>
            <button type="button" className="btn btn-sm btn-light me-1" onClick={() => setEditing({ kind: 'form', endpoint })} aria-label={`Edit ${endpoint.url}`}>
              <i className="bi bi-pencil" aria-hidden="true" /> Edit
            </button>
            <DeleteButton name={endpoint.url} onClick={() => setDeleting(endpoint)} />
          </td>
        </tr>
      ))}
    </ListCard>
  );
}
