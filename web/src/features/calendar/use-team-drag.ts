// The team day's drags and drops: each booking's free starts per practitioner on the day shown, asked
// once (when its drag starts, or at its drop) and forgotten when anything moves; while a booking is
// dragged, the starts each column offers it; a drop decided by team.ts decideDrop (snapped to an offered
// start, or put back with the reason), then handed to `onPending` to be confirmed.
import { useRef, useState } from 'react';
import { localToUtc } from '#shared/bookings/slots';
import { api } from '../../lib/api';
import { notify } from '../../lib/notify';
import type { CalendarItem } from './api/calendar';
import type { FreeDay } from './api/free-times';
import type { PendingMove } from './components/confirm-move';
import type { TeamColumn, TeamDrop } from './components/team-day';
import { decideDrop } from './team';

export function useTeamDrag({ columns, teamDate, timeZone, onPending }: {
  columns: TeamColumn[];
  teamDate: string;
  /** The clinic's zone (the drop's local time is in it). */
  timeZone: string;
  onPending: (move: PendingMove & { revert: () => void }) => void;
}) {
  const freeAsked = useRef(new Map<string, Promise<FreeDay | undefined>>());
  const freeFor = (item: CalendarItem, practitionerId: string | undefined) => {
    const key = `${item.id}|${teamDate}|${practitionerId ?? ''}`;
    let asked = freeAsked.current.get(key);
    if (!asked) {
      asked = api.get('/bookings/free-times', { query: { packageId: item.packageId, date: teamDate, practitionerId, bookingId: item.id } }).then((r) => (r.success ? r.data.data : undefined));
      freeAsked.current.set(key, asked);
    }
    return asked;
  };
  const [offered, setOffered] = useState<Map<string, string[]>>();
  const dragging = useRef<string | null>(null);
  const onDragStart = (item: CalendarItem) => {
    dragging.current = item.id;
    if (item.kind !== 'booking' || !item.packageId) return;
    // Where it may land: its own practitioner's starts and those of everyone who offers its package.
    const takers = columns.filter((c) => (item.practitionerId ? c.id && (c.id === item.practitionerId || c.packageIds?.includes(item.packageId!)) : !c.id));
    void Promise.all(takers.map(async (c) => [c.id, (await freeFor(item, c.id || undefined))?.slots.map((s) => s.time) ?? []] as const)).then((found) => {
      if (dragging.current === item.id) setOffered(new Map(found));
    });
  };
  const onDragStop = () => {
    dragging.current = null;
    setOffered(undefined);
  };
  const onDrop = async (drop: TeamDrop) => {
    const { item, from, to } = drop;
    let decision = decideDrop(item, from, to, drop.time);
    if (decision.ok === 'ask') {
      const free = await freeFor(item, decision.practitionerId);
      if (!free) {
        freeAsked.current.clear();
        drop.revert();
        notify.error('The free times could not be loaded. Nothing was moved; please try again.');
        return;
      }
      decision = decideDrop(item, from, to, drop.time, free);
    }
    if (decision.ok !== true) {
      drop.revert();
      if (decision.ok === false) notify.error(decision.message, { autoClose: 8000 });
      return;
    }
    if (decision.time !== drop.time) drop.place(decision.time);
    onPending({
      item, bookingDate: teamDate, bookingTime: decision.time, start: localToUtc(teamDate, decision.time, timeZone) ?? item.start,
      ...(decision.practitionerId ? { practitionerId: decision.practitionerId, practitionerName: decision.practitionerName } : {}),
      revert: drop.revert,
    });
  };
  /** Forgets the free times asked (after a move they changed). */
  const forget = () => freeAsked.current.clear();
  return { offered, onDragStart, onDragStop, onDrop, forget };
}
