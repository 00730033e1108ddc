// Moving visits of a series (staff): one, this and the following ones, or all still ahead. Staff give
// one visit's new date and time; every visit in scope moves by the same number of days to that LOCAL
// time (occurrences.ts: 10:00 stays 10:00 across a clock change). The preview is the series preview
// itself (preview.ts previewVisits: free or why not, and up to 3 free times of that week); the move is
// each visit's single move (domain/bookings/move.ts: the new place taken before the old one is freed,
// its `time-freed` event, `booking.rescheduled` webhook and reminder in the same transaction).
// All or none: every visit must be free at the check before anything is written (a time another visit
// of the same move gives up first counts as free: moving a weekly series by one week puts each visit on
// the next one's old time, and the visits move latest first, so that time is free when it is taken),
// and when a later visit's conditional write loses a race, the visits already moved are moved back to
// their own times (which they freed a moment ago) and the answer is 409. The patient gets ONE mail
// listing the new times, with each visit's own calendar event (same UID, SEQUENCE + 1, so calendars
// update it): it rides in the last visit's transaction, so it exists if and only if every visit moved.
// The visits move one transaction each, not in one: the steps are written on the series record first
// (`pendingMove`), so a process that dies half-way leaves the visits before it moved and the rest where
// they were, still each in a place of its own (never two on one time), and the same request again (the
// console's retry, or staff moving the same visit to the same time) finds the steps and moves the rest,
// with the one mail, instead of shifting the moved ones a second time.
import { addDays, describeInstant, localToUtc } from '#shared/bookings/slots';
import { SERIES_MESSAGES } from '#shared/bookings/series-schemas';
import { SERIES_MOVE_MESSAGES, type seriesMoveVisitRecord } from '#shared/bookings/series-move-schemas';
import type * as z from 'zod/mini';
import { HttpError, badRequest, conflict } from '#lib/errors';
import { log } from '#lib/log';
import { auditItem } from '../../data/audit';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { outboxMail } from '../../data/outbox';
import { seriesVisits, setPendingMove, type PendingSeriesMove, type SeriesRecord } from '../../data/series';
import { clinicOf, whenText } from '#domain/bookings/mail';
import { moveToRequestedTime } from '#domain/bookings/move';
import { findPractitionerTime } from '#domain/practitioners/choose-practitioner';
import { visitsInScope, type CancelScope } from './cancel';
import { seriesMovedMail } from './mail';
import type { Occurrence } from './occurrences';
import { previewVisits, seriesContext, type SeriesContext, type VisitPreview } from './preview';

export type MoveVisitPreview = z.output<typeof seriesMoveVisitRecord>;

export interface SeriesMoveRequest {
  bookingId: string;
  scope: CancelScope;
  bookingDate: string;
  bookingTime: string;
  /** A practitioner's id or 'any'; absent: each visit stays with its own practitioner. */
  practitionerId?: string;
  /** Alternatives chosen from the preview for some visits (their date, time and with whom). */
  visits?: readonly { bookingId: string; date: string; time: string; practitionerId?: string }[];
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const shortLabel = (startUtc: string, timeZone: string) => {
  const w = describeInstant(startUtc, timeZone);
  return `${w.date}, ${w.time} ${w.zoneAbbreviation}`;
};

interface Plan {
  ctx: SeriesContext;
  visits: BookingRecord[];
  shiftDays: number;
  /** The visits that move (those already at their new time left out: a retry moves nothing twice), with where to. */
  targets: { visit: BookingRecord; to: Occurrence }[];
}

/** The visits in scope and where each goes: `shiftDays` later (or earlier), at the new local time. */
async function planMove(series: SeriesRecord, request: SeriesMoveRequest, now: Date): Promise<Plan> {
  const visits = await seriesVisits(series);
  const from = visits.find((b) => b.id === request.bookingId);
  if (!from) throw badRequest(SERIES_MESSAGES.notInSeries, { bookingId: SERIES_MESSAGES.notInSeries });
  // Same practitioner (each visit its own, the first one's for the check) unless staff chose one or "anyone".
  const choice = request.practitionerId ?? from.practitionerId ?? undefined;
  const ctx = await seriesContext(series.orgId, series.packageId, choice, now);
  const shiftDays = daysBetween(from.bookingDate, request.bookingDate);
  const samePerson = (b: BookingRecord) => !request.practitionerId || request.practitionerId === 'any' || request.practitionerId === b.practitionerId;
  const targets = visitsInScope(visits, from, request.scope, now)
    .filter((b) => b.status === 'confirmed')
    .map((visit) => {
      const date = addDays(visit.bookingDate, shiftDays);
      return { visit, to: { number: visits.indexOf(visit) + 1, date, time: request.bookingTime, startUtc: localToUtc(date, request.bookingTime, ctx.rules.timeZone) } };
    })
    .filter(({ visit, to }) => !(to.startUtc === visit.startUtc && samePerson(visit)));
  return { ctx, visits, shiftDays, targets };
}

/**
 * A visit of a practitioner package moving onto part of its own time (10:00 to 10:30 for an hour):
 * the series preview counts its own time as taken; the single move counts it as free, and so does this.
 */
async function freeOverOwnTime(ctx: SeriesContext, visit: BookingRecord, p: VisitPreview): Promise<VisitPreview> {
  if (p.status !== 'taken' || !ctx.practitioners || !p.startUtc || p.date !== visit.bookingDate) return p;
  const found = await findPractitionerTime(ctx.org, ctx.rules, ctx.timing, ctx.practitioners, p.date, p.time, ctx.now, `booking:${visit.id}`).catch(() => undefined);
  return found?.candidates.length ? { ...p, status: 'free', practitionerIds: found.candidates.map((c) => c.id), alternatives: [] } : p;
}

/**
 * A visit moving onto the time another visit of the same move leaves first (a weekly series moved by a
 * week: each visit onto the next one's old time; later moves go latest first, earlier ones earliest
 * first): that time is free when this visit takes it, so it counts as free here too.
 */
async function freeOverSibling(plan: Plan, visit: BookingRecord, p: VisitPreview): Promise<VisitPreview> {
  if (p.status !== 'taken' || !p.startUtc) return p;
  const { ctx } = plan;
  const movesFirst = (b: BookingRecord) => (plan.shiftDays >= 0 ? b.startUtc > visit.startUtc : b.startUtc < visit.startUtc);
  const start = Date.parse(p.startUtc);
  const end = start + (Date.parse(visit.endUtc) - Date.parse(visit.startUtc));
  const siblings = plan.targets.map((t) => t.visit).filter((b) => b.id !== visit.id && movesFirst(b) && Date.parse(b.startUtc) < end && Date.parse(b.endUtc) > start);
  for (const sibling of siblings) {
    if (!ctx.practitioners) {
      // The clinic-wide schedule: the sibling holds one place of that very slot, given back before this visit takes one.
      if (sibling.startUtc === p.startUtc) return { ...p, status: 'free', practitionerIds: [], alternatives: [] };
      continue;
    }
    const found = await findPractitionerTime(ctx.org, ctx.rules, ctx.timing, ctx.practitioners, p.date, p.time, ctx.now, `booking:${sibling.id}`).catch(() => undefined);
    if (found?.candidates.length) return { ...p, status: 'free', practitionerIds: found.candidates.map((c) => c.id), alternatives: [] };
  }
  return p;
}

async function checkPlan(plan: Plan): Promise<MoveVisitPreview[]> {
  const checked = await previewVisits(plan.ctx, plan.targets.map((t) => t.to));
  return Promise.all(
    plan.targets.map(async ({ visit }, i) => ({
      ...(await freeOverSibling(plan, visit, await freeOverOwnTime(plan.ctx, visit, checked[i]))),
      bookingId: visit.id,
      fromLabel: shortLabel(visit.startUtc, visit.timeZone),
    })),
  );
}

/** The preview of a move: each visit that would move, free there or why not, with alternatives. Nothing is written. */
export async function previewSeriesMove(series: SeriesRecord, request: SeriesMoveRequest, now = new Date()) {
  const plan = await planMove(series, request, now);
  const visits = await checkPlan(plan);
  const free = visits.filter((v) => v.status === 'free').length;
  return { timeZone: plan.ctx.rules.timeZone, shiftDays: plan.shiftDays, visits, free, conflicts: visits.length - free };
}

/** Where each visit goes: the preview's time (checked free now), or the alternative staff chose. */
function destinations(plan: Plan, checked: readonly MoveVisitPreview[], request: SeriesMoveRequest) {
  const chosen = new Map((request.visits ?? []).map((v) => [v.bookingId, v]));
  for (const id of chosen.keys()) {
    if (!plan.targets.some((t) => t.visit.id === id)) throw badRequest(SERIES_MOVE_MESSAGES.visitNotInScope, { visits: SERIES_MOVE_MESSAGES.visitNotInScope });
  }
  const out = plan.targets.map(({ visit }, i) => {
    const alt = chosen.get(visit.id);
    if (alt) return { visit, bookingDate: alt.date, bookingTime: alt.time, practitionerId: alt.practitionerId && alt.practitionerId !== 'any' ? alt.practitionerId : undefined };
    const p = checked[i];
    if (p.status !== 'free') throw conflict(p.status === 'taken' ? SERIES_MOVE_MESSAGES.taken : SERIES_MOVE_MESSAGES.notFree);
    // "Anyone": its own practitioner when free then, else the first free (the booking's fair order).
    const practitionerId = request.practitionerId === 'any'
      ? (visit.practitionerId && p.practitionerIds.includes(visit.practitionerId) ? visit.practitionerId : p.practitionerIds[0])
      : request.practitionerId;
    return { visit, bookingDate: p.date, bookingTime: p.time, practitionerId };
  });
  // Later: the last visit first (and earlier: the first first), so no visit waits on a sibling's old time.
  return plan.shiftDays >= 0 ? out.reverse() : out;
}

/** Moves the visits already moved back to their own times (best effort; each is its own guarded move). */
async function moveBack(ctx: SeriesContext, moved: readonly { before: BookingRecord; after: BookingRecord }[], actorId: string, now: Date) {
  for (const { before, after } of moved) {
    const current = (await getBooking(after.orgId, after.id)) ?? after;
    await moveToRequestedTime(current, ctx.org, ctx.rules, { bookingDate: before.bookingDate, bookingTime: before.bookingTime, ...(before.practitionerId ? { practitionerId: before.practitionerId } : {}) }, {
      mail: false,
      also: (_, at) => [auditItem({
        orgId: before.orgId, actorId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: before.id, at,
        summary: `Moved the visit of ${before.firstName} ${before.lastName} back to ${whenText(before).short}: another visit of the series could not move`,
      })],
    }, now).catch((error: unknown) => log.error('SeriesMoveBackFailed', error, { orgId: before.orgId, bookingId: before.id }));
  }
}

/** Moves the visits of the request, all or none; the visits moved (time order) and the series after. */
type Step = ReturnType<typeof destinations>[number];

/** What identifies a move request (the same one again finishes a move left half-way). */
export const moveKey = (r: SeriesMoveRequest) => JSON.stringify([r.bookingId, r.scope, r.bookingDate, r.bookingTime, r.practitionerId ?? null, r.visits ?? []]);

/** The steps of a move left half-way by the same request: those still to do, and the visits moved already. */
async function resumeSteps(series: SeriesRecord, pending: PendingSeriesMove, now: Date) {
  const visits = await seriesVisits(series);
  const byId = new Map(visits.map((b) => [b.id, b]));
  const steps: Step[] = [];
  const done: { before: BookingRecord; after: BookingRecord }[] = [];
  for (const s of pending.steps) {
    const visit = byId.get(s.bookingId);
    if (!visit || visit.status !== 'confirmed') continue;
    if (visit.startUtc === s.from.startUtc) steps.push({ visit, bookingDate: s.bookingDate, bookingTime: s.bookingTime, practitionerId: s.practitionerId });
    else if (visit.bookingDate === s.bookingDate && visit.bookingTime === s.bookingTime) done.push({ before: { ...visit, ...s.from }, after: visit });
  }
  const ctx = await seriesContext(series.orgId, series.packageId, steps[0]?.visit.practitionerId ?? undefined, now);
  return { ctx, visits, steps, done };
}

/** Moves the visits of the request, all or none; the visits moved (time order) and the series after. */
export async function moveSeriesVisits(series: SeriesRecord, request: SeriesMoveRequest, actorId: string, now = new Date()) {
  const key = moveKey(request);
  const resumed = series.pendingMove?.key === key ? await resumeSteps(series, series.pendingMove, now) : undefined;
  let plan: Pick<Plan, 'ctx' | 'visits'>;
  let steps: Step[];
  const done: { before: BookingRecord; after: BookingRecord }[] = [];
  // Removed once this move is over (another request's steps are left for it to finish).
  let ours = Boolean(resumed);
  if (resumed) {
    ({ steps } = resumed);
    plan = resumed;
    done.push(...resumed.done);
  } else {
    const full = await planMove(series, request, now);
    steps = destinations(full, await checkPlan(full), request);
    plan = full;
    if (steps.length > 1) {
      ours = true;
      await setPendingMove(series.orgId, series.id, {
        key, at: now.toISOString(),
        steps: steps.map((s) => ({ bookingId: s.visit.id, bookingDate: s.bookingDate, bookingTime: s.bookingTime, ...(s.practitionerId ? { practitionerId: s.practitionerId } : {}), from: { startUtc: s.visit.startUtc, bookingDate: s.visit.bookingDate, bookingTime: s.visit.bookingTime, practitionerId: s.visit.practitionerId ?? null } })),
      });
    }
  }
  const { ctx } = plan;
  try {
    for (const [i, step] of steps.entries()) {
      const last = i === steps.length - 1;
      const { outcome, moved } = await moveToRequestedTime(step.visit, ctx.org, ctx.rules, step, {
        mail: false,
        also: (moved, at) => {
          const audit = auditItem({
            orgId: series.orgId, actorId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: step.visit.id, at,
            summary: `Moved visit ${plan.visits.indexOf(step.visit) + 1} of ${plan.visits.length} of the series of ${step.visit.firstName} ${step.visit.lastName} for "${step.visit.packageName}" from ${whenText(step.visit).short} to ${whenText(moved).short}`,
          });
          if (!last) return [audit];
          const all = [...done.map((d) => d.after), moved].sort((a, b) => a.startUtc.localeCompare(b.startUtc));
          return [audit, outboxMail(`series-moved-${series.orgId}-${series.id}-${moved.id}-${moved.sequence}`, seriesMovedMail(all, clinicOf(ctx.org)), series.orgId)];
        },
      }, now);
      // Changed meanwhile (cancelled by the patient, moved by someone): the move is refused as a whole.
      if (outcome === 'state') throw conflict(SERIES_MOVE_MESSAGES.taken);
      done.push({ before: step.visit, after: moved });
    }
  } catch (error) {
    if (done.length) await moveBack(ctx, done, actorId, now);
    if (ours) await setPendingMove(series.orgId, series.id, null);
    if (error instanceof HttpError && error.status === 409) throw conflict(SERIES_MOVE_MESSAGES.taken);
    throw error;
  }
  if (ours) await setPendingMove(series.orgId, series.id, null);
  const moved = done.map((d) => d.after).sort((a, b) => a.startUtc.localeCompare(b.startUtc));
  return { moved, visits: await seriesVisits(series) };
}
