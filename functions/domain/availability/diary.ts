// Domain: availability. The practitioners' diaries of a package (diary) and the free times of a day
// (free-times): read by the booking page (availability/), the staff's and the patient's moves (bookings/,
// manage/) and the choice of practitioner.
//
// The practitioners' diaries of a package (issue 25, docs/practitioners.md): who offers it, the
// timing it takes (the package's own, or the clinic's), and each practitioner's taken time read from
// the same 5-minute blocks the writes take. A hold whose time ran out still holds its blocks until it
// is released (the next booking that needs them releases it); reads count its time as free.
import { addDays, dayBoundsUtc, describeInstant, type AvailabilityRules } from '#shared/bookings/slots';
import { PRACTITIONER_MESSAGES } from '#shared/bookings/practitioner-messages';
import { badRequest } from '#lib/errors';
import { oneGrid, practitionerDay, type PractitionerSlot, type ServiceTiming } from '#shared/bookings/practitioner-times';
import type { BookingPackageRecord } from '../../data/booking-packages';
import { listHoldsBetween } from '../../data/holds';
import { listPractitioners, takenBlocks, type PractitionerRecord } from '../../data/practitioners';

/** The timing a package takes: its own, else the clinic-wide schedule's. */
export function timingOf(pkg: BookingPackageRecord, rules: AvailabilityRules): ServiceTiming {
  const durationMinutes = pkg.durationMinutes ?? rules.slotMinutes;
  return {
    durationMinutes,
    bufferBeforeMinutes: pkg.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: pkg.bufferAfterMinutes ?? 0,
    gridMinutes: pkg.slotGridMinutes ?? null,
    minNoticeMinutes: pkg.minNoticeMinutes ?? rules.minNoticeMinutes,
    maxDaysAhead: pkg.maxDaysAhead ?? rules.maxDaysAhead,
  };
}

/** The timing of a booking made already: its own length and buffers, its package's grid and limits. */
export function bookingTiming(b: { durationMinutes: number; bufferBeforeMinutes?: number; bufferAfterMinutes?: number }, pkg: BookingPackageRecord | undefined, rules: AvailabilityRules): ServiceTiming {
  const base = pkg ? timingOf(pkg, rules) : { gridMinutes: null, minNoticeMinutes: rules.minNoticeMinutes, maxDaysAhead: rules.maxDaysAhead };
  return { ...base, durationMinutes: b.durationMinutes, bufferBeforeMinutes: b.bufferBeforeMinutes ?? 0, bufferAfterMinutes: b.bufferAfterMinutes ?? 0 };
}

/** Whether a package is booked with a practitioner (else: the clinic-wide schedule and its capacity). */
export const usesPractitioners = (pkg: BookingPackageRecord) => (pkg.practitionerIds?.length ?? 0) > 0;

/**
 * How long a booking of the package lasts: its own duration when practitioners offer it; on the
 * clinic-wide schedule one of the clinic's slots, whatever duration the package has stored (that
 * schedule books slots, as before practitioners: docs/practitioners.md).
 */
export const bookedMinutes = (pkg: BookingPackageRecord, rules: AvailabilityRules) => (usesPractitioners(pkg) ? timingOf(pkg, rules).durationMinutes : rules.slotMinutes);

/** The active practitioners offering a package, by name (the order the booking page lists them in). */
export async function offeringPractitioners(orgId: string, pkg: BookingPackageRecord): Promise<PractitionerRecord[]> {
  const ids = new Set(pkg.practitionerIds ?? []);
  return (await listPractitioners(orgId)).filter((p) => p.isActive && ids.has(p.id)).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * Reads each practitioner's taken blocks over [fromMs, toMs), less those of holds whose time ran out
 * and those of `exceptOwner` (a booking being moved may move onto part of its own time).
 */
export async function readTaken(orgId: string, practitioners: readonly PractitionerRecord[], fromMs: number, toMs: number, now = new Date(), exceptOwner?: string): Promise<Map<string, Set<number>>> {
  const day = 86_400_000;
  const [holds, ...blocks] = await Promise.all([
    listHoldsBetween(orgId, new Date(fromMs - day).toISOString(), new Date(toMs + day).toISOString()),
    ...practitioners.map((p) => takenBlocks(orgId, p.id, fromMs, toMs)),
  ]);
  const nowIso = now.toISOString();
  const lapsed = new Set(holds.filter((h) => h.holdExpiresAt <= nowIso).map((h) => `booking:${h.bookingId}`));
  if (exceptOwner) lapsed.add(exceptOwner);
  return new Map(practitioners.map((p, i) => [p.id, new Set(blocks[i].filter((b) => !lapsed.has(b.owner)).map((b) => b.startMs))]));
}

/** The instants a run of local dates covers, widened by the longest buffer so edge blocks are read. */
export function rangeOf(fromDate: string, toDate: string, timeZone: string, timing: ServiceTiming) {
  const pad = (timing.bufferBeforeMinutes + timing.bufferAfterMinutes + timing.durationMinutes) * 60_000;
  return { fromMs: Date.parse(dayBoundsUtc(fromDate, timeZone)!.from) - pad, toMs: Date.parse(dayBoundsUtc(toDate, timeZone)!.to) + pad };
}

export interface DiaryDay {
  status: 'open' | 'full' | 'closed-date' | 'closed-weekday' | 'past' | 'too-far' | 'invalid';
  /** Each free start time with the practitioners free then, in start order. */
  slots: (PractitionerSlot & { practitionerIds: string[] })[];
}

/**
 * A date's free times over several practitioners (one, or "anyone"): with who is free when. Several
 * are offered as one grid (practitioner-times.ts oneGrid), each time listing those whose own grid has
 * it; `union` keeps every practitioner's starts (why a time not offered was offered a moment ago).
 */
export function diaryDay(
  date: string,
  rules: AvailabilityRules,
  timing: ServiceTiming,
  practitioners: readonly PractitionerRecord[],
  taken: Map<string, Set<number>>,
  now: Date,
  { union = false } = {},
): DiaryDay {
  const byStart = new Map<string, PractitionerSlot & { practitionerIds: string[] }>();
  const order: DiaryDay['status'][] = ['open', 'full', 'past', 'closed-date', 'closed-weekday', 'too-far', 'invalid'];
  let status: DiaryDay['status'] = 'invalid';
  for (const p of practitioners) {
    const day = practitionerDay({ date, timeZone: rules.timeZone, hours: p, timing, closedDates: rules.closedDates, taken: taken.get(p.id) ?? new Set(), now });
    if (order.indexOf(day.status) < order.indexOf(status)) status = day.status;
    for (const s of day.slots) {
      const slot = byStart.get(s.startUtc) ?? { ...s, practitionerIds: [] };
      slot.practitionerIds.push(p.id);
      byStart.set(s.startUtc, slot);
    }
  }
  if (!practitioners.length) status = 'closed-weekday';
  // ISO instants of one format order as plain strings (localeCompare costs an ICU collation per pair).
  const slots = [...byStart.values()].sort((a, b) => (a.startUtc < b.startUtc ? -1 : a.startUtc > b.startUtc ? 1 : 0));
  return { status, slots: practitioners.length > 1 && !union ? oneGrid(slots, timing) : slots };
}

/** The answer of available-slots (and the staff's free-times) for a practitioner package. */
export function freeDayView(date: string, rules: AvailabilityRules, timing: ServiceTiming, day: DiaryDay) {
  const bounds = dayBoundsUtc(date, rules.timeZone);
  const midday = describeInstant(new Date(Date.parse(bounds?.from ?? new Date().toISOString()) + 12 * 3_600_000).toISOString(), rules.timeZone);
  return {
    date,
    timeZone: rules.timeZone,
    timeZoneName: midday.zoneLongName,
    timeZoneAbbreviation: midday.zoneAbbreviation,
    status: day.status,
    slotMinutes: timing.durationMinutes,
    slots: day.slots.map((s) => {
      const when = describeInstant(s.startUtc, rules.timeZone);
      return { time: s.time, startUtc: s.startUtc, endUtc: s.endUtc, label: `${when.time} ${when.zoneAbbreviation}`, remaining: s.practitionerIds.length, practitionerIds: s.practitionerIds };
    }),
  };
}

/** Who a visitor's choice names: everyone offering the package ('any' or none), or that one (else 400). */
export function chosenPractitioners(offering: readonly PractitionerRecord[], choice: string | undefined): PractitionerRecord[] {
  if (!choice || choice === 'any') return [...offering];
  const one = offering.find((p) => p.id === choice);
  if (!one) throw badRequest(PRACTITIONER_MESSAGES.unknownPractitioner, { practitionerId: PRACTITIONER_MESSAGES.unknownPractitioner });
  return [one];
}

/** The free times of a practitioner package on one date (one read of the diaries). */
export async function practitionerFreeDay(org: { id: string }, pkg: BookingPackageRecord, rules: AvailabilityRules, choice: string | undefined, date: string, now = new Date()) {
  return freeDayOf(org, rules, timingOf(pkg, rules), chosenPractitioners(await offeringPractitioners(org.id, pkg), choice), date, now);
}

/** The free times of some practitioners on one date for a timing (less `exceptOwner`'s own time). */
export async function freeDayOf(org: { id: string }, rules: AvailabilityRules, timing: ServiceTiming, practitioners: readonly PractitionerRecord[], date: string, now = new Date(), exceptOwner?: string) {
  if (!dayBoundsUtc(date, rules.timeZone)) return freeDayView(date, rules, timing, { status: 'invalid', slots: [] });
  const { fromMs, toMs } = rangeOf(date, date, rules.timeZone, timing);
  const taken = await readTaken(org.id, practitioners, fromMs, toMs, now, exceptOwner);
  return freeDayView(date, rules, timing, diaryDay(date, rules, timing, practitioners, taken, now));
}

/** How many free start times each date of a range has, for a practitioner package (the month view). */
export async function practitionerFreeDays(org: { id: string }, pkg: BookingPackageRecord, rules: AvailabilityRules, choice: string | undefined, from: string, days: number, now = new Date()) {
  const timing = timingOf(pkg, rules);
  const practitioners = chosenPractitioners(await offeringPractitioners(org.id, pkg), choice);
  const last = addDays(from, days - 1);
  const { fromMs, toMs } = rangeOf(from, last, rules.timeZone, timing);
  const taken = await readTaken(org.id, practitioners, fromMs, toMs, now);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    return { date, free: diaryDay(date, rules, timing, practitioners, taken, now).slots.length };
  });
}
