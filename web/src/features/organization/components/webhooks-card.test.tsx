import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookDelivery, type WebhookEndpoint } from '#shared/webhooks/schemas';
import { WEBHOOK_EVENT_TYPES } from '#shared/webhooks/events';
import { notify } from '../../../lib/notify';
import { saveToken } from '../../../lib/session';
import { mockApi, renderAt } from '../../../testing/render';
import { WebhooksCard } from './webhooks-card';

const crm: WebhookEndpoint = {
  id: 'we_1',
  url: 'https://crm.example.com/hooks/clinic',
  description: 'Our CRM',
  events: ['booking.confirmed', 'lead.created'],
  enabled: true,
  secretHint: 'whsec_…3f9a',
  createdAt: '2025-03-01T10:00:00Z',
  updatedAt: '2025-03-01T10:00:00Z',
};
const zap: WebhookEndpoint = { ...crm, id: 'we_2', url: 'https://hooks.example.org/zap', description: undefined, events: [...WEBHOOK_EVENT_TYPES], enabled: false, secretHint: 'whsec_…77aa' };
const list = (items: WebhookEndpoint[]) => ({ status: 200, body: { message: 'OK', data: { items } } });

const delivery = (n: number, over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `wd_${n}`,
  eventId: `evt_${n}`,
  eventType: 'booking.confirmed',
  status: 'succeeded',
  attempts: 1,
  createdAt: '2025-03-02T10:00:00Z',
  lastAttemptAt: '2025-03-02T10:00:01Z',
  responseStatus: 200,
  ...over,
});

type Answers = Parameters<typeof mockApi>[0];

function setup(answers: Answers = {}) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } },
    'GET /api/organization/webhooks': list([crm, zap]),
    ...answers,
  });
  const view = renderAt(<WebhooksCard />, '/organization');
  return { ...view, calls };
}

/** Add endpoint, once the list has arrived: until then the button is disabled and a click does nothing. */
async function addButton() {
  const button = await screen.findByRole('button', { name: 'Add endpoint' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

const countOf = (calls: ReturnType<typeof mockApi>, method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length;

describe('WebhooksCard', { timeout: 20_000 }, () => {
  it('lists the endpoints with their events, switch, secret hint and date', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByText('https://crm.example.com/hooks/clinic')).toBeInTheDocument();
    expect(within(first).getByText('Our CRM')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: '2 events' })).toHaveTextContent('booking.confirmedlead.created');
    expect(within(first).getByRole('switch', { name: /Send events to https:\/\/crm.example.com\/hooks\/clinic/ })).toBeChecked();
    expect(within(first).getByText('whsec_…3f9a')).toBeInTheDocument();
    expect(within(first).getByText(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(crm.createdAt)))).toBeInTheDocument();
    expect(within(second).getByText('All events')).toBeInTheDocument();
    expect(within(second).getByRole('switch')).not.toBeChecked();
    expect(screen.getByText(`2 of ${MAX_WEBHOOK_ENDPOINTS} endpoints`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeEnabled();
  });

  it('explains webhooks and the limit when there are none', async () => {
    setup({ 'GET /api/organization/webhooks': list([]) });
    expect(await screen.findByText(/Webhooks send your bookings, payments, leads and appointment requests to your other systems/)).toHaveTextContent(
      `Add up to ${MAX_WEBHOOK_ENDPOINTS} endpoints.`,
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers no new endpoint at the limit, and says why', async () => {
    const many = Array.from({ length: MAX_WEBHOOK_ENDPOINTS }, (_, i) => ({ ...crm, id: `we_${i}`, url: `https://crm.example.com/${i}` }));
    setup({ 'GET /api/organization/webhooks': list(many) });
    // The button is disabled while the list loads too: the limit is only known once it is shown.
    await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toHaveAccessibleDescription(/delete one to add another/);
  });

  it('adds an endpoint and shows its secret once, with Copy and how to verify', async () => {
    const secret = 'whsec_9b1f0c7e2d4a6b8c0e1f3a5b7c9d1e3f';
    const { user, calls } = setup({
      'POST /api/organization/webhooks': (body) => ({
        status: 201,
        body: { message: 'The endpoint is added.', data: { endpoint: { ...crm, id: 'we_3', ...(body as object), secretHint: 'whsec_…1e3f' }, secret } },
      }),
    });
    await user.click(await addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });

    // Nothing filled in: the schema's messages, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('URL is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(countOf(calls, 'POST', '/api/organization/webhooks')).toBe(0);

    await user.type(within(dialog).getByLabelText(/^Endpoint URL/), '  https://ehr.example.com/in  ');
    await user.type(within(dialog).getByLabelText('Description'), 'The EHR');
    // Every event has its checkbox and sentence; Select all, then leave one out.
    expect(within(dialog).getByRole('checkbox', { name: 'lead.created' })).toHaveAccessibleDescription('A visitor submitted a public form.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    for (const type of WEBHOOK_EVENT_TYPES) expect(within(dialog).getByRole('checkbox', { name: type })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'booking.held' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Select all' })).toHaveProperty('indeterminate', true);
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'Endpoint added' });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ url: 'https://ehr.example.com/in', description: 'The EHR', events: WEBHOOK_EVENT_TYPES.filter((t) => t !== 'booking.held') });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(secret);
    expect(within(shown).getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByText('Clinic-Signature')).toBeInTheDocument();
    expect(within(shown).getByText(/HMAC-SHA256/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: /Copy/ }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    // The list is reloaded behind the dialog.
    await waitFor(() => expect(countOf(calls, 'GET', '/api/organization/webhooks')).toBe(2));

    await user.click(within(shown).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(secret)).toBeNull();
    expect(document.body).not.toHaveTextContent(secret);
  });

  it("puts the server's field message on the URL and keeps the dialog open", async () => {
    const { user } = setup({
      'POST /api/organization/webhooks': { status: 400, body: { message: 'Please check the endpoint.', errors: { url: 'The URL must point to a public address.' } } },
    });
    await user.click(await addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByLabelText(/^Endpoint URL/), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'booking.confirmed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('The URL must point to a public address.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please check the endpoint.');
    const url = within(dialog).getByLabelText(/^Endpoint URL/);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription('The URL must point to a public address.');
    expect(screen.queryByRole('dialog', { name: 'Endpoint added' })).toBeNull();
  });

  it('says so when the limit is reached on the server', async () => {
    const { user, calls } = setup({
      'POST /api/organization/webhooks': { status: 409, body: { message: 'An organisation can have at most 10 webhook endpoints.' } },
    });
    await user.click(await addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByLabelText(/^Endpoint URL/), 'https://ehr.example.com/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An organisation can have at most 10 webhook endpoints.');
    // No description typed: none is sent.
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ url: 'https://ehr.example.com/in', events: [...WEBHOOK_EVENT_TYPES] });
  });

  it('edits an endpoint, keeping whether it is on', async () => {
    const { user, calls } = setup({
      'PUT /api/organization/webhooks/we_1': (body) => ({ status: 200, body: { message: 'The endpoint is saved.', data: { ...crm, ...(body as object) } } }),
    });
    const success = vi.spyOn(notify, 'success');
    await user.click(await screen.findByRole('button', { name: 'Edit https://crm.example.com/hooks/clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByLabelText(/^Endpoint URL/)).toHaveValue(crm.url);
    expect(within(dialog).getByRole('checkbox', { name: 'booking.confirmed' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'booking.held' })).not.toBeChecked();
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.type(within(dialog).getByLabelText('Description'), 'CRM (sales)');
    await user.click(within(dialog).getByRole('checkbox', { name: 'lead.created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ url: crm.url, description: 'CRM (sales)', events: ['booking.confirmed'], enabled: true });
    expect(success).toHaveBeenCalledWith('The endpoint is saved.');
  });

  it('turns deliveries to an endpoint off with its switch', async () => {
    const { user, calls } = setup({
      'PUT /api/organization/webhooks/we_1': (body) => ({ status: 200, body: { message: 'Saved.', data: { ...crm, ...(body as object) } } }),
    });
    await user.click(await screen.findByRole('switch', { name: /Send events to https:\/\/crm.example.com\/hooks\/clinic/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ url: crm.url, description: crm.description, events: crm.events, enabled: false });
    await waitFor(() => expect(countOf(calls, 'GET', '/api/organization/webhooks')).toBe(2));
  });

  it('deletes an endpoint only after confirmation', async () => {
    const { user, calls } = setup({ 'DELETE /api/organization/webhooks/we_2': { status: 200, body: { message: 'The endpoint is deleted.' } } });
    await user.click(await screen.findByRole('button', { name: 'Delete https://hooks.example.org/zap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete https://hooks.example.org/zap?' });
    expect(countOf(calls, 'DELETE', '/api/organization/webhooks/we_2')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(countOf(calls, 'DELETE', '/api/organization/webhooks/we_2')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.example.org/zap' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(countOf(calls, 'DELETE', '/api/organization/webhooks/we_2')).toBe(1));
    await waitFor(() => expect(countOf(calls, 'GET', '/api/organization/webhooks')).toBe(2));
  });

  it('shows the delivery log, loads more, refreshes, and resends one delivery', async () => {
    const queries: string[] = [];
    let releaseResend!: () => void;
    const resendHeld = new Promise<void>((resolve) => (releaseResend = resolve));
    const failed = delivery(2, { eventType: 'lead.created', status: 'failed', attempts: 8, responseStatus: 500 });
    const pending = delivery(1, { status: 'pending', attempts: 2, responseStatus: undefined, error: 'The receiver did not answer in time.', nextAttemptAt: '2025-03-02T11:00:00Z' });
    const { user, calls } = setup({
      'GET /api/organization/webhooks/we_1/deliveries': (_, url) => {
        queries.push(url.search);
        return url.searchParams.get('cursor') === 'c2'
          ? { status: 200, body: { message: 'OK', data: { items: [delivery(0)] } } }
          : { status: 200, body: { message: 'OK', data: { items: [failed, pending], nextCursor: 'c2' } } };
      },
      'POST /api/organization/webhooks/we_1/deliveries/wd_2/resend': async () => {
        await resendHeld;
        return { status: 202, body: { message: 'The event will be sent again.', data: { ...failed, status: 'pending' } } };
      },
    });
    const success = vi.spyOn(notify, 'success');
    await user.click(await screen.findByRole('button', { name: 'Deliveries to https://crm.example.com/hooks/clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    const table = await within(dialog).findByRole('table', { name: 'Deliveries' });
    const [, failedRow, pendingRow] = within(table).getAllByRole('row');
    expect(within(failedRow).getByText('lead.created')).toBeInTheDocument();
    expect(within(failedRow).getByText('evt_2').tagName).toBe('CODE');
    expect(within(failedRow).getByText('Failed')).toBeInTheDocument();
    expect(within(failedRow).getByText('8')).toBeInTheDocument();
    expect(within(failedRow).getByText('HTTP 500')).toBeInTheDocument();
    expect(within(pendingRow).getByText('Pending')).toBeInTheDocument();
    expect(within(pendingRow).getByText('The receiver did not answer in time.')).toBeInTheDocument();
    expect(within(pendingRow).getByText(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(pending.nextAttemptAt!)))).toBeInTheDocument();
    expect(within(dialog).getByText('2 deliveries shown.')).toHaveAttribute('role', 'status');

    await user.click(within(failedRow).getByRole('button', { name: 'Copy event id evt_2' }));
    expect(await navigator.clipboard.readText()).toBe('evt_2');

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByText('evt_0')).toBeInTheDocument();
    expect(queries).toContain('?cursor=c2');
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();

    const before = queries.length;
    await user.click(within(dialog).getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));

    const resend = within(dialog).getByRole('button', { name: 'Resend lead.created evt_2' });
    await user.click(resend);
    await waitFor(() => expect(resend).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Resend booking.confirmed evt_1' })).toBeEnabled();
    releaseResend();
    await waitFor(() => expect(success).toHaveBeenCalledWith('The event will be sent again.'));
    await waitFor(() => expect(resend).toBeEnabled());
    expect(countOf(calls, 'POST', '/api/organization/webhooks/we_1/deliveries/wd_2/resend')).toBe(1);
  });

  it('says when a resend is refused', async () => {
    const { user } = setup({
      'GET /api/organization/webhooks/we_1/deliveries': { status: 200, body: { message: 'OK', data: { items: [delivery(1)] } } },
      'POST /api/organization/webhooks/we_1/deliveries/wd_1/resend': { status: 409, body: { message: 'This endpoint is turned off.' } },
    });
    const error = vi.spyOn(notify, 'error');
    await user.click(await screen.findByRole('button', { name: 'Deliveries to https://crm.example.com/hooks/clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    await user.click(await within(dialog).findByRole('button', { name: 'Resend booking.confirmed evt_1' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This endpoint is turned off.'));
  });
});
