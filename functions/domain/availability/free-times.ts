// The free times of one local date in the clinic's time zone, without past times (and the notice),
// closed days or full slots. A hold whose time ran out counts as free (booking that time releases it).
// Shared by the booking page and the patient's reschedule page.
import { addDays, dayBoundsUtc, dayOf, describeInstant } from '#shared/bookings/slots';
import { getAvailability, rulesOf } from '../../data/availability';
import { listHoldsBetween, listSlotCountsBetween, type HoldRecord } from '../../data/holds';

/**
 * Per slot start, the holds whose time ran out: their places count as free (booking that time releases
 * them). A practitioner booking's hold holds that person's time, not a slot's place.
 */
function lapsedBySlot(holds: readonly HoldRecord[], now: Date): Map<string, number> {
  const nowIso = now.toISOString();
  const lapsed = new Map<string, number>();
  for (const h of holds) if (h.holdExpiresAt <= nowIso && !h.practitionerId) lapsed.set(h.startUtc, (lapsed.get(h.startUtc) ?? 0) + 1);
  return lapsed;
}

export async function freeTimes(org: { id: string; timeZone?: string }, date: string, now = new Date()) {
  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  const day = dayOf(rules, date, now);
  const bounds = dayBoundsUtc(date, rules.timeZone)!;
  let slots: { time: string; startUtc: string; endUtc: string; label: string; remaining: number }[] = [];
  if (day.slots.length) {
    const [counts, holds] = await Promise.all([listSlotCountsBetween(org.id, bounds.from, bounds.to), listHoldsBetween(org.id, bounds.from, bounds.to)]);
    const lapsed = lapsedBySlot(holds, now);
    slots = day.slots
      .map((s) => {
        const taken = (counts.get(s.startUtc)?.taken ?? 0) - (lapsed.get(s.startUtc) ?? 0);
        const when = describeInstant(s.startUtc, rules.timeZone);
        return { ...s, label: `${when.time} ${when.zoneAbbreviation}`, remaining: Math.max(0, rules.capacity - taken) };
      })
      .filter((s) => s.remaining > 0);
  }
  // The zone's names as they are on that date (EST or EDT), read at its midday.
  const midday = describeInstant(new Date(Date.parse(bounds.from) + 12 * 3_600_000).toISOString(), rules.timeZone);
  return {
    date,
    timeZone: rules.timeZone,
    timeZoneName: midday.zoneLongName,
    timeZoneAbbreviation: midday.zoneAbbreviation,
    status: day.status === 'open' && slots.length === 0 ? ('full' as const) : day.status,
    slotMinutes: rules.slotMinutes,
    slots,
  };
}

/** How many free times each date of a range has on the clinic-wide schedule (the month view): one read of the range. */
export async function clinicFreeDays(org: { id: string; timeZone?: string }, from: string, days: number, now = new Date()) {
  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  const last = addDays(from, days - 1);
  const range = { from: dayBoundsUtc(from, rules.timeZone)!.from, to: dayBoundsUtc(last, rules.timeZone)!.to };
  const [counts, holds] = await Promise.all([listSlotCountsBetween(org.id, range.from, range.to), listHoldsBetween(org.id, range.from, range.to)]);
  const lapsed = lapsedBySlot(holds, now);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const free = dayOf(rules, date, now).slots.filter((s) => (counts.get(s.startUtc)?.taken ?? 0) - (lapsed.get(s.startUtc) ?? 0) < rules.capacity).length;
    return { date, free };
  });
}
