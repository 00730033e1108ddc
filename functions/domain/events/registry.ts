// The subscribers of the domain events: one line each (docs/conventions.md "Events and subscribers").
// A new feature that reacts to a time freed, a booking confirmed, a payment completed or an
// appointment cancelled adds its subscriber here (a file of its own, functions/domain/<context>/...),
// instead of a branch in each place that makes the change. The subscribers' worker
// (functions/outbox/run-subscribers.ts, the table only) bundles every subscriber, apart from the mail
// deliverer: keep them small (its bundle is under the 350 KB budget, npm run bench) and table-only.
// Today no feature subscribes: the events are written and fanned out to no one. The waitlist (issue 37:
// time-freed) and patient records (issue 36: booking-confirmed, payment-completed, appointment-cancelled)
// are the first.
import type { Subscriber } from './subscriber';
import { waitlistSubscriber } from '../waitlist/on-time-freed';
import { patientsOnEvents } from '../patients/on-events';
import { intakeMailSubscriber } from '#domain/intake/mail';
import { leadReceivedSubscriber } from '../forms/on-lead-received';

export const SUBSCRIBERS: readonly Subscriber[] = [waitlistSubscriber, patientsOnEvents, intakeMailSubscriber, leadReceivedSubscriber];
