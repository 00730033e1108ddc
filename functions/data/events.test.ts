// Which domain events a change makes (functions/data/events.ts), without the table: a time freed only
// while it is ahead, an appointment's time freed only when the time it held changes, the ids derived
// from the change (the same change: the same row). Their writing in real transactions is tested in
// test/integration/domain-events.test.ts, their delivery in test/integration/event-subscribers.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from './bookings';
import type { DomainEvent } from './event-types';

let events: typeof import('./events');
beforeAll(async () => {
  process.env.TABLE_NAME ??= 'test-table';
  events = await import('./events');
});

const eventsIn = (items: { Put?: { Item?: Record<string, unknown> } }[]) => items.map((i) => (i.Put!.Item!.payload as { event: DomainEvent }).event);

const booking = (startUtc: string) =>
  ({
    orgId: 'o1', id: 'b1', status: 'confirmed', packageId: 'p1', practitionerId: null, startUtc, endUtc: new Date(Date.parse(startUtc) + 3600_000).toISOString(),
    bookingDate: '2030-05-06', bookingTime: '10:00', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', phoneNumber: '+15551234567',
  }) as unknown as BookingRecord;

const appointment = (changes: Record<string, unknown> = {}) => ({
  orgId: 'o1', id: 'a1', version: 1, status: 'confirmed' as const, practitionerId: 'pr1', startUtc: '2030-05-06T14:00:00.000Z', durationMinutes: 45,
  bookingDate: '2030-05-06', bookingTime: '10:00', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', phone: '+15551234567', ...changes,
});

describe('domain events of a change', () => {
  const now = '2030-05-01T00:00:00.000Z';

  it('free a booking\'s time only while it is ahead, under an id of the booking and the move', () => {
    const [freed] = eventsIn(events.bookingTimeFreedItems(booking('2030-05-06T14:00:00.000Z'), 'rescheduled', now, 'moved-2'));
    expect(freed).toEqual({
      type: 'time-freed', v: 1, id: 'event-time-freed-o1-b1-moved-2', orgId: 'o1', at: now, practitionerId: null, packageId: 'p1',
      startUtc: '2030-05-06T14:00:00.000Z', endUtc: '2030-05-06T15:00:00.000Z', reason: 'rescheduled', freedBy: { type: 'booking', id: 'b1' },
    });
    expect(events.bookingTimeFreedItems(booking('2030-04-30T14:00:00.000Z'), 'cancelled', now, 'cancelled')).toEqual([]);
    // A past booking cancelled (by a refund) is still told as cancelled, with nothing freed.
    const past = eventsIn(events.bookingCancelledItems(booking('2030-04-30T14:00:00.000Z'), {}, now, false));
    expect(past).toEqual([expect.objectContaining({ type: 'appointment-cancelled', by: 'refund', actorId: null, previousStatus: 'confirmed' })]);
  });

  it('free an appointment\'s time when it is cancelled, moved or its status moves on, never when its time stays', () => {
    const held = appointment();
    const cancelled = eventsIn(events.appointmentChangeItems(held, appointment({ status: 'cancelled', version: 2 }), now, 'patient'));
    expect(cancelled.map((e) => e.type)).toEqual(['time-freed', 'appointment-cancelled']);
    expect(cancelled[0]).toMatchObject({ id: 'event-time-freed-o1-a1-v2', reason: 'cancelled', practitionerId: 'pr1', packageId: null, startUtc: '2030-05-06T14:00:00.000Z', endUtc: '2030-05-06T14:45:00.000Z' });
    expect(cancelled[1]).toMatchObject({ by: 'patient', actorId: null, subject: { type: 'appointment', id: 'a1' } });
    expect(eventsIn(events.appointmentChangeItems(held, appointment({ startUtc: '2030-05-07T14:00:00.000Z', version: 2 }), now, 'u1'))).toEqual([expect.objectContaining({ reason: 'rescheduled' })]);
    expect(eventsIn(events.appointmentChangeItems(held, appointment({ status: 'completed', version: 2 }), now, 'u1'))).toEqual([expect.objectContaining({ reason: 'status-changed' })]);
    // Its time unchanged (a note, an assignee, confirmed from requested), no practitioner, or already past: nothing.
    expect(events.appointmentChangeItems(appointment({ status: 'requested' }), appointment({ version: 2 }), now, 'u1')).toEqual([]);
    expect(eventsIn(events.appointmentChangeItems(appointment({ practitionerId: undefined }), appointment({ practitionerId: undefined, status: 'cancelled', version: 2 }), now, 'u1')).map((e) => e.type)).toEqual(['appointment-cancelled']);
    expect(eventsIn(events.appointmentChangeItems(held, appointment({ status: 'no-show', version: 2 }), '2030-05-06T15:00:00.000Z', 'u1'))).toEqual([]);
  });

  it('are outbox rows due now, each written once (the Put fails when the change wrote it already)', () => {
    const [item] = events.bookingTimeFreedItems(booking('2030-05-06T14:00:00.000Z'), 'cancelled', now, 'cancelled');
    expect(item.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(pk)',
      Item: { pk: 'OUTBOX#event-time-freed-o1-b1-cancelled', status: 'pending', gsi1pk: 'OUTBOX#DUE#EVENTS', gsi2pk: 'ORG#o1#EVENTS', payload: { kind: 'event' } },
    });
  });
});
