// The team day's pieces on their own (the whole day is in team-day.test.tsx): the phone's switcher, a
// column's head, what the columns draw (useTeamEvents) and the offered starts while a booking is
// dragged (useOfferedMarks, on a real calendar: jsdom lays out no background events, so the calendar's
// own list of events is read).
import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type RefObject } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarItem } from './api/calendar';
import { PractitionerSwitcher } from './components/practitioner-switcher';
import { TeamColumnHead } from './components/team-column-head';
import type { TeamColumn } from './components/team-day';
import { useOfferedMarks } from './use-offered-marks';
import { useTeamEvents } from './use-team-events';

const item = (id: string, extra: Partial<CalendarItem> = {}): CalendarItem => ({
  kind: 'booking', id, title: `Pat ${id}`, start: '2030-01-15T08:40:00.000Z', end: '2030-01-15T09:30:00.000Z',
  date: '2030-01-15', time: '09:40', status: 'confirmed', paymentStatus: 'paid', movable: true, packageId: 'pkg', ...extra,
});
const column = (id: string, name: string, color: string, extra: Partial<TeamColumn> = {}): TeamColumn => ({
  id, name, title: 'Physiotherapist', color, packageIds: ['pkg'], hours: [{ start: '09:00', end: '17:00' }], closed: [], ...extra,
});
const ana = column('pr_ana', 'Ana Ruiz', '#1f77b4');
const jonas = column('pr_jonas', 'Jonas Weberschneider', '#d62728', {
  hours: null, closed: [{ start: '2030-01-15T12:00:00', end: '2030-01-15T13:00:00', display: 'background', title: 'Lunch off' }],
});

describe('PractitionerSwitcher', () => {
  it('presses the practitioner shown and picks another by id', async () => {
    const onPick = vi.fn();
    render(<PractitionerSwitcher columns={[ana, jonas, column('', 'Not assigned', '#6c757d')]} shownId="pr_ana" onPick={onPick} />);
    const group = screen.getByRole('group', { name: 'Practitioner shown' });
    expect(within(group).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Ana Ruiz', 'true'], ['Jonas Weberschneider', 'false'], ['Not assigned', 'false'],
    ]);
    await userEvent.setup().click(within(group).getByRole('button', { name: 'Not assigned' }));
    expect(onPick).toHaveBeenCalledWith('');
  });
});

describe('TeamColumnHead', () => {
  it("names the practitioner with their title, underlined in their colour, and leaves out a missing title", () => {
    const { container, rerender } = render(<TeamColumnHead column={ana} />);
    expect(container).toHaveTextContent('Ana RuizPhysiotherapist');
    expect(container.firstElementChild).toHaveStyle({ borderBottom: '4px solid #1f77b4' });
    rerender(<TeamColumnHead column={{ ...ana, title: '' }} />);
    expect(container).toHaveTextContent(/^Ana Ruiz$/);
  });
});

describe('useTeamEvents', () => {
  it("lays column i on the date i days on: its closed times, the shade outside its hours, the line now and its items in its colour", () => {
    const items = [item('a', { practitionerId: 'pr_jonas', time: '23:30' }), item('b', { practitionerId: 'pr_ana' }), item('c', { practitionerId: 'pr_cleo' })];
    const { result } = renderHook(() => useTeamEvents([ana, jonas], items, '2030-01-15', '2030-01-15T10:05'));
    const events = result.current;
    // Ana (column 0): shaded before 09:00 and after 17:00, the line at 10:05, her booking in her blue.
    expect(events.filter((e) => e.className === 'calendar-outside')).toEqual([
      expect.objectContaining({ start: '2030-01-15T00:00:00', end: '2030-01-15T09:00:00' }),
      expect.objectContaining({ start: '2030-01-15T17:00:00', end: '2030-01-16T00:00:00' }),
    ]);
    expect(events.filter((e) => e.className === 'calendar-now').map((e) => e.start)).toEqual(['2030-01-15T10:05:00', '2030-01-16T10:05:00']);
    expect(events.find((e) => e.id === 'booking:b')).toMatchObject({ start: '2030-01-15T09:40:00', end: '2030-01-15T10:30:00', color: '#1f77b4', extendedProps: { column: 'pr_ana' } });
    // Jonas (column 1, the next date): his time off moved onto his column, no shade (hours unknown), his
    // late booking kept within his column.
    expect(events).toContainEqual(expect.objectContaining({ title: 'Lunch off', start: '2030-01-16T12:00:00', end: '2030-01-16T13:00:00' }));
    expect(events.find((e) => e.id === 'booking:a')).toMatchObject({ start: '2030-01-16T23:30:00', end: '2030-01-17T00:00:00', color: '#d62728' });
    // An item of nobody shown is not drawn.
    expect(events.find((e) => e.id === 'booking:c')).toBeUndefined();
  });

  it('draws no line on another day than today', () => {
    const { result } = renderHook(() => useTeamEvents([ana], [], '2030-01-15', '2030-01-14T10:05'));
    expect(result.current.some((e) => e.className === 'calendar-now')).toBe(false);
  });
});

describe('useOfferedMarks', () => {
  /** A real calendar holding the marks, as the team day does. */
  function Marked({ offered, calendar }: { offered?: Map<string, string[]>; calendar: RefObject<CalendarRef | null> }) {
    useOfferedMarks(calendar, offered, [ana, jonas], '2030-01-15');
    return <FullCalendar ref={calendar} plugins={[timeGridPlugin]} initialView="timeGridDay" initialDate="2030-01-15" timeZone="UTC" />;
  }
  const marks = (calendar: RefObject<CalendarRef | null>) =>
    calendar.current!.getApi().getEvents().filter((e) => e.className.split(' ').includes('calendar-offered')).map((e) => [e.startStr, e.endStr, e.color]);

  it("marks each column's offered starts, five minutes long in its colour, while a booking is dragged, and clears them after", () => {
    const calendar = createRef<CalendarRef>();
    const { rerender } = render(<Marked calendar={calendar} />);
    expect(marks(calendar)).toEqual([]);
    rerender(<Marked calendar={calendar} offered={new Map([['pr_ana', ['09:00', '23:58']], ['pr_jonas', ['14:00']]])} />);
    // Jonas is column 1: his marks are on the next date.
    expect(marks(calendar)).toEqual([
      ['2030-01-15T09:00:00Z', '2030-01-15T09:05:00Z', '#1f77b4'],
      ['2030-01-15T23:58:00Z', '2030-01-15T23:59:00Z', '#1f77b4'],
      ['2030-01-16T14:00:00Z', '2030-01-16T14:05:00Z', '#d62728'],
    ]);
    rerender(<Marked calendar={calendar} offered={new Map([['pr_jonas', ['15:00']]])} />);
    expect(marks(calendar)).toEqual([['2030-01-16T15:00:00Z', '2030-01-16T15:05:00Z', '#d62728']]);
    rerender(<Marked calendar={calendar} />);
    expect(marks(calendar)).toEqual([]);
  });
});
