// What a subscriber of the domain events is (docs/conventions.md "Events and subscribers"): a name, the
// event types it wants, and what it does with one. Delivered at least once: `handle` may run again for
// the same event (its run died before it was recorded), so what it writes must be idempotent on its
// own: ids derived from `event.id` and conditional writes, never "read, then add one". The one
// exception: a count (an ADD) rides in `delivery.complete`, the transaction that records the run, so it
// happens exactly when the run is recorded, once.
import type { TransactItem } from '../../data/core';
import type { DomainEvent, DomainEventType } from '../../data/event-types';

/** How a run of `handle` came about: the subscriber's row, and which try of it this is (1, 2, ...). */
export interface Delivery {
  rowId: string;
  attempt: number;
  /**
   * Records the run as done (its row sent) in ONE transaction with `items`, the counts it makes: both or
   * neither. False when the row was taken over (its new holder counts); a failed condition of `items` is
   * thrown as a TransactionFailure indexing them. Without a call the run is recorded after `handle`.
   */
  complete: (items: readonly TransactItem[]) => Promise<boolean>;
}

export interface Subscriber<T extends DomainEventType = DomainEventType> {
  /**
   * Stable and unique (lowercase letters, digits and '-'): part of its rows' ids, so renaming it makes
   * the events not yet delivered to it go to nobody. Keep it when the code moves.
   */
  name: string;
  events: readonly T[];
  /** Whether it wants this event of its types (default: all): one it does not want gets no row. */
  wants?: (event: Extract<DomainEvent, { type: T }>) => boolean;
  /**
   * Does the subscriber's work for one event, or throws: a thrown error is retried with the outbox's
   * backoff (30 s doubling, at most 30 min) for a day, then given up ('failed', an error line); an
   * error with `permanent: true` is given up at once.
   */
  handle: (event: Extract<DomainEvent, { type: T }>, delivery: Delivery) => Promise<void>;
}

/** A subscriber as the registry keeps it, typed by its own events (`handle` sees only those). */
export const defineSubscriber = <T extends DomainEventType>(subscriber: Subscriber<T>): Subscriber => subscriber as unknown as Subscriber;

/** A subscriber's name must be able to sit in an outbox row id. */
export const SUBSCRIBER_NAME = /^[a-z0-9][a-z0-9-]{0,40}$/;
