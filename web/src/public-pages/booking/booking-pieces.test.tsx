// The booking page's pieces on their own: its notices, its three steps, and the hooks that hold one
// concern each (the ?package / ?practitioner preselection, the month and day being chosen, the submit).
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIn } from '#shared/bookings/time';
import { I18nProvider } from '../../i18n/i18n';
import english from '../../i18n/messages/en.json';
import { ChallengeHandle } from '../../lib/challenge';
import { mockApi, renderRoutes } from '../../testing/render';
import type { PublicBookingPackage } from './api';
import { BookingNotices, TOAST_MS } from './booking-notices';
import { DetailsStep, PayStep, TimeStep } from './booking-steps';
import { useBookingMonth, type BookingMonth } from './use-booking-month';
import { useBookingSubmit } from './use-booking-submit';
import { usePreselect } from './use-preselect';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <I18nProvider locale="en" messages={english}>{children}</I18nProvider>
  </SWRConfig>
);
const show = (element: ReactNode) => renderRoutes([{ path: '/', element }], '/');

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

describe('BookingNotices', () => {
  const base = { onCloseToast: vi.fn(), payment: null, hold: { kind: 'none' } as const, onGiveUp: vi.fn(), listed: [] };

  it('lists the fields to correct under one alert, and says a cancelled payment unless a hold is waiting', async () => {
    show(<BookingNotices {...base} payment="cancelled" listed={['First name is required', 'Choose a time']} rootError="Offline" />);
    const list = await screen.findByRole('alert', { name: 'Please correct these fields' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['First name is required', 'Choose a time']);
    expect(list.id).toBe('booking-errors');
    expect(screen.getByText(/The payment was not completed/)).toBeInTheDocument();
    expect(screen.getByText('Offline')).toHaveClass('alert-danger');
  });

  it('closes its toast by itself after its time', async () => {
    const onCloseToast = vi.fn();
    show(<BookingNotices {...base} toast="Redirecting" onCloseToast={onCloseToast} />);
    expect(await screen.findByText('Redirecting')).toBeInTheDocument();
    expect(onCloseToast).not.toHaveBeenCalled();
    await waitFor(() => expect(onCloseToast).toHaveBeenCalledOnce(), { timeout: TOAST_MS + 2000 });
  });
});

describe('the booking steps', () => {
  const day = { date: '2030-01-15', timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status: 'open', slotMinutes: 60, slots: [{ time: '09:00', startUtc: '2030-01-15T14:00:00.000Z', label: '9:00 AM EST', remaining: 1 }] };
  const month = (extra: Partial<BookingMonth> = {}) =>
    ({ day, dayLoading: false, chosenDay: day, zone: 'America/New_York', minDate: '2030-01-02', firstMonth: '2030-01', shownMonth: '2030-01', setMonth: vi.fn(), free: { '2030-01-15': 1 }, daysError: undefined, daysLoading: false, noneFree: false, noteMonth: '2030-01', ...extra }) as BookingMonth;

  it("step one asks for a package first, then offers the chosen day's times in the clinic's zone", async () => {
    const onTime = vi.fn();
    const props = { bookingDate: '2030-01-15', bookingTime: '', onDate: vi.fn(), onTime, disabled: false, dateInError: false, timeInError: false };
    const { unmount, user } = show(<TimeStep month={month()} packageId="" {...props} />);
    expect(await screen.findByText('Choose a package to see its free days.')).toBeInTheDocument();
    unmount();
    const second = show(<TimeStep month={month()} packageId="p1" {...props} />);
    const times = await screen.findByRole('region', { name: 'Available times' });
    expect(screen.getByTestId('booking-zone')).toHaveTextContent('America/New_York');
    await second.user.click(within(times).getByRole('button', { name: /9:00/ }));
    expect(onTime).toHaveBeenCalledWith('09:00');
    void user;
  });

  it("step one says why a chosen day has no time", async () => {
    show(<TimeStep month={month({ chosenDay: { ...day, status: 'full', slots: [] } as unknown as BookingMonth['chosenDay'] })} packageId="p1" bookingDate="2030-01-15" bookingTime="" onDate={vi.fn()} onTime={vi.fn()} disabled={false} dateInError={false} timeInError={false} />);
    expect(await screen.findByText('Every time on this date is taken. Please choose another date.')).toBeInTheDocument();
  });

  it('step two binds its four fields; step three waits while the booking is sent', async () => {
    const bind = (name: 'firstName' | 'lastName' | 'email' | 'phoneNumber') => ({ id: name, name, className: 'form-control', value: name === 'email' ? 'pat@example.com' : '', onChange: vi.fn() });
    const { rerender } = show(<DetailsStep bind={bind} />);
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('pat@example.com');
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    rerender(<></>);
    const challenge = new ChallengeHandle('booking');
    show(<PayStep isSubmitting disabled={false} challenge={challenge} />);
    expect(await screen.findByRole('button', { name: 'Please Wait...' })).toBeDisabled();
  });
});

describe('usePreselect', () => {
  const packages = [
    { id: 'p1', packageName: 'Consultation', practitioners: [{ id: 'pr_a', name: 'Ana' }] },
    { id: 'p2', packageName: 'Follow-up', practitioners: [{ id: 'pr_b', name: 'Bo' }] },
  ] as unknown as PublicBookingPackage[];

  it("picks a practitioner's only package once the packages arrive, and settles", () => {
    window.history.replaceState(null, '', '/?practitioner=pr_b');
    const choose = vi.fn();
    const { result, rerender } = renderHook(({ list }) => usePreselect(list, choose), { initialProps: { list: undefined as PublicBookingPackage[] | undefined } });
    expect(result.current).toBe(true);
    expect(choose).not.toHaveBeenCalled();
    rerender({ list: packages });
    expect(choose).toHaveBeenCalledWith({ packageId: 'p2', practitioner: 'pr_b', date: undefined, time: undefined });
    expect(result.current).toBe(false);
    rerender({ list: [...packages] });
    expect(choose).toHaveBeenCalledOnce();
  });

  it('without a link it never hides the form and chooses nothing', () => {
    const choose = vi.fn();
    const { result } = renderHook(() => usePreselect(packages, choose));
    expect(result.current).toBe(false);
    expect(choose).toHaveBeenCalledWith({ packageId: undefined, practitioner: undefined, date: undefined, time: undefined });
  });

  it("chooses a waitlist offer's day and time with its package; a malformed one, or one without a package, is ignored", () => {
    window.history.replaceState(null, '', '/?package=p1&date=2030-01-15&time=10:00');
    const choose = vi.fn();
    renderHook(() => usePreselect(packages, choose));
    expect(choose).toHaveBeenCalledWith({ packageId: 'p1', practitioner: undefined, date: '2030-01-15', time: '10:00' });
    window.history.replaceState(null, '', '/?package=p1&date=15/01/2030&time=10:00');
    const badDate = vi.fn();
    renderHook(() => usePreselect(packages, badDate));
    expect(badDate).toHaveBeenCalledWith({ packageId: 'p1', practitioner: undefined, date: undefined, time: undefined });
    window.history.replaceState(null, '', '/?package=nope&date=2030-01-15&time=10:00');
    const noPackage = vi.fn();
    renderHook(() => usePreselect(packages, noPackage));
    expect(noPackage).toHaveBeenCalledWith({ packageId: undefined, practitioner: undefined, date: undefined, time: undefined });
    window.history.replaceState(null, '', '/');
  });
});

describe('useBookingMonth', () => {
  it("takes the clinic's zone from the first day, moves to the next month when this one is full, and drops a time the day does not offer", async () => {
    const zone = 'Pacific/Auckland';
    mockApi({
      'POST /api/bookings/available-slots': (body) => {
        const date = (body as { date: string }).date;
        return { status: 200, body: { message: 'OK', data: { date, timeZone: zone, timeZoneName: 'New Zealand Time', timeZoneAbbreviation: 'NZT', status: 'open', slotMinutes: 60, region: 'NZ', clinicRegion: null, slots: [{ time: '09:00', startUtc: `${date}T20:00:00.000Z`, label: '9:00', remaining: 1 }] } } };
      },
      'POST /api/bookings/available-days': (body) => {
        const { from, days } = body as { from: string; days: number };
        const start = Date.parse(`${from}T00:00:00Z`);
        return { status: 200, body: { message: 'OK', data: { timeZone: zone, timeZoneName: 'New Zealand Time', days: Array.from({ length: days }, (_, i) => ({ date: new Date(start + i * 86_400_000).toISOString().slice(0, 10), free: 0 })) } } };
      },
    });
    const clearTime = vi.fn();
    const today = todayIn(zone);
    const { result, rerender } = renderHook((p) => useBookingMonth(p), {
      wrapper,
      initialProps: { apiKey: 'pk_key', packageId: 'p1', practitionerId: '', bookingDate: '', bookingTime: '', clearTime },
    });
    await waitFor(() => expect(result.current.zone).toBe(zone));
    expect(result.current.minDate).toBe(today);
    expect(result.current.firstMonth).toBe(today.slice(0, 7));
    // Every day of this month is taken: the view goes on to the next month.
    const next = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1)).toISOString().slice(0, 7);
    await waitFor(() => expect(result.current.noteMonth).toBe(next));
    rerender({ apiKey: 'pk_key', packageId: 'p1', practitionerId: '', bookingDate: today, bookingTime: '10:00', clearTime });
    await waitFor(() => expect(result.current.chosenDay?.date).toBe(today));
    await waitFor(() => expect(clearTime).toHaveBeenCalled());
    act(() => result.current.setMonth(next));
  });
});

describe('useBookingSubmit', () => {
  const values = { packageId: 'p1', firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', phoneNumber: '+12025550123', bookingDate: '2030-01-15', bookingTime: '09:00' };

  it('sends nothing while a field is wrong, and lists what the server refuses under its fields', async () => {
    const calls = mockApi({
      'POST /api/bookings/create-booking': { status: 400, body: { message: 'Invalid', errors: { email: 'Enter a valid email address' } } },
    });
    const setErrors = vi.fn();
    const setSubmitted = vi.fn();
    const event = { preventDefault: vi.fn() } as unknown as React.FormEvent;
    window.scrollTo = vi.fn();
    const { result, rerender } = renderHook((p) => useBookingSubmit(p), { wrapper, initialProps: { apiKey: 'pk_key', values: { ...values, firstName: '' }, practitioner: 'any', practitionerId: '', setErrors, setSubmitted } });
    await act(() => result.current.submit(event));
    expect(setErrors).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: expect.any(String) }));
    expect(calls.some((c) => c.path === '/api/bookings/create-booking')).toBe(false);

    rerender({ apiKey: 'pk_key', values, practitioner: 'any', practitionerId: '', setErrors, setSubmitted });
    await act(() => result.current.submit(event));
    await waitFor(() => expect(setErrors).toHaveBeenLastCalledWith({ email: 'Enter a valid email address' }));
    const sent = calls.find((c) => c.path === '/api/bookings/create-booking');
    expect(sent?.body).toMatchObject({ apiKey: 'pk_key', locale: 'en', bookingDate: '2030-01-15', bookingTime: '09:00' });
    expect(result.current.rootError).toBeUndefined();
    expect(result.current.isSubmitting).toBe(false);
  });
});
