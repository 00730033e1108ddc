// Report figures, kept on write: each change that a report counts adds to its day's figures in the
// SAME transaction (an appointment booked or its status changed, a booking confirmed or cancelled, a
// card payment received or refunded, a lead paid), so they never drift from the records and a change
// that does not happen counts nothing. Days are local dates in the organisation's zone.
// The exception, a lead received (leads:received): a visitor's write that a burst makes many times at
// once for one clinic, where every lead's transaction would put this same item and, on DynamoDB,
// concurrent transactions on one item cancel each other. It is counted by the lead's event's
// subscriber (functions/domain/forms/on-lead-received.ts), once: in the transaction that records the
// subscriber's run. The event exists if and only if the lead does, so the figure still never drifts,
// but a report may lag a lead by the worker's delay (moments; a minute when the stream missed it).
// Access pattern:
//   one day's figures of an organisation   pk ORG#<orgId>#REPORT   sk DAY#<yyyy-mm-dd>
//   a period's figures                     the same, sk BETWEEN DAY#<from> AND DAY#<to> (one Query)
// Figure names (attributes of a day item):
//   appointments:<status>   appointments taking place that day, by their current status
//   bookings:confirmed      paid bookings for a time that day; bookings:cancelled those cancelled since
//   bookings:series         of the confirmed ones, the visits of a series (issue 37; taken away when cancelled)
//   series:booked           series booked that day (in the clinic's zone; a series cancelled later stays counted)
//   waitlist:offered        offers of a freed time made from the waitlist, on that time's day (one per patient told)
//   waitlist:filled         of those times, the ones booked from an offer, on the same day
//   paid:<currency>         minor units received that day; refunded:<currency> minor units refunded
//   leads:received          form submissions received that day; leads:paid those of them paid since
//   prac:<id>:bookings      paid bookings with that practitioner for a time that day (cancelled ones taken away)
//   prac:<id>:minutes       their booked minutes that day: those bookings' and their requested or confirmed appointments'
//   prac:<id>:paid:<currency>, prac:<id>:refunded:<currency>   money for their bookings, on the day it moved
// Records remember that they are counted (appointments `inReports`, bookings and leads `reportDay`),
// so a change to a record from before reports existed never takes away what was never added; the
// practitioner figures likewise (appointments `inPractitionerReports`, bookings `reportPractitionerId`).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { todayIn } from '#shared/bookings/time';
import { currencyOf } from '#shared/currency';
import type { AppointmentStatus } from '#shared/appointments/form';
import { ddb, table } from './dynamo';
import { queryAll, type Item, type TransactItem } from './core';
import { DEFAULT_APPOINTMENT_MINUTES } from './appointment-time';
import { countersKey } from './organizations';

export type Figure =
  | `appointments:${AppointmentStatus}`
  | 'bookings:confirmed'
  | 'bookings:cancelled'
  | 'bookings:series'
  | 'series:booked'
  | 'waitlist:offered'
  | 'waitlist:filled'
  | `paid:${string}`
  | `refunded:${string}`
  | 'leads:received'
  | 'leads:paid'
  | `prac:${string}:bookings`
  | `prac:${string}:minutes`
  | `prac:${string}:paid:${string}`
  | `prac:${string}:refunded:${string}`;

/** A change to one figure of one day. */
export interface ReportDelta {
  day: string;
  figure: Figure;
  by: number;
}

const reportPk = (orgId: string) => `ORG#${orgId}#REPORT`;
const dayKey = (orgId: string, day: string) => ({ pk: reportPk(orgId), sk: `DAY#${day}` });

/** The local date of an instant in the organisation's zone: the day a payment or a lead counts on. */
export const reportDayOf = (instant: string | Date, timeZone: string | undefined) => todayIn(timeZone || 'UTC', new Date(instant));

/**
 * The Updates that apply `deltas`, for the transaction of the change they count: one Update per day
 * (a transaction may touch an item once), figures that net to zero left out.
 */
export function reportItems(orgId: string, deltas: readonly ReportDelta[]): TransactItem[] {
  const byDay = new Map<string, Map<string, number>>();
  for (const d of deltas) {
    const figures = byDay.get(d.day) ?? new Map<string, number>();
    figures.set(d.figure, (figures.get(d.figure) ?? 0) + d.by);
    byDay.set(d.day, figures);
  }
  const items: TransactItem[] = [];
  for (const [day, figures] of byDay) {
    const moved = [...figures].filter(([, by]) => by !== 0);
    if (!moved.length) continue;
    items.push({
      Update: {
        TableName: table(),
        Key: dayKey(orgId, day),
        UpdateExpression: `SET #day = :day ADD ${moved.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
        ExpressionAttributeNames: { '#day': 'day', ...Object.fromEntries(moved.map(([figure], i) => [`#f${i}`, figure])) },
        ExpressionAttributeValues: { ':day': day, ...Object.fromEntries(moved.map(([, by], i) => [`:v${i}`, by])) },
      },
    });
  }
  return items;
}

/** The fields of an appointment that its figures follow. */
interface CountedAppointment {
  bookingDate: string;
  status: AppointmentStatus;
  practitionerId?: string | null;
  durationMinutes?: number;
}

/** Minutes a practitioner's appointment counts while it holds their time (requested or confirmed). */
function appointmentMinutes(a: CountedAppointment, sign: 1 | -1): ReportDelta[] {
  if (!a.practitionerId || (a.status !== 'requested' && a.status !== 'confirmed')) return [];
  return [{ day: a.bookingDate, figure: `prac:${a.practitionerId}:minutes`, by: sign * (a.durationMinutes ?? DEFAULT_APPOINTMENT_MINUTES) }];
}

/**
 * What an appointment change does to the figures: it leaves its old day and status and joins the new
 * ones, and its practitioner's booked minutes follow it (day, practitioner, length, status).
 */
export function appointmentReportDeltas(
  previous: (CountedAppointment & { inReports?: boolean; inPractitionerReports?: boolean }) | undefined,
  next: CountedAppointment | undefined,
): ReportDelta[] {
  const deltas: ReportDelta[] = [];
  if (previous?.inReports) deltas.push({ day: previous.bookingDate, figure: `appointments:${previous.status}`, by: -1 });
  // A record from before reports existed stays uncounted (its creation was never added).
  if (next && (!previous || previous.inReports)) deltas.push({ day: next.bookingDate, figure: `appointments:${next.status}`, by: 1 });
  if (previous?.inPractitionerReports) deltas.push(...appointmentMinutes(previous, -1));
  if (next && (!previous || previous.inPractitionerReports)) deltas.push(...appointmentMinutes(next, 1));
  return deltas;
}

/** The fields of a booking that its practitioner's figures follow. */
type CountedBooking = { reportDay?: string | null; reportPractitionerId?: string | null; durationMinutes: number };

/**
 * A practitioner's figures of a booking on its day: +1 booking and its minutes (`sign` 1 when it is
 * counted, -1 when it stops counting there). None when no practitioner counts it.
 */
export function practitionerBookingDeltas(b: CountedBooking, sign: 1 | -1): ReportDelta[] {
  if (!b.reportDay || !b.reportPractitionerId) return [];
  return [
    { day: b.reportDay, figure: `prac:${b.reportPractitionerId}:bookings`, by: sign },
    { day: b.reportDay, figure: `prac:${b.reportPractitionerId}:minutes`, by: sign * (b.durationMinutes || 0) },
  ];
}

/** Minor units of a payment received (or refunded) on `day`; for a booking with a practitioner, theirs too. */
export function moneyDelta(kind: 'paid' | 'refunded', day: string, currency: string | undefined, minorUnits: number, practitionerId?: string | null): ReportDelta[] {
  if (minorUnits <= 0) return [];
  // A record from before currencies has none: it was in USD.
  const c = currencyOf(currency);
  return [{ day, figure: `${kind}:${c}`, by: minorUnits }, ...(practitionerId ? [{ day, figure: `prac:${practitionerId}:${kind}:${c}` as Figure, by: minorUnits }] : [])];
}

export type DayFigures = { day: string } & Partial<Record<Figure, number>>;

// The figures of the days from `from` to `to` (inclusive local dates), one Query (a year is 366 items).
export async function listReportDays(orgId: string, from: string, to: string): Promise<DayFigures[]> {
  const items = await queryAll<Item>(
    {
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': reportPk(orgId), ':from': `DAY#${from}`, ':to': `DAY#${to}` },
    },
    400,
  );
  return items.map(({ pk: _pk, sk: _sk, tenant: _tenant, ...figures }) => figures as DayFigures);
}

// When counting began for an organisation (kept with its counters since reports exist; null before).
export async function getReportingSince(orgId: string): Promise<string | null> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: countersKey(orgId), ProjectionExpression: 'reportingSince' }));
  return typeof out.Item?.reportingSince === 'string' ? out.Item.reportingSince : null;
}
