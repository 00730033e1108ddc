// A patient's series given back before it is paid (issue 37.1): back from the course's Checkout
// without paying, or another choice on the booking page. As a single hold (places.ts giveBackHold):
// the Checkout is expired at Stripe first, so it cannot be paid after its times went to someone else,
// then every visit still held is released, each with its time-freed event (releaseHeld's guarded
// move: a repeated release, or the session's expired event arriving too, frees nothing twice).
import type { BookingRecord } from '../../data/bookings';
import { giveBackHold } from '#domain/bookings/places';
import { releasePatientSeries } from './patient';

/** 'paid' when the course was paid (or the card saved) meanwhile: nothing is released then. */
export async function giveBackPatientSeries(visits: readonly BookingRecord[], now = new Date()): Promise<'released' | 'paid'> {
  if (visits.some((b) => b.status === 'confirmed')) return 'paid';
  const held = visits.filter((b) => b.status === 'held');
  if (!held.length) return 'released';
  // The first held visit closes the course's one Checkout (all share it) and is released; the rest follow.
  if ((await giveBackHold(held[0], now)) === 'paid') return 'paid';
  await releasePatientSeries(held.slice(1));
  return 'released';
}
