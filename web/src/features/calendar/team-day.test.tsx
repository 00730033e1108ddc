import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarItem } from './api/calendar';
import { TeamDay, type TeamColumn } from './components/team-day';
import { colourLook, decideDrop, hoursOn, snapToOffered, teamAxis, textOn } from './team';
import type { FreeDay } from './api/free-times';

const item = (id: string, extra: Partial<CalendarItem> = {}): CalendarItem => ({
  kind: 'booking', id, title: `Pat ${id} · Physio`, start: '2030-01-15T08:40:00.000Z', end: '2030-01-15T09:30:00.000Z',
  date: '2030-01-15', time: '09:40', status: 'confirmed', paymentStatus: 'paid', movable: true, packageId: 'pkg_physio', ...extra,
});
const column = (id: string, name: string, color: string, extra: Partial<TeamColumn> = {}): TeamColumn => ({
  id, name, title: 'Physiotherapist', color, packageIds: ['pkg_physio'], hours: [{ start: '13:30', end: '18:00' }], closed: [], ...extra,
});
const ana = column('pr_ana', 'Ana Ruiz', '#1f77b4', { hours: [{ start: '08:00', end: '12:00' }, { start: '13:30', end: '18:00' }] });
const jonas = column('pr_jonas', 'Jonas Weberschneider', '#d62728');
const cleo = column('pr_cleo', 'Cleo Diaz', '#2ca02c', { packageIds: [] });

const freeDay = (times: string[], status: FreeDay['status'] = 'open'): FreeDay => ({
  date: '2030-01-15', timeZone: 'Europe/Berlin', timeZoneName: 'Central European Standard Time', timeZoneAbbreviation: 'CET', status, slotMinutes: 50,
  slots: times.map((time) => ({ time, startUtc: `2030-01-15T${time}:00.000Z`, label: time, remaining: 1 })),
} as FreeDay);

describe("the team's day", () => {
  it('on a phone shows one practitioner at a time, with a switcher of their full names', async () => {
    const user = userEvent.setup();
    const items = [item('a', { practitionerId: 'pr_jonas' }), item('b', { practitionerId: 'pr_ana', time: '10:30' })];
    render(<TeamDay date="2030-01-15" columns={[ana, jonas]} items={items} narrow onItemClick={vi.fn()} onDrop={vi.fn()} />);
    const switcher = screen.getByRole('group', { name: 'Practitioner shown' });
    // Full names, not cut.
    expect(within(switcher).getAllByRole('button').map((b) => b.textContent)).toEqual(['Ana Ruiz', 'Jonas Weberschneider']);
    // The first with something that day is shown: Ana (her booking) and only her column.
    expect(within(switcher).getByRole('button', { name: 'Ana Ruiz' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('cell').filter((c) => c.hasAttribute('aria-label')).map((c) => c.getAttribute('aria-label'))).toEqual(['Ana Ruiz']);
    expect(within(screen.getByRole('cell', { name: 'Ana Ruiz' })).getByText('Pat b · Physio')).toBeInTheDocument();
    await user.click(within(switcher).getByRole('button', { name: 'Jonas Weberschneider' }));
    expect(within(switcher).getByRole('button', { name: 'Jonas Weberschneider' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('cell').filter((c) => c.hasAttribute('aria-label')).map((c) => c.getAttribute('aria-label'))).toEqual(['Jonas Weberschneider']);
    expect(within(screen.getByRole('cell', { name: 'Jonas Weberschneider' })).getByText('Pat a · Physio')).toBeInTheDocument();
    expect(screen.getByRole('columnheader')).toHaveTextContent('Jonas WeberschneiderPhysiotherapist');
  });

  it('on a wide screen shows every column side by side, in its colour, with no switcher', () => {
    render(<TeamDay date="2030-01-15" columns={[ana, jonas]} items={[item('a', { practitionerId: 'pr_jonas', status: 'held', paymentStatus: 'pending' })]} narrow={false} onItemClick={vi.fn()} onDrop={vi.fn()} />);
    expect(screen.queryByRole('group', { name: 'Practitioner shown' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('cell').filter((c) => c.hasAttribute('aria-label')).map((c) => c.getAttribute('aria-label'))).toEqual(['Ana Ruiz', 'Jonas Weberschneider']);
    // A booking awaiting payment: a tint of Jonas's red with his red border.
    const held = within(screen.getByRole('cell', { name: 'Jonas Weberschneider' })).getByText('Pat a · Physio').closest<HTMLElement>('.calendar-event')!;
    expect(held.style.getPropertyValue('--calendar-event-border')).toBe('#d62728');
  });
});

describe('where a drop on the team day lands', () => {
  const booking = item('a', { practitionerId: 'pr_ana' });
  // Jonas's afternoon on a 50-minute grid from 13:30 (the clinic's own slots would be 05:40, 06:30, ...).
  const jonasFree = freeDay(['13:30', '14:20', '15:10', '16:00']);

  it("snaps to the nearest start the practitioner offers, handing the booking to the column's practitioner", () => {
    expect(decideDrop(booking, ana, jonas, '14:25', jonasFree)).toEqual({ ok: true, time: '14:20', practitionerId: 'pr_jonas', practitionerName: 'Jonas Weberschneider' });
    expect(decideDrop(booking, ana, jonas, '15:05', jonasFree)).toEqual({ ok: true, time: '15:10', practitionerId: 'pr_jonas', practitionerName: 'Jonas Weberschneider' });
    // Its own column: no handover.
    expect(decideDrop(booking, ana, ana, '13:35', freeDay(['13:30', '14:20']))).toEqual({ ok: true, time: '13:30' });
    // The free times are asked for first.
    expect(decideDrop(booking, ana, jonas, '14:25')).toEqual({ ok: 'ask', practitionerId: 'pr_jonas' });
  });

  it('refuses a time not offered, saying which are near, and a practitioner who does not offer the package, before anything is asked', () => {
    const refused = decideDrop(booking, ana, jonas, '14:50', jonasFree);
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/^Jonas Weberschneider does not offer 2:50\sPM for this booking\. Free times nearby: 2:20\sPM, 3:10\sPM, 4:00\sPM\. Nothing was moved\.$/) });
    expect(decideDrop(booking, ana, jonas, '10:00', freeDay([], 'full'))).toEqual({ ok: false, message: expect.stringMatching(/does not offer 10:00\sAM for this booking\. Every time that day is taken\./) });
    expect(decideDrop(booking, ana, cleo, '14:20')).toEqual({ ok: false, message: "Cleo Diaz does not offer this booking's package. Nothing was moved." });
    // Its own time is no move; an appointment keeps its practitioner.
    expect(decideDrop(booking, ana, ana, '09:40', freeDay(['09:40'])).ok).toBe(false);
    expect(decideDrop(item('c', { kind: 'appointment', practitionerId: 'pr_ana' }), ana, jonas, '14:20').ok).toBe(false);
    expect(decideDrop(item('c', { kind: 'appointment', practitionerId: 'pr_ana' }), ana, ana, '14:05')).toEqual({ ok: true, time: '14:05' });
  });

  it('helpers: snapping, hours on a date, the axis and readable colours', () => {
    expect(snapToOffered(['14:20', '15:10'], '14:45')).toBeUndefined();
    expect(snapToOffered(['14:20', '14:30'], '14:25')).toBe('14:20');
    expect(hoursOn('2030-01-15', { tuesday: [{ start: '09:00', end: '12:00' }] })).toEqual([{ start: '09:00', end: '12:00' }]);
    expect(hoursOn('2030-01-15', { tuesday: [{ start: '09:00', end: '12:00' }] }, [{ date: '2030-01-15', hours: [], note: 'Off' }])).toEqual([]);
    expect(teamAxis([[{ start: '09:30', end: '17:10' }]], [{ time: '07:50', minutes: 50 }])).toEqual({ slotMinTime: '06:00', slotMaxTime: '19:00' });
    expect(teamAxis([], [])).toEqual({ slotMinTime: '08:00', slotMaxTime: '18:00' });
    expect(textOn('#1f77b4')).toBe('#ffffff');
    expect(textOn('#ffdd57')).toBe('#1b1f23');
    expect(colourLook({ kind: 'booking', status: 'confirmed' }, '#d62728')).toEqual({ background: '#d62728', border: '#d62728', text: '#ffffff' });
  });
});
