// The subscribers of the domain events: one line each (docs/conventions.md "Events and subscribers").
// A new feature that reacts to a time freed, a booking confirmed, a payment completed or an
// appointment cancelled adds its subscriber here (a file of its own, functions/domain/<context>/...),
// instead of a branch in each place that makes the change. The subscribers' worker
// (functions/outbox/run-subscribers.ts, the table only) bundles every subscriber, apart from the mail
// deliverer: keep them small (its bundle is under the 350 KB budget, npm run bench) and table-only.
// Subscribing today: the waitlist (time-freed, booking-confirmed: offer a freed time), patient records (booking-confirmed,
// payment-completed, form-submitted: the patient's timeline), the intake mail (booking-confirmed), and a
// lead's staff notice and counts (form-submitted: kept out of the visitor's transaction).
import type { Subscriber } from './subscriber';
import { waitlistSubscriber } from '../waitlist/on-time-freed';
import { patientsOnEvents } from '../patients/on-events';
import { intakeMailSubscriber } from '#domain/intake/mail';
import { leadReceivedSubscriber } from '../forms/on-lead-received';

export const SUBSCRIBERS: readonly Subscriber[] = [waitlistSubscriber, patientsOnEvents, intakeMailSubscriber, leadReceivedSubscriber];
