// Domain events as outbox rows (./event-types.ts; docs/conventions.md "Events and subscribers"). A
// change writes its event in its own transaction, under an id derived from the change, so the event
// exists if and only if the change committed, and a change retried writes it once (its Put finds the
// row there and cancels the transaction: the change was made). On delivery the worker fans the event
// out into one row per subscriber that wants its type (functions/domain/events/), each delivered and
// retried on its own. Access patterns:
//   an event                          an outbox row 'event', id event-<type>-<orgId>-<change>
//   one event for one subscriber      an outbox row 'subscriber', id <event row id>:<subscriber name>
//   an organisation's events, oldest  gsi2pk ORG#<orgId>#EVENTS   gsi2sk <at>#<event row id>   (support, tests)
//
// The builders below are the ONE place each event is made from its record: places.ts (bookings), and
// saveAppointmentChange (appointments), call them; webhooks.ts paymentEventItems adds payment-completed.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AppointmentFields } from '#shared/appointments/types';
import { DEFAULT_APPOINTMENT_MINUTES } from './appointment-time';
import type { BookingRecord } from './bookings';
import { failedConditions, isConditionFailure, transact, type TransactItem } from './core';
import { ddb, table } from './dynamo';
import type { AppointmentCancelledEvent, DomainEvent, DomainEventType, EventPatient, TimeFreedReason } from './event-types';
import { EVENT_ROW_PREFIX, outboxItem, type OutboxRow } from './outbox';

/** Only what an event needs of a change: the fields of its type (id, version and org are added here). */
type EventInput<T extends DomainEvent = DomainEvent> = T extends DomainEvent ? Omit<T, 'id' | 'v' | 'orgId' | 'at'> : never;

// The prefix puts an event and its subscribers' rows in the outbox's 'events' lane (./outbox.ts laneOf).
export const eventRowId = (type: DomainEventType, orgId: string, changeKey: string) => `${EVENT_ROW_PREFIX}${type}-${orgId}-${changeKey}`;
/** A subscriber's row of an event: one per event and subscriber, whoever fans it out and how often. */
export const subscriberRowId = (eventRowId: string, subscriber: string) => `${eventRowId}:${subscriber}`;
const eventsPk = (orgId: string) => `ORG#${orgId}#EVENTS`;

/**
 * The outbox row of an event, for the transaction of the change that causes it. `changeKey` names the
 * change within the organisation (`<bookingId>-cancelled`): the same change gives the same row.
 */
export function eventItem(orgId: string, changeKey: string, at: string, input: EventInput): TransactItem {
  const id = eventRowId(input.type, orgId, changeKey);
  const event = { ...input, id, v: 1, orgId, at } as DomainEvent;
  const item = outboxItem(id, { kind: 'event', event }, orgId);
  Object.assign(item.Put!.Item!, { gsi2pk: eventsPk(orgId), gsi2sk: `${at}#${id}` });
  return item;
}

/**
 * Fans an event row out: one pending row per subscriber named, each under an id derived from the
 * event and the subscriber, so a fan-out done again (a crash midway, a duplicate) adds nothing twice.
 * `checks` ride with each row (./erasures.ts notErasedSince): when one fails, the person was erased
 * meanwhile and no more rows are written (false).
 */
export async function fanOutToSubscribers(row: OutboxRow, subscribers: readonly string[], checks: readonly TransactItem[] = []): Promise<boolean> {
  for (const item of subscriberRowItems(row, subscribers)) {
    try {
      if (checks.length) await transact([...checks, item]);
      else await ddb.send(new PutCommand(item.Put as ConstructorParameters<typeof PutCommand>[0]));
    } catch (error) {
      if (failedConditions(error).some((i) => i < checks.length)) return false;
      if (!isConditionFailure(error)) throw error;
    }
  }
  return true;
}

/**
 * The Puts of an event's subscriber rows (each fails its condition when that row exists); `claimedBy`:
 * born claimed by the worker fanning the event out, which runs them next (outbox.ts outboxItem).
 */
export function subscriberRowItems(row: OutboxRow, subscribers: readonly string[], claimedBy?: string): TransactItem[] {
  if (row.payload.kind !== 'event') throw new Error('Not an event row');
  const { event } = row.payload;
  const now = new Date();
  return subscribers.map((subscriber) => outboxItem(subscriberRowId(row.id, subscriber), { kind: 'subscriber', subscriber, event }, row.orgId, now, claimedBy));
}

// An organisation's events since `fromAt`, oldest first (support and tests; at most `limit`).
export async function listEvents(orgId: string, fromAt: string, limit = 100): Promise<DomainEvent[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :from',
      ExpressionAttributeValues: { ':pk': eventsPk(orgId), ':from': fromAt },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => (item.payload as { event: DomainEvent }).event);
}

// ---- Bookings (functions/domain/bookings/places.ts) --------------------------------------------------

const bookingPatient = (b: BookingRecord): EventPatient => ({ firstName: b.firstName, lastName: b.lastName, email: b.email, phone: b.phoneNumber || null });

/** A time freed is told only while it is still ahead: a past one can be offered to no one. */
const ahead = (startUtc: string, at: string) => Date.parse(startUtc) > Date.parse(at);

/**
 * time-freed for the time `b` held (as it was before the change). `changeKey` distinguishes the moves
 * of one booking that free a time: its hold ending, its cancellation, each of its moves.
 */
export function bookingTimeFreedItems(b: BookingRecord, reason: TimeFreedReason, at: string, changeKey: string): TransactItem[] {
  if (!ahead(b.startUtc, at)) return [];
  return [
    eventItem(b.orgId, `${b.id}-${changeKey}`, at, {
      type: 'time-freed', practitionerId: b.practitionerId ?? null, packageId: b.packageId, startUtc: b.startUtc, endUtc: b.endUtc, reason, freedBy: { type: 'booking', id: b.id },
    }),
  ];
}

/** The events of a booking's hold ending (run out, given back, its Checkout expired): its time is free (once: a booking is held once). */
export const holdEndedItems = (b: BookingRecord, at: string) => bookingTimeFreedItems(b, 'hold-ended', at, 'hold-ended');

/**
 * The events of a booking cancelled (`after`: as the cancellation leaves it): appointment-cancelled,
 * and time-freed when `freed` (its time is given back: still ahead).
 */
export function bookingCancelledItems(b: BookingRecord, after: Partial<BookingRecord>, at: string, freed: boolean): TransactItem[] {
  const cancelledBy = after.cancelledBy ?? null;
  const by: AppointmentCancelledEvent['by'] = cancelledBy === 'patient' ? 'patient' : cancelledBy ? 'staff' : 'refund';
  return [
    ...(freed ? bookingTimeFreedItems(b, 'cancelled', at, 'cancelled') : []),
    eventItem(b.orgId, `${b.id}-cancelled`, at, {
      type: 'appointment-cancelled', subject: { type: 'booking', id: b.id }, by, actorId: by === 'staff' ? cancelledBy : null, practitionerId: b.practitionerId ?? null,
      startUtc: b.startUtc, bookingDate: b.bookingDate, bookingTime: b.bookingTime, previousStatus: b.status, patient: bookingPatient(b),
    }),
  ];
}

/** booking-confirmed, `after` being the booking as confirmed (once per booking: it is confirmed once). */
export const bookingConfirmedItems = (after: BookingRecord, at: string): TransactItem[] => [
  eventItem(after.orgId, `${after.id}-confirmed`, at, {
    type: 'booking-confirmed', bookingId: after.id, packageId: after.packageId, practitionerId: after.practitionerId ?? null, startUtc: after.startUtc, endUtc: after.endUtc,
    timeZone: after.timeZone, patient: bookingPatient(after), amountPaidCents: after.amountPaidCents ?? null, currency: after.currency, locale: after.locale ?? null,
  }),
];

// ---- Appointments (./appointments.ts saveAppointmentChange) ---------------------------------------

type EventAppointment = Pick<AppointmentFields, 'id' | 'status' | 'practitionerId' | 'startUtc' | 'durationMinutes' | 'bookingDate' | 'bookingTime' | 'firstName' | 'lastName' | 'email' | 'phone'> & {
  orgId: string;
  version: number;
};

/** The practitioner time an appointment holds: while requested or confirmed, with a practitioner (data/appointment-time.ts). */
function heldTime(a: EventAppointment): { practitionerId: string; startUtc: string; endUtc: string } | undefined {
  if (!a.practitionerId || !a.startUtc || (a.status !== 'requested' && a.status !== 'confirmed')) return undefined;
  const endUtc = new Date(Date.parse(a.startUtc) + (a.durationMinutes ?? DEFAULT_APPOINTMENT_MINUTES) * 60_000).toISOString();
  return { practitionerId: a.practitionerId, startUtc: a.startUtc, endUtc };
}

/**
 * The events of an appointment's change from `previous` to `next` (each change has its own version):
 * time-freed when the time it held is held no more (cancelled, moved, its status moved on) while still
 * ahead, and appointment-cancelled when it became cancelled. `actorId`: who made the change.
 */
export function appointmentChangeItems(previous: EventAppointment, next: EventAppointment, at: string, actorId: string): TransactItem[] {
  const before = heldTime(previous);
  const after = heldTime(next);
  const key = `${next.id}-v${next.version}`;
  const cancelled = next.status === 'cancelled' && previous.status !== 'cancelled';
  const items: TransactItem[] = [];
  const same = before && after && before.practitionerId === after.practitionerId && before.startUtc === after.startUtc && before.endUtc === after.endUtc;
  if (before && !same && ahead(before.startUtc, at)) {
    const reason: TimeFreedReason = cancelled ? 'cancelled' : after ? 'rescheduled' : 'status-changed';
    items.push(eventItem(next.orgId, key, at, { type: 'time-freed', ...before, packageId: null, reason, freedBy: { type: 'appointment', id: next.id } }));
  }
  if (cancelled) {
    const byPatient = actorId === 'patient';
    items.push(
      eventItem(next.orgId, key, at, {
        type: 'appointment-cancelled', subject: { type: 'appointment', id: next.id }, by: byPatient ? 'patient' : 'staff', actorId: byPatient ? null : actorId,
        practitionerId: previous.practitionerId ?? null, startUtc: previous.startUtc ?? null, bookingDate: previous.bookingDate, bookingTime: previous.bookingTime,
        previousStatus: previous.status, patient: { firstName: previous.firstName, lastName: previous.lastName, email: previous.email, phone: previous.phone || null },
      }),
    );
  }
  return items;
}

// ---- Form submissions (./submissions.ts putSubmission) -----------------------------------------

/**
 * form-submitted, for every lead (once per lead: it is stored once). Its subscriber tells staff and
 * counts the lead (`lead`); the patients' subscriber takes those with an email.
 */
export const formSubmittedItems = (
  sub: { orgId: string; id: string; formId: string; formName: string; packageName: string | null; email: string | null; name: string | null; reportDay?: string; createdAt: string },
  apiKey: string,
  solutionId?: string,
): TransactItem[] => [
  // Named by the solved challenge that sent it, when there is one: a solution makes one event, and
  // so one lead (data/submissions.ts putSubmission).
  eventItem(sub.orgId, solutionId ? `solution-${solutionId}` : `${sub.id}-submitted`, sub.createdAt, {
    type: 'form-submitted', submissionId: sub.id, formId: sub.formId, email: sub.email, name: sub.name,
    lead: { formName: sub.formName, packageName: sub.packageName, reportDay: sub.reportDay ?? null, apiKey },
  }),
];
