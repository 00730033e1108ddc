import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalendarItem } from './api/calendar';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { fetchedUrls } from '../../testing/fetched-urls';
import { applyFilters, assigneesOf, businessHoursOf, closedEventsOf, defaultView, gridOf, localOf, lookOf, unionHours, zoneNamesOf } from './lib';
import { CalendarPage } from './routes/calendar';

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const item = (id: string, extra: Partial<CalendarItem> = {}): CalendarItem => ({
  kind: 'booking', id, title: `Pat ${id} · Consultation`, start: '2030-01-15T14:00:00.000Z', end: '2030-01-15T15:00:00.000Z',
  date: '2030-01-15', time: '09:00', status: 'confirmed', paymentStatus: 'paid', movable: true, ...extra,
});
const view = (items: CalendarItem[], kinds: CalendarItem['kind'][] = ['appointment', 'booking']) => ({
  status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', region: 'US', kinds, items, truncated: false } },
});

function render(path: string, answers: Parameters<typeof mockApi>[0], roles = rolesState({ isOwner: true })) {
  saveToken('token');
  const calls = mockApi({ 'GET /api/users/profile': { status: 200, body: { message: 'OK', data: me } }, ...answers });
  const rendered = renderRoutes(
    [
      { path: '/calendar', element: <WithRoles value={roles}><CalendarPage /></WithRoles> },
      { path: '/bookings/booking/:id', element: <h1>Booking page</h1> },
      { path: '/appointments/:id', element: <h1>Appointment page</h1> },
    ],
    path,
  );
  return { ...rendered, calls };
}

const freeDay = (date: string, times: string[], status = 'open') => ({
  status: 200,
  body: {
    message: 'OK',
    data: {
      date, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', timeZoneAbbreviation: 'EST', status, slotMinutes: 45,
      slots: times.map((time) => {
        const [h, m] = time.split(':').map(Number) as [number, number];
        return { time, startUtc: `${date}T${String(h + 5).padStart(2, '0')}:${String(m).padStart(2, '0')}:00.000Z`, label: `${h > 12 ? h - 12 : h}:${String(m).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'} EST`, remaining: 1 };
      }),
    },
  },
});
const week = (hours: { start: string; end: string }) => ({ monday: [hours], tuesday: [hours], wednesday: [hours], thursday: [hours], friday: [hours], saturday: [], sunday: [] });
const availability = (slotMinutes: number, hours: { start: string; end: string }) => ({
  status: 200,
  body: { message: 'OK', data: { configured: true, timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', weeklyHours: week(hours), slotMinutes, capacity: 1, closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 60, updatedAt: null, updatedBy: null } },
});
const practitioners = () => ({
  status: 200,
  body: {
    message: 'OK',
    data: {
      items: [
        { id: 'pr_ana', name: 'Dr Ana Ruiz', title: 'Physiotherapist', color: '#1c5fb8', weeklyHours: week({ start: '09:00', end: '12:00' }), isActive: true, exceptions: [{ date: '2030-01-17', hours: [], note: 'Conference' }] },
        { id: 'pr_bo', name: 'Bo Chen', title: 'Osteopath', color: '#0f7b52', weeklyHours: week({ start: '13:00', end: '17:00' }), isActive: true },
        { id: 'pr_old', name: 'Dr Old', title: '', color: '#6c757d', weeklyHours: week({ start: '09:00', end: '17:00' }), isActive: false },
      ],
    },
  },
});

const calendarUrls = () => fetchedUrls().filter((u) => u.includes('/api/calendar'));

describe('calendar page', { timeout: 20_000 }, () => {
  it('reads the week of the URL, shows the items in the organisation zone with its name, and keeps view and date in the URL', async () => {
    const { user, router } = render('/calendar?view=week&date=2030-01-15', {
      'GET /api/calendar': view([item('a'), item('b', { kind: 'appointment', title: 'Ann Appointment', start: '2030-01-16T15:30:00.000Z', end: null, date: '2030-01-16', time: '10:30', status: 'requested', version: 2 })]),
    });
    expect(await screen.findByText('Pat a · Consultation')).toBeInTheDocument();
    expect(screen.getByText('Ann Appointment')).toBeInTheDocument();
    expect(screen.getByTestId('calendar-zone')).toHaveTextContent('Times in Eastern Standard Time (America/New_York)');
    // The week around 15 January 2030 (Sunday to Sunday), as local dates.
    expect(calendarUrls()[0]).toContain('start=2030-01-13&end=2030-01-20');
    // 9:00 in New York, not the browser's zone.
    expect(screen.getByText('Pat a · Consultation').closest<HTMLElement>('.calendar-event')).toHaveTextContent('9:00');

    // Next: the following week, from its first day.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=week&date=2030-01-20'));
    await waitFor(() => expect(calendarUrls().at(-1)).toContain('start=2030-01-20&end=2030-01-27'));
    await user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=month&date=2030-01-20'));
    await waitFor(() => expect(calendarUrls().at(-1)).toContain('start=2029-12-30&end=2030-02-10'));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    // Back returns to the week.
    await router.navigate(-1);
    await waitFor(() => expect(calendarUrls().at(-1)).toContain('start=2030-01-20&end=2030-01-27'));
  });

  it('filters by kind and by assignee', async () => {
    const { user } = render('/calendar?view=week&date=2030-01-15', {
      'GET /api/calendar': view([
        item('a'),
        item('b', { kind: 'appointment', title: 'Ann Assigned', assignee: { userId: 'u1', name: 'Dr Lee' }, status: 'confirmed' }),
        item('c', { kind: 'appointment', title: 'Nora Nobody', status: 'requested' }),
      ]),
    });
    expect(await screen.findByText('Ann Assigned')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Bookings'));
    await waitFor(() => expect(screen.queryByText('Pat a · Consultation')).not.toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'Dr Lee');
    await waitFor(() => expect(screen.queryByText('Nora Nobody')).not.toBeInTheDocument());
    expect(screen.getByText('Ann Assigned')).toBeInTheDocument();
  });

  it("reads a list day by what it shows: the day's visible date and items, not a date-only label (WCAG 2.5.3)", async () => {
    render('/calendar?view=list&date=2030-01-15', { 'GET /api/calendar': view([item('a')]) });
    const title = await screen.findByText('Pat a · Consultation');
    // The day is the outermost list item holding the booking (the booking is a list item of its own).
    const day = [...document.querySelectorAll<HTMLElement>('[role="listitem"]')].find((li) => li.contains(title))!;
    // FullCalendar 7 labels the day "January 15, 2030" (its items left out of the name): no label, so
    // a screen reader reads the day's own heading and items.
    expect(day).not.toHaveAttribute('aria-label');
    expect(day).toHaveTextContent(/January 15, 2030/);
    expect(day).toHaveTextContent('Pat a · Consultation');
  });

  it("reads a week's day heads by what they show (WCAG 2.5.3), each a link to its day", async () => {
    const { user, router } = render('/calendar?view=week&date=2030-01-15', { 'GET /api/calendar': view([item('a')]) });
    await screen.findByText('Pat a · Consultation');
    const head = document.querySelector<HTMLElement>('.calendar-day-head[data-date="2030-01-15"] [role="link"]')!;
    // FullCalendar 7 labels it "January 15, 2030" while it shows "Tue 15": without the label a link is
    // named by its text.
    expect(head).not.toHaveAttribute('aria-label');
    expect(head).toHaveTextContent(/^Tue (1\/)?15$/);
    await user.click(head);
    await waitFor(() => expect(router.state.location.search).toBe('?view=day&date=2030-01-15'));
  });

  it('opens a booking in a dialog, lists its free times for the chosen date, and moves it there with or without a mail', async () => {
    let moves = 0;
    const freeAsked: string[] = [];
    const { user, calls } = render('/calendar?view=week&date=2030-01-15', {
      'GET /api/calendar': view([item('a', { practitionerId: 'pr_ana', practitionerName: 'Dr Ana Ruiz' })]),
      'GET /api/bookings/booking/a': { status: 200, body: { message: 'OK', data: { id: 'a', packageId: 'pkg_1' } } },
      'GET /api/bookings/free-times': (_b, url) => {
        freeAsked.push(url.search);
        return url.searchParams.get('date') === '2030-01-15' ? freeDay('2030-01-15', ['09:00', '11:00', '11:45']) : freeDay(url.searchParams.get('date')!, [], 'closed-weekday');
      },
      'POST /api/bookings/booking/a/move': () => (++moves === 1 ? { status: 409, body: { message: 'That time is full. Please choose another time.' } } : { status: 200, body: { message: 'Booking moved.', data: {} } }),
    });
    await user.click(await screen.findByText('Pat a · Consultation · Dr Ana Ruiz'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Booking · confirmed')).toBeInTheDocument();
    expect(within(dialog).getByText('With: Dr Ana Ruiz')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open booking' })).toHaveAttribute('href', '/bookings/booking/a');
    // The free times of its package and practitioner, without the time it is at already.
    const times = within(await within(dialog).findByRole('group', { name: 'Free times (EST)' })).getAllByRole('radio');
    expect(times.map((t) => t.closest('div')!.textContent)).toEqual(['11:00 AM', '11:45 AM']);
    // The booking's own time counts as free for its move (bookingId).
    expect(freeAsked[0]).toBe('?packageId=pkg_1&date=2030-01-15&practitionerId=pr_ana&bookingId=a');
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();

    // Another date: none free, and why.
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2030-01-19');
    expect(await within(dialog).findByText('No bookings are taken on that weekday.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '2030-01-15');

    await user.click(await within(dialog).findByRole('radio', { name: '11:45 AM' }));
    expect(within(dialog).getByLabelText('Email the patient the new time')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That time is full. Please choose another time.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ bookingDate: '2030-01-15', bookingTime: '11:45', notify: true });
    // The second try without the mail.
    await user.click(within(dialog).getByLabelText('Email the patient the new time'));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ bookingDate: '2030-01-15', bookingTime: '11:45', notify: false });
  });

  it('moves an appointment in its dialog to any date and time, with its version', async () => {
    const { user, calls } = render('/calendar?view=week&date=2030-01-15', {
      'GET /api/calendar': view([item('b', { kind: 'appointment', title: 'Ann Appointment', end: null, status: 'requested', version: 3 })]),
      'PATCH /api/appointments/b/reschedule': { status: 200, body: { message: 'Moved.', data: {} } },
    });
    await user.click(await screen.findByText('Ann Appointment'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Email the patient the new time')).not.toBeInTheDocument();
    const time = within(dialog).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '10:20');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ bookingDate: '2030-01-15', bookingTime: '10:20', version: 3 });
  });

  it("lays the grid on the clinic's slots and shades the hours outside the clinic's or the chosen practitioner's", async () => {
    const { user } = render('/calendar?view=week&date=2030-01-15', {
      'GET /api/calendar': view([item('a', { practitionerId: 'pr_ana', practitionerName: 'Dr Ana Ruiz' })]),
      'GET /api/bookings/availability': availability(45, { start: '09:00', end: '17:00' }),
      'GET /api/practitioners': practitioners(),
    });
    expect(await screen.findByText('Outside working hours')).toBeInTheDocument();
    // 45-minute lines from the opening: every line a bookable start.
    await waitFor(() => expect(document.querySelector('div.calendar-slot[data-time="09:45:00"]')).not.toBeNull());
    expect(document.querySelector('div.calendar-slot[data-time="09:30:00"]')).toBeNull();
    expect(document.querySelector('div.calendar-slot[data-time="10:30:00"]')).not.toBeNull();
    // (The shading itself needs the browser's layout; businessHoursOf is checked below.)

    await user.selectOptions(screen.getByLabelText('Practitioner'), 'Dr Ana Ruiz');
    expect(await screen.findByText("Outside Dr Ana Ruiz's hours")).toBeInTheDocument();
    await waitFor(() => expect(calendarUrls().at(-1)).toContain('practitionerId=pr_ana'));
    expect(screen.getByRole('option', { name: 'Dr Old (inactive)' })).toBeInTheDocument();
  });

  it("shows the team's day: one column per active practitioner and one for the rest, on one date that moves", async () => {
    const { user, router } = render('/calendar?view=team&date=2030-01-15', {
      'GET /api/calendar': view([
        item('a', { practitionerId: 'pr_ana', practitionerName: 'Dr Ana Ruiz' }),
        item('b', { practitionerId: 'pr_bo', practitionerName: 'Bo Chen', start: '2030-01-15T16:00:00.000Z', end: '2030-01-15T16:45:00.000Z', time: '11:00' }),
        item('c', { kind: 'appointment', title: 'Ann Appointment', end: null, status: 'requested', version: 1 }),
      ]),
      'GET /api/bookings/availability': availability(45, { start: '09:00', end: '17:00' }),
      'GET /api/practitioners': practitioners(),
    });
    // Each column is a grid cell named after its practitioner (one grid, one axis).
    const ana = await screen.findByRole('cell', { name: 'Dr Ana Ruiz' });
    expect(await within(ana).findByText('Pat a · Consultation')).toBeInTheDocument();
    const bo = screen.getByRole('cell', { name: 'Bo Chen' });
    expect(within(bo).getByText('Pat b · Consultation')).toBeInTheDocument();
    expect(within(bo).queryByText('Pat a · Consultation')).not.toBeInTheDocument();
    expect(within(screen.getByRole('cell', { name: 'No practitioner' })).getByText('Ann Appointment')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Dr Old' })).not.toBeInTheDocument();
    // Three named columns and nothing else: no empty column between two practitioners.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Dr Ana RuizPhysiotherapist', 'Bo ChenOsteopath', 'No practitionerClinic-wide']);
    expect(screen.getByRole('heading', { name: 'Tuesday, January 15, 2030' })).toBeInTheDocument();
    expect(calendarUrls()[0]).toContain('start=2030-01-15&end=2030-01-16');
    // Hours on the axis and lines every 15 minutes, whatever the clinic's 45-minute slots; from an hour
    // before the earliest working hour (Ana's 09:00) to an hour after the latest (Bo's 17:00).
    expect([...document.querySelectorAll('div.calendar-slot[data-time]')].map((el) => el.getAttribute('data-time')).slice(0, 5)).toEqual(['08:00:00', '08:15:00', '08:30:00', '08:45:00', '09:00:00']);
    expect([...document.querySelectorAll('div.calendar-slot-label[data-time]')].map((el) => el.getAttribute('data-time')).slice(0, 2)).toEqual(['08:00:00', '09:00:00']);
    expect(document.querySelector('div.calendar-slot-label[data-time="08:00:00"]')).toHaveTextContent(/8/);
    expect(document.querySelector('div.calendar-slot[data-time="17:45:00"]')).not.toBeNull();
    expect(document.querySelector('div.calendar-slot[data-time="18:00:00"]')).toBeNull();
    // Items in their practitioner's colour (a confirmed one filled with it).
    const colourOf = (el: HTMLElement) => el.closest<HTMLElement>('.calendar-event')!.style.getPropertyValue('--fc-event-color');
    expect(colourOf(within(ana).getByText('Pat a · Consultation'))).toBe('#1c5fb8');
    expect(colourOf(within(bo).getByText('Pat b · Consultation'))).toBe('#0f7b52');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=team&date=2030-01-16'));
    await waitFor(() => expect(calendarUrls().at(-1)).toContain('start=2030-01-16&end=2030-01-17'));
    // One practitioner chosen: only their column.
    await user.selectOptions(screen.getByLabelText('Practitioner'), 'Bo Chen');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Dr Ana Ruiz' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Bo Chen' })).toBeInTheDocument();
  });

  it('names the zone for the dates shown: a November month view from October, and its weeks', async () => {
    const { user } = render('/calendar?view=month&date=2025-11-15', {
      'GET /api/calendar': { status: 200, body: { message: 'OK', data: { timeZone: 'America/Los_Angeles', timeZoneName: 'Pacific Daylight Time', region: 'US', kinds: ['booking'], items: [], truncated: false } } },
    });
    // The grid starts on Sunday 26 October (daylight time); the clocks go back on Sunday 2 November.
    expect(await screen.findByTestId('calendar-zone')).toHaveTextContent('Times in Pacific Daylight Time, then Pacific Standard Time from Sun, Nov 2 (America/Los_Angeles)');
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(screen.getByTestId('calendar-zone')).toHaveTextContent(/^Times in Pacific Standard Time \(America\/Los_Angeles\)$/));
  });

  it('fits a week into 390 px: each day header is its weekday over its date', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      render('/calendar?view=week&date=2030-01-15', { 'GET /api/calendar': view([item('a')]) });
      await screen.findByText('Pat a · Consultation');
      const headers = [...document.querySelectorAll('div.calendar-day-head')].map((head) => [...head.querySelectorAll('span.d-block > span')].map((s) => s.textContent));
      expect(headers).toEqual([['Sun'], ['Mon'], ['Tue'], ['Wed'], ['Thu'], ['Fri'], ['Sat']]);
      expect([...document.querySelectorAll('div.calendar-day-head')].map((head) => head.textContent)).toEqual(['Sun13', 'Mon14', 'Tue15', 'Wed16', 'Thu17', 'Fri18', 'Sat19']);
    } finally {
      window.innerWidth = width;
    }
  });

  it('offers no move to a member who may only read, and shows only the kinds they may read', async () => {
    const { user } = render('/calendar?view=week&date=2030-01-15', { 'GET /api/calendar': view([item('a', { movable: false })], ['booking']) }, rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true })] }));
    await user.click(await screen.findByText('Pat a · Consultation'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Assigned to')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Appointments')).not.toBeInTheDocument();
  });

  it('renders a week of 500 items', async () => {
    const many = Array.from({ length: 500 }, (_, i) => {
      const start = new Date(Date.UTC(2030, 0, 13 + (i % 7), 13 + (i % 9), (i % 4) * 15));
      return item(`m${i}`, { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() });
    });
    const started = performance.now();
    render('/calendar?view=week&date=2030-01-15', { 'GET /api/calendar': view(many, ['booking']) });
    expect(await screen.findByText('Pat m0 · Consultation')).toBeInTheDocument();
    // Every item is shown or counted in its slot's "+N" link (at most three side by side, eventMaxStack).
    const counted = [...document.querySelectorAll('.calendar-more')].reduce((n, more) => n + Number(/\+(\d+)/.exec(more.textContent ?? '')?.[1] ?? 0), 0);
    expect(document.querySelectorAll('.calendar-event').length + counted).toBe(500);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('calendar helpers', () => {
  it('looks, filters and local times', () => {
    expect(lookOf({ kind: 'booking', status: 'held' }).label).toBe('Booking · awaiting payment');
    expect(lookOf({ kind: 'appointment', status: 'confirmed' }).background).toBe('#1c5fb8');
    expect(localOf('2030-03-10T03:30:00-04:00')).toEqual({ date: '2030-03-10', time: '03:30' });
    expect(defaultView(390)).toBe('list');
    expect(defaultView(1280)).toBe('week');
    const items = [item('a'), item('b', { kind: 'appointment', assignee: { userId: 'u1', name: 'Zed' } }), item('c', { kind: 'appointment' })];
    expect(applyFilters(items, { kinds: ['appointment', 'booking'], assignee: '-' }).map((i) => i.id)).toEqual(['c']);
    expect(applyFilters(items, { kinds: ['booking'], assignee: '' }).map((i) => i.id)).toEqual(['a']);
    expect(assigneesOf(items)).toEqual([{ userId: 'u1', name: 'Zed' }]);
    expect(applyFilters([item('a', { practitionerId: 'p1' }), item('b', { practitionerId: null })], { kinds: ['booking'], assignee: '', practitionerId: 'p1' }).map((i) => i.id)).toEqual(['a']);
  });

  it('hours, grid and zone names', () => {
    const hours = { monday: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }], sunday: [{ start: '10:00', end: '14:00' }] };
    expect(businessHoursOf(hours)).toEqual([
      { daysOfWeek: [1], startTime: '09:00', endTime: '12:00' },
      { daysOfWeek: [1], startTime: '13:00', endTime: '17:00' },
      { daysOfWeek: [0], startTime: '10:00', endTime: '14:00' },
    ]);
    expect(unionHours([{ monday: [{ start: '09:00', end: '12:00' }] }, { monday: [{ start: '14:00', end: '18:00' }], friday: [] }]).monday).toEqual([{ start: '09:00', end: '12:00' }, { start: '14:00', end: '18:00' }]);
    // 45-minute slots from 09:30: lines on 09:30 and every 45 minutes either side, reaching 06:00 and 22:00.
    expect(gridOf(45, { monday: [{ start: '09:30', end: '17:00' }] })).toEqual({ slotDuration: '00:45', slotMinTime: '05:45', slotMaxTime: '22:15', scrollTime: '08:30' });
    expect(gridOf(60, { monday: [{ start: '00:00', end: '24:00' }] })).toMatchObject({ slotMinTime: '00:00', slotMaxTime: '24:00' });
    expect(gridOf(30, undefined)).toMatchObject({ slotDuration: '00:30', slotMinTime: '06:00', slotMaxTime: '22:00' });
    // Time off fills its day; other hours leave their gaps closed; dates outside the range are left out.
    expect(closedEventsOf({ start: '2030-01-13', end: '2030-01-20' }, {
      closedDates: ['2030-01-14', '2030-01-25'],
      exceptions: [{ date: '2030-01-15', hours: [], note: '' }, { date: '2030-01-16', hours: [{ start: '13:00', end: '15:00' }, { start: '09:00', end: '11:00' }], note: 'Training' }],
    }).map(({ start, end, title }) => [start, end, title])).toEqual([
      ['2030-01-14T00:00:00', '2030-01-15T00:00:00', 'Closed'],
      ['2030-01-15T00:00:00', '2030-01-16T00:00:00', 'Time off'],
      ['2030-01-16T00:00:00', '2030-01-16T09:00:00', 'Training'],
      ['2030-01-16T11:00:00', '2030-01-16T13:00:00', 'Training'],
      ['2030-01-16T15:00:00', '2030-01-17T00:00:00', 'Training'],
    ]);
    expect(zoneNamesOf('America/New_York', '2030-03-09', '2030-03-12')).toEqual([{ name: 'Eastern Standard Time', from: '2030-03-09' }, { name: 'Eastern Daylight Time', from: '2030-03-10' }]);
    expect(zoneNamesOf('Europe/Berlin', '2030-01-01', '2030-01-08')).toEqual([{ name: 'Central European Standard Time', from: '2030-01-01' }]);
  });
});
