// The waitlist (issue 37): the shapes its answers are made of. A patient waits for a package (and a
// practitioner, or anyone) on some weekdays between two local times, until a date; when a time that
// suits them frees, it is offered to them (held for the clinic's window) or to everyone waiting at once.
import * as z from 'zod/mini';
import { CURRENCIES } from '../currency';

export const WAITLIST_STATUSES = ['waiting', 'booked', 'left', 'ended'] as const;
export const OFFER_STATUSES = ['open', 'taken', 'lapsed', 'withdrawn'] as const;
/** 'one-by-one': the time is held for the first waiting patient for the window, then the next. 'all-at-once': everyone who fits is told, first to book wins. */
export const WAITLIST_MODES = ['one-by-one', 'all-at-once'] as const;
export type WaitlistMode = (typeof WAITLIST_MODES)[number];

/** One patient waiting (staff's view). `days`: ISO weekdays, 1 Monday to 7 Sunday; times are the clinic's local times. */
export const waitlistEntryRecord = z.object({
  id: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  packageId: z.string(),
  packageName: z.string(),
  practitionerId: z.nullable(z.string()),
  practitionerName: z.nullable(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  locale: z.nullable(z.string()),
  days: z.array(z.number()),
  fromTime: z.string(),
  toTime: z.string(),
  until: z.string(),
  offersMade: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A time offered to a waiting patient: held for them until `expiresAt` ('one-by-one'), or told to them ('all-at-once'). */
export const waitlistOfferRecord = z.object({
  id: z.string(),
  entryId: z.string(),
  mode: z.enum(WAITLIST_MODES),
  status: z.enum(OFFER_STATUSES),
  /** 'freed': a time came free; 'staff': offered by hand. */
  source: z.enum(['freed', 'staff']),
  packageId: z.string(),
  packageName: z.string(),
  practitionerId: z.nullable(z.string()),
  practitionerName: z.nullable(z.string()),
  startUtc: z.string(),
  endUtc: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  timeZone: z.string(),
  /** The held booking (its id is the offer's) once taken or while held; null for 'all-at-once'. */
  bookingId: z.nullable(z.string()),
  /** The package's price: minor units of `currency`. */
  priceMinor: z.number(),
  currency: z.enum(CURRENCIES),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The clinic's waitlist settings. */
export const waitlistSettingsRecord = z.object({
  mode: z.enum(WAITLIST_MODES),
  /** How long an offered time is held for (or open to) the patient. */
  holdMinutes: z.number(),
});

/** What staff see of the list as a whole: how many wait, how many times were offered and how many the list filled. */
export const waitlistSummaryRecord = z.object({
  waiting: z.number(),
  offersMade: z.number(),
  filled: z.number(),
  settings: waitlistSettingsRecord,
});

/** What the patient's link shows of an offer (no other patient's data). */
export const publicOfferRecord = z.object({
  ...z.pick(waitlistOfferRecord, {
    id: true, status: true, mode: true, packageName: true, practitionerName: true, startUtc: true, endUtc: true, bookingDate: true, bookingTime: true, timeZone: true, priceMinor: true, currency: true, expiresAt: true, packageId: true, practitionerId: true,
  }).shape,
  clinicName: z.string(),
  firstName: z.string(),
});
