// The outbox's side of the domain events (the subscribers' worker, functions/outbox/run-subscribers.ts, calls these): an event row
// is fanned out into one row per subscriber that wants its type; a subscriber's row runs that one
// subscriber. Each subscriber row is claimed, retried, given up and logged by the worker like any outbox
// row, so one failing subscriber neither holds up another nor makes it run again, and a row delivered
// twice (a stream record handed over again, the sweep) runs its subscriber once: its claim is conditional.
import { fanOutToSubscribers } from '../../data/events';
import type { OutboxRow } from '../../data/outbox';
import { SUBSCRIBERS } from './registry';
import type { Subscriber } from './subscriber';

/** A subscriber's row whose subscriber is gone from the registry: given up at once, kept for a person to look at. */
export class NoSuchSubscriber extends Error {
  readonly permanent = true;
  constructor(name: string) {
    super(`No subscriber named ${name} (removed or renamed?)`);
    this.name = 'NoSuchSubscriber';
  }
}

/** The subscribers that want events of `type`. */
export const subscribersOf = (type: string): Subscriber[] => SUBSCRIBERS.filter((s) => (s.events as readonly string[]).includes(type));

/** An event row: one row per subscriber that wants it (none: nothing to do). */
export async function fanOutEvent(row: OutboxRow): Promise<void> {
  if (row.payload.kind !== 'event') throw new Error('Not an event row');
  await fanOutToSubscribers(row, subscribersOf(row.payload.event.type).map((s) => s.name));
}

/** A subscriber's row: runs its subscriber on its event (throws what the subscriber throws). */
export async function runSubscriber(row: OutboxRow): Promise<void> {
  if (row.payload.kind !== 'subscriber') throw new Error('Not a subscriber row');
  const { subscriber: name, event } = row.payload;
  const subscriber = SUBSCRIBERS.find((s) => s.name === name);
  if (!subscriber) throw new NoSuchSubscriber(name);
  await subscriber.handle(event, { rowId: row.id, attempt: row.attempts });
}
