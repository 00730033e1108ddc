import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { isPermanentMailRefusal } from '#lib/mail';
import { dueRowOf, retryDelayMs } from './deliver';

const record = (eventName: DynamoDBRecord['eventName'], image: Record<string, string>): DynamoDBRecord => ({
  eventName,
  dynamodb: { NewImage: Object.fromEntries(Object.entries(image).map(([k, v]) => [k, { S: v }])) },
});

describe('outbox retries', () => {
  it('wait 30 s after the first failure, doubling, never more than 30 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) => retryDelayMs(attempts) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800, 1800]);
  });

  it('give up at once only on refusals about the message itself', () => {
    const error = (name: string, status: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
    expect(isPermanentMailRefusal(error('MessageRejected', 400))).toBe(true);
    expect(isPermanentMailRefusal(error('BadRequestException', 400))).toBe(true);
    // An untyped 400 (the local SES stand-in's refusals) is about the message too.
    expect(isPermanentMailRefusal(error('Unknown', 400))).toBe(true);
    expect(isPermanentMailRefusal(error('SendingPausedException', 400))).toBe(false);
    expect(isPermanentMailRefusal(error('TooManyRequestsException', 429))).toBe(false);
    expect(isPermanentMailRefusal(error('ServiceUnavailable', 503))).toBe(false);
    expect(isPermanentMailRefusal(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
  });
});

describe('stream records', () => {
  const now = new Date('2030-01-01T12:00:00.000Z');

  it('name the outbox row when it is pending and due', () => {
    expect(dueRowOf(record('INSERT', { pk: 'OUTBOX#receipt-p1', status: 'pending', nextAttemptAt: '2030-01-01T11:59:59.000Z' }), now)).toBe('receipt-p1');
    expect(dueRowOf(record('MODIFY', { pk: 'OUTBOX#receipt-p1', status: 'pending', nextAttemptAt: '2030-01-01T12:00:00.000Z' }), now)).toBe('receipt-p1');
  });

  it('are ignored for other items, other states, later retries and removals', () => {
    expect(dueRowOf(record('INSERT', { pk: 'ORG#o1', status: 'pending' }), now)).toBeUndefined();
    expect(dueRowOf(record('MODIFY', { pk: 'OUTBOX#r', status: 'sending' }), now)).toBeUndefined();
    expect(dueRowOf(record('MODIFY', { pk: 'OUTBOX#r', status: 'sent' }), now)).toBeUndefined();
    expect(dueRowOf(record('MODIFY', { pk: 'OUTBOX#r', status: 'pending', nextAttemptAt: '2030-01-01T12:00:30.000Z' }), now)).toBeUndefined();
    expect(dueRowOf(record('REMOVE', { pk: 'OUTBOX#r', status: 'pending' }), now)).toBeUndefined();
  });
});

describe('the two lanes', () => {
  const now = new Date('2030-01-01T12:00:00.000Z');
  const pending = (pk: string) => record('INSERT', { pk, status: 'pending', nextAttemptAt: '2030-01-01T11:59:59.000Z' });

  it('leave event and subscriber rows to the subscribers worker, and mail to the deliverer', async () => {
    const { dueRowOf: subscribersRowOf } = await import('./run-subscribers');
    const event = 'event-time-freed-o1-b1-cancelled';
    for (const id of [event, `${event}:waitlist`]) {
      expect(dueRowOf(pending(`OUTBOX#${id}`), now)).toBeUndefined();
      expect(subscribersRowOf(pending(`OUTBOX#${id}`), now)).toBe(id);
    }
    expect(dueRowOf(pending('OUTBOX#receipt-p1'), now)).toBe('receipt-p1');
    expect(subscribersRowOf(pending('OUTBOX#receipt-p1'), now)).toBeUndefined();
  });

  it('keep their due rows apart, so neither sweep pages through the other lane', async () => {
    const { duePartitionOf, laneOf } = await import('../data/outbox');
    expect(laneOf('event-booking-confirmed-o1-b1')).toBe('events');
    expect(laneOf('webhook-d1')).toBe('delivery');
    expect(duePartitionOf('events')).not.toBe(duePartitionOf('delivery'));
  });
});
