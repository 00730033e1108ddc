// Where packages and availability are managed, the owner sees the booking page's address made with the
// organisation's key: the page's on the packages list and the availability page, each active
// package's (?package=) from its row and in its editor. Members who are not the owner see none.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { AvailabilityPage } from './routes/availability';
import { EditPackagePage } from './routes/edit-package';
import { PackagesListPage } from './routes/packages-list';

const ok = (data: unknown) => ({ status: 200, body: { message: 'OK', data } });
const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const KEY = 'pk_clinic0123';
const page = `${window.location.origin}/booking/${KEY}`;
const pkg = (id: string, extra: object = {}) => ({
  id, packageName: `Package ${id}`, packagePrice: 49.5, packagePriceCents: 4950, packageDescription: '', redirectionUrl: '', isActive: true,
  deletedAt: null, createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z', ...extra,
});
const hours = [{ start: '09:00', end: '17:00' }];
const availability = {
  configured: true, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time',
  weeklyHours: { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: [], sunday: [] },
  slotMinutes: 30, capacity: 1, closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 180, updatedAt: null, updatedBy: null,
};

function render(element: React.ReactNode, path: string, pattern = path, roles = rolesState({ isOwner: true })) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': ok(me),
    'GET /api/organization/integration': ok({ apiKey: KEY, rotatedAt: null }),
    'GET /api/bookings/packages': ok({ items: [pkg('bp_1'), pkg('bp_2', { isActive: false })] }),
    'GET /api/bookings/packages/bp_1': ok(pkg('bp_1', { packageName: 'Massage 60 min' })),
    'GET /api/bookings/availability': ok(availability),
  });
  const view = renderRoutes([{ path: pattern, element: <WithRoles value={roles}>{element}</WithRoles> }], path);
  return { ...view, calls };
}

describe("the booking page's address in the bookings pages", { timeout: 20_000 }, () => {
  it('the packages list shows the page, and each active package copies its own link', async () => {
    const { user } = render(<PackagesListPage />, '/bookings/packages');
    const block = within(await screen.findByRole('region', { name: 'Booking page' }));
    expect(await block.findByLabelText('Address')).toHaveValue(page);
    expect(await block.findByRole('img', { name: `QR code of the booking page: ${page}` })).toBeInTheDocument();

    const row = within((await screen.findByText('Package bp_1')).closest('tr')!);
    await user.click(await row.findByRole('button', { name: 'Copy link for Package bp_1' }));
    expect(await navigator.clipboard.readText()).toBe(`${page}?package=bp_1`);
    expect(row.getByRole('status')).toHaveTextContent('Booking link of Package bp_1 copied');
    // An inactive package is not on the booking page: no link to copy.
    expect(within(screen.getByText('Package bp_2').closest('tr')!).queryByRole('button', { name: /^Copy link for/ })).toBeNull();
  });

  it('the package editor shows the booking page with that package chosen', async () => {
    render(<EditPackagePage />, '/bookings/packages/bp_1', '/bookings/packages/:id');
    const block = within(await screen.findByRole('region', { name: "This package's booking page" }));
    expect(await block.findByLabelText('Address')).toHaveValue(`${page}?package=bp_1`);
    expect(block.getByRole('link', { name: /Download QR code/ })).toHaveAttribute('download', 'booking-page-massage-60-min.svg');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('the availability page shows the booking page', async () => {
    render(<AvailabilityPage />, '/bookings/availability');
    const block = within(await screen.findByRole('region', { name: 'Booking page' }));
    expect(await block.findByLabelText('Address')).toHaveValue(page);
    expect(screen.getByRole('button', { name: 'Save availability' })).toBeInTheDocument();
  });

  it('shows no address to a member who is not the owner (the key is the owner\'s)', async () => {
    const { calls } = render(<PackagesListPage />, '/bookings/packages', '/bookings/packages', rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true, write: true })] }));
    await screen.findByText('Package bp_1');
    expect(screen.queryByRole('region', { name: 'Booking page' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Copy link for/ })).toBeNull();
    expect(calls.some((c) => c.path === '/api/organization/integration')).toBe(false);
  });
});
