// A series' preview: every visit checked against what is free now (the same reads as the booking
// page's free times: slot counters on the clinic-wide schedule, the practitioners' 5-minute blocks
// otherwise), and for each visit that cannot be booked the nearest free times of that week (Monday to
// Sunday), nearest to the wanted time first. Nothing is written: the booking (take.ts) decides with
// conditional writes, and answers 409 when a visit was taken in between.
import { addDays, describeInstant, slotsOfWeekday, todayIn, weekdayOf, WEEKDAYS, type AvailabilityRules } from '#shared/bookings/slots';
import type { ServiceTiming } from '#shared/bookings/practitioner-times';
import type * as z from 'zod/mini';
import type { seriesVisitPreviewRecord } from '#shared/bookings/series-schemas';
import { badRequest, notFound } from '#lib/errors';
import { getAvailability, rulesOf } from '../../data/availability';
import { getBookingPackage, type BookingPackageRecord } from '../../data/booking-packages';
import { getOrganization, type Organization } from '../../data/organizations';
import type { PractitionerRecord } from '../../data/practitioners';
import { bookedMinutes, chosenPractitioners, diaryDay, freeDayOf, offeringPractitioners, timingOf, usesPractitioners } from '#domain/availability/diary';
import { freeTimes } from '#domain/availability/free-times';
import { PACKAGE_UNAVAILABLE } from '#domain/bookings/views';
import type { Occurrence } from './occurrences';

export type VisitPreview = z.output<typeof seriesVisitPreviewRecord>;

/** What a series is booked in: the clinic, the package, its rules and timing, and who may see the patient. */
export interface SeriesContext {
  org: Organization;
  pkg: BookingPackageRecord;
  rules: AvailabilityRules;
  timing: ServiceTiming;
  /** The practitioners a visit may be with (one, or everyone offering it); undefined on the clinic-wide schedule. */
  practitioners: PractitionerRecord[] | undefined;
  now: Date;
}

export async function seriesContext(orgId: string, packageId: string, practitionerChoice: string | undefined, now: Date): Promise<SeriesContext> {
  const org = await getOrganization(orgId);
  if (!org) throw notFound('Organisation not found.');
  const pkg = await getBookingPackage(orgId, packageId, true);
  if (!pkg || !pkg.isActive || pkg.deletedAt) throw badRequest(PACKAGE_UNAVAILABLE, { packageId: PACKAGE_UNAVAILABLE });
  const rules = rulesOf(await getAvailability(orgId), org.timeZone);
  const practitioners = usesPractitioners(pkg) ? chosenPractitioners(await offeringPractitioners(orgId, pkg), practitionerChoice) : undefined;
  // On the clinic-wide schedule a visit takes one of the clinic's slots, whatever the package stored (bookedMinutes).
  return { org, pkg, rules, timing: { ...timingOf(pkg, rules), durationMinutes: bookedMinutes(pkg, rules) }, practitioners, now };
}

/** One free start of a day, with who is free then (practitioner packages, in the order to try them). */
interface FreeStart {
  time: string;
  startUtc: string;
  endUtc: string;
  practitionerIds: string[];
}

/** A day's free starts and status, read as the booking page reads them. */
export async function freeDay(ctx: SeriesContext, date: string, practitioners = ctx.practitioners): Promise<{ status: string; slots: FreeStart[] }> {
  if (practitioners) {
    const day = await freeDayOf(ctx.org, ctx.rules, ctx.timing, practitioners, date, ctx.now);
    return { status: day.status, slots: day.slots.map((s) => ({ time: s.time, startUtc: s.startUtc, endUtc: s.endUtc, practitionerIds: s.practitionerIds })) };
  }
  const day = await freeTimes(ctx.org, date, ctx.now);
  return { status: day.status, slots: day.slots.map((s) => ({ time: s.time, startUtc: s.startUtc, endUtc: s.endUtc, practitionerIds: [] })) };
}

/** Whether a local time is on the schedule that day at all (free or not): taken, rather than closed. */
function offered(ctx: SeriesContext, date: string, time: string): boolean {
  if (!ctx.practitioners) return slotsOfWeekday(ctx.rules, date).some((s) => s.time === time);
  return diaryDay(date, ctx.rules, ctx.timing, ctx.practitioners, new Map(), ctx.now, { union: true }).slots.some((s) => s.time === time);
}

const label = (startUtc: string, timeZone: string) => {
  const w = describeInstant(startUtc, timeZone);
  return `${w.date}, ${w.time} ${w.zoneAbbreviation}`;
};

/** The dates of the Monday-to-Sunday week of `date`, without those before today. */
function weekOf(date: string, today: string): string[] {
  const monday = addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)!));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter((d) => d >= today);
}

/** The nearest free times of a visit's week (3 at most), nearest to the wanted instant first; `avoid`: starts already chosen. */
async function alternatives(ctx: SeriesContext, o: Occurrence, avoid: ReadonlySet<string>, known: Map<string, FreeStart[]>): Promise<VisitPreview['alternatives']> {
  const wanted = Date.parse(o.startUtc ?? `${o.date}T12:00:00Z`);
  const today = todayIn(ctx.rules.timeZone, ctx.now);
  const found: (FreeStart & { date: string })[] = [];
  for (const date of weekOf(o.date, today)) {
    const slots = known.get(date) ?? (await freeDay(ctx, date)).slots;
    known.set(date, slots);
    found.push(...slots.filter((s) => !avoid.has(s.startUtc)).map((s) => ({ ...s, date })));
  }
  return found
    .sort((a, b) => Math.abs(Date.parse(a.startUtc) - wanted) - Math.abs(Date.parse(b.startUtc) - wanted) || a.startUtc.localeCompare(b.startUtc))
    .slice(0, 3)
    .map((s) => ({ date: s.date, time: s.time, startUtc: s.startUtc, label: label(s.startUtc, ctx.rules.timeZone), practitionerIds: s.practitionerIds }));
}

const STATUS_OF: Record<string, VisitPreview['status']> = { past: 'past', 'too-far': 'too-far' };

/** Every visit of a series checked, in order: free (with who would see the patient) or why not, with alternatives. */
export async function previewVisits(ctx: SeriesContext, occurrences: readonly Occurrence[]): Promise<VisitPreview[]> {
  const days = new Map<string, { status: string; slots: FreeStart[] }>();
  await Promise.all(occurrences.map(async (o) => days.set(o.date, await freeDay(ctx, o.date))));
  const known = new Map([...days].map(([d, v]) => [d, v.slots]));
  const chosen = new Set(occurrences.map((o) => o.startUtc).filter((s): s is string => Boolean(s)));
  const out: VisitPreview[] = [];
  for (const o of occurrences) {
    const day = days.get(o.date)!;
    const slot = o.startUtc ? day.slots.find((s) => s.startUtc === o.startUtc) : undefined;
    const base = { number: o.number, date: o.date, time: o.time, startUtc: o.startUtc ?? null, label: o.startUtc ? label(o.startUtc, ctx.rules.timeZone) : `${o.date}, ${o.time}` };
    if (slot) {
      out.push({ ...base, status: 'free', practitionerIds: slot.practitionerIds, alternatives: [] });
      continue;
    }
    const status: VisitPreview['status'] = STATUS_OF[day.status] ?? (o.startUtc && offered(ctx, o.date, o.time) ? 'taken' : 'closed');
    out.push({ ...base, status, practitionerIds: [], alternatives: status === 'past' ? [] : await alternatives(ctx, o, chosen, known) });
  }
  return out;
}
