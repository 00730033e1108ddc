// The outbox's side of the domain events (the subscribers' worker, functions/outbox/run-subscribers.ts, calls these): an event row
// is fanned out into one row per subscriber that wants its type; a subscriber's row runs that one
// subscriber. Each subscriber row is claimed, retried, given up and logged by the worker like any outbox
// row, so one failing subscriber neither holds up another nor makes it run again, and a row delivered
// twice (a stream record handed over again, the sweep) runs its subscriber once: its claim is conditional.
import { TransactionFailure, strip } from '../../data/core';
import { identityOf, notErasedSince } from '../../data/erasures';
import { fanOutToSubscribers, subscriberRowItems } from '../../data/events';
import type { OutboxRow } from '../../data/outbox';
import { SUBSCRIBERS } from './registry';
import type { DomainEvent } from '../../data/event-types';
import type { Delivery, Subscriber } from './subscriber';

/** A subscriber's row whose subscriber is gone from the registry: given up at once, kept for a person to look at. */
export class NoSuchSubscriber extends Error {
  readonly permanent = true;
  constructor(name: string) {
    super(`No subscriber named ${name} (removed or renamed?)`);
    this.name = 'NoSuchSubscriber';
  }
}

/** The subscribers that want `event` (its type, and the event itself where a subscriber says). */
export const subscribersOf = (event: DomainEvent): Subscriber[] =>
  SUBSCRIBERS.filter((s) => (s.events as readonly string[]).includes(event.type) && (s.wants?.(event) ?? true));

/** Subscriber rows one transaction carries besides the event row's own completion (DynamoDB's limit is 100 items). */
const FAN_OUT_IN_ONE = 99;

/**
 * An event row: one row per subscriber that wants it (none: nothing to do), written in ONE transaction
 * with the event row's completion (one round trip, not one per row and one more to record it). With
 * `claimedBy` (the worker's claim token) the rows are born claimed by that worker, which runs them right
 * after (returned here): no claim of their own, and no stream record or sweep racing it for them. Where
 * a row exists already (a fan-out begun before and not recorded), the rows are written one by one, each
 * kept if it is there, pending for the stream and the sweep, and the event row is recorded after. An
 * event about a person erased since (data/erasures.ts: the row was held while the erase ran, its copy
 * still names them) gets no rows, as the erase drops a pending one: the writes carry that condition, so
 * an erase that begins meanwhile stops them too.
 */
export async function fanOutEvent(row: OutboxRow, complete: Delivery['complete'], claimedBy?: string): Promise<OutboxRow[]> {
  if (row.payload.kind !== 'event') throw new Error('Not an event row');
  const { event } = row.payload;
  const names = subscribersOf(event).map((s) => s.name);
  if (!names.length) return [];
  // The erasure's marks are checked by conditions in the writes themselves (no read first: nearly no
  // event is about an erased person, and a failed condition writes nothing).
  const who = identityOf(event);
  const checks = who ? notErasedSince(event.orgId, who, event.at) : [];
  if (names.length + checks.length <= FAN_OUT_IN_ONE) {
    const items = subscriberRowItems(row, names, claimedBy);
    try {
      // Not recorded (the claim was lost): nothing was written, the row's new holder fans it out.
      if (!(await complete([...checks, ...items]))) return [];
      return claimedBy ? items.map((item) => strip<OutboxRow>(item.Put!.Item)!) : [];
    } catch (error) {
      if (!(error instanceof TransactionFailure && error.conditionFailed)) throw error;
      if (checks.some((_, i) => error.failedAt(i))) return [];
    }
  }
  await fanOutToSubscribers(row, names, checks);
  return [];
}

/** A subscriber's row: runs its subscriber on its event (throws what the subscriber throws). */
export async function runSubscriber(row: OutboxRow, complete: Delivery['complete']): Promise<void> {
  if (row.payload.kind !== 'subscriber') throw new Error('Not a subscriber row');
  const { subscriber: name, event } = row.payload;
  const subscriber = SUBSCRIBERS.find((s) => s.name === name);
  if (!subscriber) throw new NoSuchSubscriber(name);
  await subscriber.handle(event, { rowId: row.id, attempt: row.attempts, complete });
}
