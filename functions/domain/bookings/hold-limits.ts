// How much a stranger may hold without paying (issue 28). A hold blocks a time for everyone else, so
// unpaid holds are capped three ways, each a claim counted in the hold's own transaction
// (data/hold-claims.ts, places.ts holdPlace):
//   - one unpaid hold per patient: per normalised email and per phone number (E.164) of an organisation;
//   - NETWORK_HOLDS per client network (the /24 of an IPv4 address, the /64 of an IPv6 one: what one
//     subscriber can rotate through);
//   - DAY_SHARE of what a day can hold, per resource: the clinic-wide schedule (the day's slots times
//     their capacity), or one practitioner (how many of this package's bookings, buffers included, fit
//     in that person's working hours that day, back to back). So a stranger with many addresses
//     and names can take at most a quarter of a day, or of each practitioner's day; at least one hold
//     is always allowed, so a small day can still be booked.
import { slotsOfWeekday, type AvailabilityRules } from '#shared/bookings/slots';
import { busySpan, practitionerDay, type ServiceTiming } from '#shared/bookings/practitioner-times';
import type { PractitionerRecord } from '../../data/practitioners';

/**
 * How long an unpaid hold lasts. Long enough to type a card number (Stripe's own checkout pages are done
 * in a minute or two), short enough that an abandoned or hoarded hold frees its time soon. Stripe's
 * sessions live 30 minutes at least, so when a hold ends the product expires its session at Stripe.
 */
export const HOLD_MINUTES = 10;
/** Unpaid holds one client network may have in an organisation at once (a family booking together fits). */
export const NETWORK_HOLDS = 3;
/** The share of a day's places unpaid holds may take at once. */
export const DAY_SHARE = 0.25;

const capOf = (places: number) => Math.max(1, Math.floor(places * DAY_SHARE));

/** The day cap on the clinic-wide schedule: a share of the day's slots times their capacity. */
export const clinicDayCap = (rules: AvailabilityRules, date: string) => capOf(slotsOfWeekday(rules, date).length * rules.capacity);

/**
 * The day cap of one practitioner: a share of how many such bookings fit in their day, one after another,
 * on the starts an empty day offers (practitioner-times.ts: the default grid steps by the whole visit, so
 * those are back to back; a package's own interval may leave room between them).
 */
export function practitionerDayCap(rules: AvailabilityRules, timing: ServiceTiming, practitioner: PractitionerRecord, date: string, now: Date): number {
  const { slots } = practitionerDay({ date, timeZone: rules.timeZone, hours: practitioner, timing, closedDates: rules.closedDates, taken: new Set(), now });
  let fits = 0;
  let freeFrom = -Infinity;
  // Equal lengths: taking the earliest start that fits each time packs the most (interval scheduling).
  for (const s of slots) {
    const span = busySpan(s.startUtc, s.endUtc, timing.bufferBeforeMinutes, timing.bufferAfterMinutes);
    if (span.startMs < freeFrom) continue;
    fits++;
    freeFrom = span.endMs;
  }
  return capOf(fits);
}

/** The client network of an address key (http.ts clientKey: an IPv4 address, or an IPv6 /64 already). */
export function networkOf(addressKey: string): string {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(addressKey);
  return v4 ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : addressKey;
}
