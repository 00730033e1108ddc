// Adding or editing a webhook endpoint (inside the card's dialog): the URL, a description, and the
// events to send, each with its sentence. The API checks that the URL is https on a public address;
// its field messages land on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import Modal from '../../../components/modal';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { webhookEndpointCreateSchema } from '#shared/webhooks/schemas';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, type WebhookEventType } from '#shared/webhooks/events';
import { InputField } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { StatusBanner } from '../../../components/status-banner';
import { useSaveStatus } from '../../../lib/forms';
import { createWebhookEndpoint, updateWebhookEndpoint, type WebhookEndpoint, type WebhookEndpointCreated } from '../api/webhooks';

type Input = z.input<typeof webhookEndpointCreateSchema>;
type Values = z.infer<typeof webhookEndpointCreateSchema>;
const FIELDS = ['url', 'description', 'events'] as const;

/** "Select all" is checked when every event is, and shows a dash when only some are. */
function SelectAll({ selected, onChange }: { selected: readonly string[]; onChange: (events: WebhookEventType[]) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const all = selected.length === WEBHOOK_EVENT_TYPES.length;
  const some = selected.length > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <div className="form-check mb-2 pb-2 border-bottom">
      <input ref={ref} id="webhook-events-all" type="checkbox" className="form-check-input" checked={all} onChange={() => onChange(all ? [] : [...WEBHOOK_EVENT_TYPES])} />
      <label htmlFor="webhook-events-all" className="form-check-label fw-semibold">
        Select all
      </label>
    </div>
  );
}

interface WebhookEndpointFormProps {
  /** The endpoint to edit; a new one when absent. */
  endpoint?: WebhookEndpoint;
  /** A new endpoint was made: the answer carries its secret, to show once. */
  onCreated: (created: WebhookEndpointCreated) => void;
  /** An endpoint was changed. */
  onSaved: (endpoint: WebhookEndpoint, message: string) => void;
  onCancel: () => void;
}

export function WebhookEndpointForm({ endpoint, onCreated, onSaved, onCancel }: WebhookEndpointFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(webhookEndpointCreateSchema),
    mode: 'onTouched',
    defaultValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: endpoint?.events ?? [] },
  });

  const { status, send } = useSaveStatus(setError, FIELDS);

  const submit = handleSubmit(async (values) => {
    const failed = endpoint ? 'The endpoint could not be saved.' : 'The endpoint could not be added.';
    if (endpoint) {
      const result = await send(() => updateWebhookEndpoint(endpoint.id, { ...values, enabled: endpoint.enabled }), failed);
      if (result?.data.data) onSaved(result.data.data, result.message || 'Endpoint saved.');
    } else {
      // A new endpoint without a description sends none; an edit sends '' to clear it.
      const result = await send(() => createWebhookEndpoint({ ...values, description: values.description || undefined }), failed);
      if (result?.data.data) onCreated(result.data.data);
    }
  });

  const urlError = errors.url?.message;
  const descriptionError = errors.description?.message;
  const eventsError = errors.events?.message;
  return (
    <form onSubmit={submit} noValidate>
      <Modal.Body>
        <StatusBanner status={status} />
        <fieldset disabled={isSubmitting}>
          <InputField
            field={register('url')}
            id="webhook-url"
            label="Endpoint URL"
            required
            error={urlError}
            hint="An https address on the public internet, e.g. https://crm.example.com/hooks/clinic."
            aria-describedby={urlError ? 'webhook-url-error' : 'webhook-url-hint'}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
          />
          <InputField
            field={register('description')}
            id="webhook-description"
            label="Description"
            error={descriptionError}
            hint="Optional: what receives these events."
            aria-describedby={descriptionError ? 'webhook-description-error' : 'webhook-description-hint'}
            maxLength={200}
            autoComplete="off"
          />
          <Controller
            control={control}
            name="events"
            render={({ field }) => {
              const selected = field.value ?? [];
              const toggle = (type: WebhookEventType) => field.onChange(selected.includes(type) ? selected.filter((t) => t !== type) : [...selected, type]);
              return (
                <fieldset aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
                  <legend className="form-label fw-semibold small text-body-emphasis mb-2">
                    Events to send
                    <span className="text-danger ms-1" aria-hidden="true">
                      *
                    </span>
                  </legend>
                  <SelectAll selected={selected} onChange={(events) => field.onChange(events)} />
                  {WEBHOOK_EVENT_TYPES.map((type) => (
                    <div key={type} className="form-check mb-2">
                      <input
                        id={`webhook-event-${type}`}
                        type="checkbox"
                        className={`form-check-input${eventsError ? ' is-invalid' : ''}`}
                        checked={selected.includes(type)}
                        onChange={() => toggle(type)}
                        onBlur={field.onBlur}
                        aria-describedby={`webhook-event-${type}-text`}
                      />
                      <label htmlFor={`webhook-event-${type}`} className="form-check-label font-monospace small">
                        {type}
                      </label>
                      <div id={`webhook-event-${type}-text`} className="small text-body-secondary">
                        {WEBHOOK_EVENTS[type]}
                      </div>
                    </div>
                  ))}
                  {eventsError && (
                    <div id="webhook-events-error" className="invalid-feedback d-block">
                      {eventsError}
                    </div>
                  )}
                </fieldset>
              );
            }}
          />
        </fieldset>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <Busy>Saving...</Busy> : endpoint ? 'Save endpoint' : 'Add endpoint'}
        </button>
      </Modal.Footer>
    </form>
  );
}
