// A practitioner's own calendar subscription on their page (issue 34.6 point 1): made, copied, added to
// a calendar app, reset (a new address, the old ones revoked), and only shown to a reader.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { EditPractitionerPage } from './routes/edit-practitioner';

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const nineToFive = [{ start: '09:00', end: '17:00' }];
const week = { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive, saturday: [], sunday: [] };
const ana = { id: 'pr_a', name: 'Dr Ana Ruiz', title: '', memberId: null, color: '#3366cc', weeklyHours: week, exceptions: [], isActive: false, packageIds: [], createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z' };
const ok = (data: unknown, message = 'OK') => ({ status: 200, body: { message, data } });
const feed = (id: string, practitionerId: string | null) => ({ id, practitionerId, name: practitionerId ? 'Dr Ana Ruiz (Sunny Clinic)' : 'Sunny Clinic', includesAppointments: true, createdAt: '2030-01-02T10:00:00Z', createdBy: 'u1' });
const urlOf = (id: string) => `https://clinic.example.com/api/calendar/feed/${id}-TOKEN0123456789abcdefghijklmnopqrstuv.ics`;

function setup(roles = rolesState({ isOwner: true }), initial = [feed('cf_clinic', null)]) {
  saveToken('token');
  let items = [...initial];
  let made = 0;
  const calls = mockApi({
    'GET /api/users/profile': ok(me),
    'GET /api/practitioners/pr_a': ok(ana),
    'GET /api/calendar/feeds': () => ok({ items }),
    'POST /api/calendar/feeds': (body) => {
      const f = feed(`cf_new${++made}`, (body as { practitionerId: string }).practitionerId);
      items = [...items, f];
      return { status: 201, body: { message: 'The calendar feed is ready.', data: { ...f, url: urlOf(f.id), webcalUrl: urlOf(f.id).replace('https:', 'webcal:') } } };
    },
    ...Object.fromEntries(['cf_old', 'cf_new1'].map((id) => [`DELETE /api/calendar/feeds/${id}`, () => {
      items = items.filter((f) => f.id !== id);
      return ok(undefined, 'The calendar feed is revoked.');
    }])),
  });
  const view = renderRoutes([{ path: '/bookings/practitioners/:id', element: <WithRoles value={roles}><EditPractitionerPage /></WithRoles> }], '/bookings/practitioners/pr_a');
  return { ...view, calls };
}

const card = async () => within(await screen.findByRole('region', { name: 'Calendar subscription' }));

describe("a practitioner's calendar subscription", { timeout: 20_000 }, () => {
  it('makes their own address, shows it once to copy, and says how to add it to Google, Apple and Outlook', async () => {
    const { user, calls } = setup();
    const c = await card();
    // The clinic's feed is not theirs.
    expect(await c.findByText('No calendar address yet.')).toBeInTheDocument();
    await user.click(c.getByRole('button', { name: 'Create the calendar address' }));
    const address = await c.findByLabelText('Copy this address now: it is shown only once.');
    expect(address).toHaveValue(urlOf('cf_new1'));
    expect(calls.find((x) => x.method === 'POST')!.body).toEqual({ practitionerId: 'pr_a' });
    await user.click(c.getByRole('button', { name: /Copy/ }));
    expect(await navigator.clipboard.readText()).toBe(urlOf('cf_new1'));
    const webcal = urlOf('cf_new1').replace('https:', 'webcal:');
    expect(c.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute('href', `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`);
    expect(c.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute('href', webcal);
    expect(c.getByText(/New Calendar Subscription/)).toBeInTheDocument();
    expect(c.getByText(/Subscribe from web/)).toBeInTheDocument();
    // Made: now it can be reset or revoked, no longer created again.
    expect(await c.findByRole('button', { name: 'Reset the address' })).toBeInTheDocument();
    expect(c.queryByRole('button', { name: 'Create the calendar address' })).toBeNull();
  });

  it('resets a lost address after confirmation: a new one is made and shown, then the old one is revoked', async () => {
    const { user, calls } = setup(undefined, [feed('cf_clinic', null), feed('cf_old', 'pr_a')]);
    const c = await card();
    expect(await c.findByText(/An address was made .*if it is lost, reset it/)).toBeInTheDocument();
    await user.click(c.getByRole('button', { name: 'Reset the address' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((x) => x.method === 'POST' || x.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reset it' }));
    expect(await c.findByLabelText('Copy this address now: it is shown only once.')).toHaveValue(urlOf('cf_new1'));
    expect(calls.filter((x) => x.method === 'POST' || x.method === 'DELETE').map((x) => `${x.method} ${x.path}`)).toEqual(['POST /api/calendar/feeds', 'DELETE /api/calendar/feeds/cf_old']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(c.queryByText(/An address was made/)).toBeNull();
  });

  it('tells a member who may only read that there is an address, without create, reset or revoke', async () => {
    setup(rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true })] }), [feed('cf_old', 'pr_a')]);
    const c = await card();
    expect(await c.findByText(/An address was made/)).toBeInTheDocument();
    expect(c.queryByRole('button', { name: /Reset|Revoke|Create/ })).toBeNull();
  });
});
