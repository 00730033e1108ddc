// The calendar page's pieces on their own: its header, filters and legend, and the hooks that hold one
// concern each (the first load, the URL, the shaded hours and columns, the team day's drags).
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarKind } from '#shared/calendar/schemas';
import { mockApi, renderRoutes } from '../../testing/render';
import type { CalendarItem, CalendarView } from './api/calendar';
import type { CalendarPractitioner } from './api/practitioners';
import { CalendarFilters } from './components/calendar-filters';
import { CalendarLegend } from './components/calendar-legend';
import { CalendarToolbar } from './components/calendar-toolbar';
import type { TeamColumn } from './components/team-day';
import { useCalendarUrl } from './use-calendar-url';
import { useFirstLoad } from './use-first-load';
import { useTeamDrag } from './use-team-drag';
import { useWorkingHours } from './use-working-hours';

const hours = (start: string, end: string) => ({ monday: [{ start, end }], tuesday: [{ start, end }], wednesday: [{ start, end }], thursday: [{ start, end }], friday: [{ start, end }], saturday: [], sunday: [] });
const person = (id: string, name: string, extra: Partial<CalendarPractitioner> = {}) =>
  ({ id, name, title: 'Physiotherapist', color: '#1c5fb8', weeklyHours: hours('09:00', '12:00'), isActive: true, exceptions: [], packageIds: ['pkg'], ...extra }) as CalendarPractitioner;
const booking = (extra: Partial<CalendarItem> = {}): CalendarItem => ({
  kind: 'booking', id: 'bk1', title: 'Pat · Physio', start: '2030-01-15T09:00:00.000Z', end: '2030-01-15T10:00:00.000Z', date: '2030-01-15', time: '09:00',
  status: 'confirmed', paymentStatus: 'paid', movable: true, packageId: 'pkg', practitionerId: 'pr_ana', practitionerName: 'Ana', ...extra,
});

describe('CalendarToolbar', () => {
  it('names the dates shown, presses the current view, and steps and switches', async () => {
    const onStep = vi.fn();
    const onView = vi.fn();
    render(<CalendarToolbar title="January 2030" view="week" views={['day', 'week', 'month']} narrow={false} onStep={onStep} onView={onView} />);
    expect(screen.getByRole('heading', { name: 'January 2030' })).toBeInTheDocument();
    const views = within(screen.getByRole('group', { name: 'View' })).getAllByRole('button');
    expect(views.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([['Day', 'false'], ['Week', 'true'], ['Month', 'false']]);
    const user = userEvent.setup();
    for (const name of ['Previous', 'Today', 'Next']) await user.click(screen.getByRole('button', { name }));
    expect(onStep.mock.calls).toEqual([['prev'], ['today'], ['next']]);
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(onView).toHaveBeenCalledWith('month');
  });

  it('keeps a named heading before the calendar has named its dates', () => {
    render(<CalendarToolbar title="" view="week" views={['week']} narrow={false} onStep={vi.fn()} onView={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Calendar' })).toBeInTheDocument();
  });
});

describe('CalendarFilters', () => {
  const data = { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', region: 'US', kinds: ['appointment', 'booking'], items: [], truncated: false } as unknown as CalendarView;

  it('offers the kinds, the assignee and the practitioner, and hides a kind when it is unticked', async () => {
    // The box's state is read when the update runs: it is applied at once, as setState would.
    const hiddenAfter: CalendarKind[][] = [];
    const onHidden = (update: (h: CalendarKind[]) => CalendarKind[]) => {
      hiddenAfter.push(update([]));
    };
    const onPractitioner = vi.fn();
    render(
      <CalendarFilters
        data={data} range={{ start: '2030-01-13', end: '2030-01-20' }} isLoading={false} hidden={[]} onHidden={onHidden} assignee="" onAssignee={vi.fn()}
        assignees={[{ userId: 'u1', name: 'Sam' }]} team={[person('pr_ana', 'Ana'), person('pr_old', 'Old', { isActive: false })]} practitionerId="" onPractitioner={onPractitioner}
      />,
    );
    expect(screen.getByTestId('calendar-zone')).toHaveTextContent('Eastern Standard Time (America/New_York)');
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveTextContent('EveryoneNobody yetSam');
    expect(screen.getByRole('combobox', { name: 'Practitioner' })).toHaveTextContent('EveryoneAnaOld (inactive)');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Bookings' }));
    expect(hiddenAfter).toEqual([['booking']]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Practitioner' }), 'pr_ana');
    expect(onPractitioner).toHaveBeenCalledWith('pr_ana');
  });

  it('shows no kind boxes for one kind, no assignee without appointments and no practitioner without a team', () => {
    render(
      <CalendarFilters
        data={{ ...data, kinds: ['booking'] }} range={null} isLoading={false} hidden={[]} onHidden={vi.fn()} assignee="" onAssignee={vi.fn()}
        assignees={[]} team={[]} practitionerId="" onPractitioner={vi.fn()}
      />,
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('calendar-zone')).not.toBeInTheDocument();
  });
});

describe('CalendarLegend', () => {
  it("names the chosen practitioner's hours and the closed shading only when they are shown", () => {
    const { rerender } = render(<CalendarLegend shadesHours chosenName="Dr Ana Ruiz" showsClosed />);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(legend).toHaveTextContent("Outside Dr Ana Ruiz's hours");
    expect(legend).toHaveTextContent('Closed or time off');
    rerender(<CalendarLegend shadesHours showsClosed={false} />);
    expect(legend).toHaveTextContent('Outside working hours');
    expect(legend).not.toHaveTextContent('Closed or time off');
    rerender(<CalendarLegend shadesHours={false} showsClosed={false} />);
    expect(legend).not.toHaveTextContent('Outside');
  });

  it("in the team view says items take their practitioner's colour, not the kinds' (a confirmed booking is not green there)", () => {
    const { rerender } = render(<CalendarLegend shadesHours={false} showsClosed={false} />);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(legend).toHaveTextContent('Booking · confirmed');
    rerender(<CalendarLegend shadesHours={false} showsClosed={false} team />);
    expect(legend).not.toHaveTextContent('Booking · confirmed');
    expect(legend).toHaveTextContent("Confirmed, in its practitioner's colour");
    expect(legend).toHaveTextContent('Appointment · no-show');
  });
});

describe('useFirstLoad', () => {
  it('is loaded once everything is in (and stays so), and ready a frame later once the dates are named', async () => {
    const { result, rerender } = renderHook(({ inNow, title }) => useFirstLoad(inNow, title), { initialProps: { inNow: false, title: '' } });
    expect(result.current).toEqual({ loaded: false, ready: false });
    rerender({ inNow: true, title: '' });
    expect(result.current).toEqual({ loaded: true, ready: false });
    // Without a title the calendar has not laid out its dates yet.
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.ready).toBe(false);
    rerender({ inNow: false, title: 'January 2030' });
    await waitFor(() => expect(result.current).toEqual({ loaded: true, ready: true }));
  });
});

describe('useCalendarUrl', () => {
  it("reads the view and date of the URL, defaults a phone to the list, and keeps what a move does not change", async () => {
    let url: ReturnType<typeof useCalendarUrl> | undefined;
    const Probe = ({ width }: { width: number }) => {
      url = useCalendarUrl(width);
      return <p>{`${url.view} ${url.date ?? '-'}`}</p>;
    };
    const { router } = renderRoutes([{ path: '/calendar', element: <Probe width={1366} /> }], '/calendar?view=month&date=2030-01-15');
    expect(await screen.findByText('month 2030-01-15')).toBeInTheDocument();
    act(() => url!.go({ view: 'day' }));
    expect(await screen.findByText('day 2030-01-15')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=day&date=2030-01-15');
    act(() => url!.go({ date: '2030-02-01' }));
    expect(await screen.findByText('day 2030-02-01')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=day&date=2030-02-01');
    cleanup();

    renderRoutes([{ path: '/calendar', element: <Probe width={390} /> }], '/calendar?view=nonsense&date=not-a-date');
    expect(await screen.findByText('list -')).toBeInTheDocument();
  });
});

describe('useWorkingHours', () => {
  const clinic = { configured: true, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', weeklyHours: hours('08:00', '18:00'), slotMinutes: 45, capacity: 1, closedDates: ['2030-01-16'], minNoticeMinutes: 0, maxDaysAhead: 60, updatedAt: null, updatedBy: null };
  const range = { start: '2030-01-13', end: '2030-01-20' };

  it("shades the chosen practitioner's hours, else anyone's, and gives the clinic a column for items without a practitioner", () => {
    const team = [person('pr_ana', 'Ana'), person('pr_bo', 'Bo', { weeklyHours: hours('13:00', '17:00') }), person('pr_old', 'Old', { isActive: false })];
    const args = { clinic, team, practitionerId: '', teamDate: '2030-01-15', range, shown: [booking(), booking({ id: 'a1', kind: 'appointment', practitionerId: null })] };
    const { result, rerender } = renderHook((p) => useWorkingHours(p), { initialProps: args });
    expect(result.current.activeTeam.map((p) => p.id)).toEqual(['pr_ana', 'pr_bo']);
    expect(result.current.columns.map((c) => c.name)).toEqual(['Ana', 'Bo', 'No practitioner']);
    expect(result.current.columns[0].hours).toEqual([{ start: '09:00', end: '12:00' }]);
    // The clinic's closed dates close every column's day; the clinic's hours are the union's widest.
    expect(result.current.hours?.monday).toEqual([{ start: '08:00', end: '18:00' }, { start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }]);
    expect(result.current.slotMinutes).toBe(45);
    // Practitioners work apart from the clinic's schedule: the main calendar shows no clinic closed date.
    expect(result.current.closed).toEqual([]);

    rerender({ ...args, practitionerId: 'pr_bo' });
    expect(result.current.chosen?.name).toBe('Bo');
    expect(result.current.hours).toEqual(hours('13:00', '17:00'));
    expect(result.current.columns.map((c) => c.name)).toEqual(['Bo']);
  });

  it("shades nothing before hours are known, and shows the clinic's closed dates when it has no team", () => {
    const { result, rerender } = renderHook((p) => useWorkingHours(p), { initialProps: { clinic: undefined as typeof clinic | undefined, team: [] as CalendarPractitioner[], practitionerId: '', teamDate: '2030-01-15', range, shown: [] as CalendarItem[] } });
    expect(result.current.hours).toBeNull();
    expect(result.current.businessHours).toBe(false);
    rerender({ clinic, team: [], practitionerId: '', teamDate: '2030-01-15', range, shown: [] });
    expect(result.current.closed.map((e) => String(e.start).slice(0, 10))).toEqual(['2030-01-16']);
  });
});

describe('useTeamDrag', () => {
  const column = (id: string, name: string): TeamColumn => ({ id, name, title: '', color: '#1c5fb8', packageIds: ['pkg'], hours: null, closed: [] });
  const columns = [column('pr_ana', 'Ana'), column('pr_jonas', 'Jonas')];
  const freeDay = (times: string[]) => ({
    status: 200,
    body: { message: 'OK', data: { date: '2030-01-15', timeZone: 'Europe/Berlin', timeZoneName: 'CET', timeZoneAbbreviation: 'CET', status: 'open', slotMinutes: 30, slots: times.map((time) => ({ time, startUtc: `2030-01-15T${time}:00.000Z`, label: time, remaining: 1 })) } },
  });

  it("marks each taker's free starts while a booking is dragged, asks each once, and forgets them when the drag stops", async () => {
    const calls = mockApi({ 'GET /api/bookings/free-times': (_b, url) => freeDay(url.searchParams.get('practitionerId') === 'pr_jonas' ? ['14:00'] : ['10:00', '10:30']) });
    const { result } = renderHook(() => useTeamDrag({ columns, teamDate: '2030-01-15', timeZone: 'Europe/Berlin', onPending: vi.fn() }));
    act(() => result.current.onDragStart(booking()));
    await waitFor(() => expect(result.current.offered).toEqual(new Map([['pr_ana', ['10:00', '10:30']], ['pr_jonas', ['14:00']]])));
    act(() => result.current.onDragStop());
    expect(result.current.offered).toBeUndefined();
    act(() => result.current.onDragStart(booking()));
    await waitFor(() => expect(result.current.offered?.size).toBe(2));
    expect(calls.filter((c) => c.path === '/api/bookings/free-times')).toHaveLength(2);
  });

  it('snaps a drop to the start offered and hands it on to be confirmed; a time not offered goes back unasked', async () => {
    mockApi({ 'GET /api/bookings/free-times': freeDay(['14:00', '15:00']) });
    const onPending = vi.fn();
    const { result } = renderHook(() => useTeamDrag({ columns, teamDate: '2030-01-15', timeZone: 'Europe/Berlin', onPending }));
    const drop = (time: string) => ({ item: booking(), from: columns[0], to: columns[1], time, place: vi.fn(), revert: vi.fn() });
    const near = drop('14:05');
    await act(() => result.current.onDrop(near));
    expect(near.place).toHaveBeenCalledWith('14:00');
    expect(onPending).toHaveBeenCalledWith(expect.objectContaining({ bookingDate: '2030-01-15', bookingTime: '14:00', practitionerId: 'pr_jonas', practitionerName: 'Jonas', start: '2030-01-15T13:00:00.000Z' }));
    const far = drop('09:00');
    await act(() => result.current.onDrop(far));
    expect(far.revert).toHaveBeenCalledOnce();
    expect(onPending).toHaveBeenCalledOnce();
  });
});
