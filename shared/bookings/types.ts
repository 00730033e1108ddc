// What the bookings API answers, as the console reads it (the handlers build exactly these): the types
// of the reply schemas in shared/<domain>/records.ts (one source; imported as types only, so no schema
// reaches a bundle).
import type * as z from 'zod/mini';
import type { availabilityViewRecord, bookingPackageViewRecord, bookingViewRecord } from './records';

export type BookingPackageView = z.output<typeof bookingPackageViewRecord>;

/** A booking as the API shows it: its fields, with amounts in dollars and the time as a person reads it. */
export type BookingView = z.output<typeof bookingViewRecord>;

/** A booking's own fields, stored and shown alike (the data layer adds its own, e.g. orgId). */
export type BookingFields = Omit<BookingView, 'price' | 'priceMinor' | 'amountPaid' | 'bookingTimeLabel' | 'timeZoneName' | 'paymentState' | 'balanceDueMinor'>;

export type AvailabilityView = z.output<typeof availabilityViewRecord>;
