// The manage page of a visit of a series (issue 37): the series' visits listed (this one marked,
// cancelled ones said), and "this visit and the following ones" cancelled with one call, in the
// patient's language (Arabic, right to left, here).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../testing/render';
import ar from '../../i18n/messages/ar.json';
import { ManagePage } from './manage-page';

const TOKEN = 'b'.repeat(43);
const visit = (n: number, status = 'confirmed', current = false) => ({
  bookingId: `v${n}`, bookingDate: `2030-01-${String(7 * n + 1).padStart(2, '0')}`, bookingTime: '10:00', timeZone: 'America/New_York',
  whenLabel: `Tuesday, January ${7 * n + 1}, 2030 at 10:00 AM EST`, status, current,
});
const view = (extra: object = {}) => ({
  kind: 'booking', bookingId: 'v2', orgName: 'Sunny Clinic', clinicPhone: null, clinicAddress: null, practitionerName: null, packageName: 'Physio', firstName: 'Pat', status: 'confirmed', paymentStatus: 'paid', bookingDate: '2030-01-15',
  bookingTime: '10:00', whenLabel: 'Tuesday, January 15, 2030 at 10:00 AM EST', timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', durationMinutes: 60,
  amountPaidCents: 4950, refundedCents: null, changeableUntil: '2030-01-14T15:00:00.000Z', canChange: true, cutoffHours: 24, refundOnCancelCents: 4950, currency: 'usd',
  clinicRegion: 'US', bookingPage: 'pk_clinic_key_123', packageId: 'p1', practitionerId: null, practitioners: [],
  series: { id: 's1', visits: [visit(1), visit(2, 'confirmed', true), visit(3), visit(4)], following: 3, refundFollowingCents: 14850 },
  ...extra,
});

function render(answers: Parameters<typeof mockApi>[0], arabic = false) {
  window.location.hash = `#${TOKEN}`;
  const calls = mockApi(answers);
  return { ...renderRoutes([{ path: '/manage', element: <ManagePage /> }], '/manage', {}, arabic ? { locale: 'ar', messages: ar } : undefined), calls };
}

describe('manage page of a visit of a series', { timeout: 20_000 }, () => {
  it('lists the visits and cancels this one and the following ones with the refund of each', async () => {
    const cancelled = view({
      status: 'cancelled', canChange: false,
      series: { id: 's1', visits: [visit(1), visit(2, 'cancelled', true), visit(3, 'cancelled'), visit(4, 'cancelled')], following: 0, refundFollowingCents: 0 },
    });
    const { user, calls } = render({
      'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view() } },
      'POST /api/public/manage/cancel-following': { status: 200, body: { message: '3 visits are cancelled.', data: cancelled } },
    });
    const list = await screen.findByTestId('manage-series');
    expect(within(list).getByRole('heading', { name: 'Your series (4 visits)' })).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[1]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).toHaveTextContent('this visit');

    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    // This visit only, by default (the single cancel), with its own refund.
    expect(screen.getByRole('radio', { name: 'This visit only' })).toBeChecked();
    expect(screen.getByText(/\$49\.50 is refunded to your card/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'This visit and the following ones (3 visits)' }));
    expect(screen.getByText(/Cancel these 3 visits\? .*\$148\.50 is refunded to your card/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('3 visits are cancelled.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ path: '/api/public/manage/cancel-following', body: { token: TOKEN } });
    expect(within(screen.getByTestId('manage-series')).getAllByText('(cancelled)')).toHaveLength(3);
  });

  it('says it in Arabic', async () => {
    const { user } = render({ 'POST /api/public/manage/booking': { status: 200, body: { message: 'OK', data: view({ clinicLanguage: 'ar' }) } } }, true);
    const list = await screen.findByTestId('manage-series');
    expect(within(list).getByRole('heading', { name: /^سلسلتك \(/ })).toBeInTheDocument();
    expect(within(list).getByText('هذه الزيارة')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /إلغاء/ }));
    expect(screen.getByRole('radio', { name: /هذه الزيارة والزيارات التالية/ })).toBeInTheDocument();
  });
});
