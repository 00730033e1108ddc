// The intake answers a booking request carries, on their own: the series request (series-schemas.ts)
// needs this one schema, and importing it from schemas.ts put every booking schema, built at load, into
// functions that take none of them (bookings/move-series was over its bundle budget).
import * as z from 'zod/mini';

/**
 * The answers to a package's intake form asked on the booking page (its fields' ids and values, as a
 * public form's submission sends them: shared/forms/validate.ts checks them against the form).
 */
export const intakeAnswers = z.optional(z.object({
  items: z.array(z.object({ fieldId: z.string('Each answer needs a fieldId'), value: z.string('Each answer needs a string value') }), 'items is required').check(z.maxLength(300, 'The submission has too many answers.')),
}));
