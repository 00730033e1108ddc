import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { saveToken } from '../../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../../testing/render';
import { PatientDetailPage } from './patient-detail';

const patient = {
  id: 'p1', fullName: 'Mia Match', firstName: 'Mia', lastName: 'Match', email: 'mia@example.com', phone: '+15551234567', appointmentCount: 1,
  createdAt: '2026-01-05T10:00:00Z', updatedAt: '2026-01-05T10:00:00Z', version: 1, otherEmails: ['mia.work@example.com'], otherPhones: [],
};
const none = { text: null, status: null, when: null, amountMinor: null, refundedMinor: null, currency: null, by: null };
const item = (n: number, over: object = {}) => ({ ...none, kind: 'note', id: `n${n}`, at: `2026-02-${String(28 - n).padStart(2, '0')}T09:00:00Z`, title: '', text: `Note ${n}`, by: 'Dr Who', ...over });
const firstPage = [
  item(1),
  item(2, { kind: 'booking', id: 'b1', title: 'Consultation', status: 'confirmed', when: '2026-03-09 09:00 (America/New_York)', amountMinor: 4950, currency: 'usd', text: null, by: null }),
  item(3, { kind: 'payment', id: 'b1', title: 'Consultation', status: 'partially_refunded', amountMinor: 4950, refundedMinor: 1000, currency: 'usd', text: null, by: null }),
  item(4, { kind: 'mail', id: 'm1', title: 'Your booking is confirmed', status: 'sent', text: 'Hello Mia', by: null }),
];
const longMail = ['Hello Mia,', 'Your booking is confirmed.', 'Package: Consultation', 'Date: Monday', 'Time: 09:00', 'To cancel: https://clinic.example.com/manage#secret'].join('\n');

function setup(roles = rolesState({ isOwner: true }), page = firstPage) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'me', email: 'me@example.com', isEmailVerified: true } } },
    'GET /api/patients/p1': { status: 200, body: { message: 'OK', data: patient } },
    'GET /api/patients/p1/items': (_b, url) =>
      url.searchParams.get('cursor')
        ? { status: 200, body: { message: 'OK', data: { items: [item(5, { kind: 'submission', id: 'l1', title: 'Health questionnaire', text: 'Allergies: Penicillin', by: null })] } } }
        : { status: 200, body: { message: 'OK', data: { items: page, nextCursor: 'c2' } } },
    'POST /api/patients/p1/notes': (body) => ({ status: 201, body: { message: 'The note is added.', data: item(0, { text: (body as { text: string }).text }) } }),
    'POST /api/patients/p1/erase': { status: 200, body: { message: "The patient's personal data is erased." } },
  });
  const view = renderRoutes(
    [
      { path: '/patients/:id', element: <WithRoles value={roles}><PatientDetailPage /></WithRoles> },
      { path: '/patients', element: <h1>Patients page</h1> },
    ],
    '/patients/p1',
  );
  return { ...view, calls };
}

describe('PatientDetailPage', { timeout: 20_000 }, () => {
  it('shows the patient and their record newest first, with money and refunds, and loads the next page', async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { name: 'Mia Match' })).toBeInTheDocument();
    expect(screen.getByText('mia.work@example.com')).toBeInTheDocument();
    const record = await screen.findByRole('list', { name: 'Record, newest first' });
    const rows = within(record).getAllByRole('listitem');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['note', 'booking', 'payment', 'mail']);
    expect(within(rows[1]).getByRole('link', { name: 'Consultation' })).toHaveAttribute('href', '/bookings/booking/b1');
    expect(rows[1]).toHaveTextContent('Visit: 2026-03-09 09:00 (America/New_York)');
    expect(rows[2]).toHaveTextContent('$49.50');
    expect(rows[2]).toHaveTextContent('refunded $10.00');
    expect(rows[3]).toHaveTextContent('Your booking is confirmed');
    // Each state in words, as the console's lists name it.
    expect(rows.slice(1).map((r) => r.querySelector('.badge')?.textContent)).toEqual(['Confirmed', 'Partly refunded', 'Sent']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(record).getAllByRole('listitem')).toHaveLength(5));
    expect(within(record).getAllByRole('listitem')[4]).toHaveTextContent('Allergies: Penicillin');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names every kind of state in words, never the raw value', async () => {
    setup(undefined, [
      item(1, { kind: 'appointment', id: 'a1', title: 'Check-up', status: 'no-show', text: null, by: null }),
      item(2, { kind: 'booking', id: 'b2', title: 'Consultation', status: 'held', text: null, by: null }),
      item(3, { kind: 'payment', id: 'b2', title: 'Consultation', status: 'paid', amountMinor: 4950, currency: 'usd', text: null, by: null }),
      item(4, { kind: 'submission', id: 'l2', title: 'Intake', status: 'failed', text: 'Name: Mia', by: null }),
      item(5, { kind: 'sms', id: 's1', title: '', status: 'dropped', text: 'See you soon', by: null }),
      item(6, { kind: 'booking', id: 'b3', title: 'Follow-up', status: 'no_show', text: null, by: null }),
    ]);
    const record = await screen.findByRole('list', { name: 'Record, newest first' });
    const badges = within(record).getAllByRole('listitem').map((r) => r.querySelector('.badge')?.textContent);
    // The appointments' and bookings' own labels; a value no list names (a newer server) made readable.
    expect(badges).toEqual(['No-show', 'Awaiting payment', 'Paid', 'Failed', 'Not sent', 'No show']);
  });

  it('clips a long mail body to its first lines, with Show more and Show less', async () => {
    const { user } = setup(undefined, [item(1, { kind: 'mail', id: 'm2', title: 'Your booking is confirmed', status: 'sent', text: longMail, by: null }), ...firstPage]);
    const record = await screen.findByRole('list', { name: 'Record, newest first' });
    const [mail] = within(record).getAllByRole('listitem');
    expect(mail).toHaveTextContent('Date: Monday…');
    expect(mail).not.toHaveTextContent('Time: 09:00');
    // One button: the short mail and notes show whole.
    const more = within(record).getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(mail).toHaveTextContent('To cancel: https://clinic.example.com/manage#secret');
    await user.click(within(mail).getByRole('button', { name: 'Show less' }));
    expect(mail).not.toHaveTextContent('manage#secret');
  });

  it('adds a note (with an idempotency key), refusing an empty one', async () => {
    const { user, calls } = setup();
    const success = vi.spyOn(notify, 'success');
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Please write the note')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a note'), 'Prefers mornings');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The note is added.'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/patients/p1/notes')!;
    expect(post.body).toEqual({ text: 'Prefers mornings' });
    expect(post.headers['idempotency-key']).toBeTruthy();
    expect(screen.getByLabelText('Add a note')).toHaveValue('');
  });

  it('erases only once confirmed, then goes back to the list', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog');
    const erase = within(dialog).getByRole('button', { name: 'Erase personal data' });
    expect(erase).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I understand this cannot be undone' }));
    await user.click(erase);
    expect(await screen.findByRole('heading', { name: 'Patients page' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/patients/p1/erase')).toHaveLength(1);
  });

  it('shows a reader no note form, merge or erase', async () => {
    setup(rolesState({ roles: [entry('Appointment', { read: true })] }));
    expect(await screen.findByRole('heading', { name: 'Mia Match' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export data' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a note')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge a duplicate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
  });
});
