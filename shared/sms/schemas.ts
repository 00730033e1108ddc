// SMS to a customer or a phone number: a plus sign and 10 to 15 digits; 1 to 480 characters.
import * as z from 'zod/mini';
import { optionalPhone, pageOf, pure } from '../common/schemas';
import { smsMessageRecord, smsMessageViewRecord } from './records';

export const SMS_MAX_LENGTH = 480;

export const sendSmsSchema = z
  .object({
    customerId: z.optional(z.pipe(z.string().check(z.trim(), z.maxLength(64)), z.transform((v) => v || undefined))),
    phone: optionalPhone(),
    message: z.string({ error: 'Message is required' }).check(
      z.trim(),
      z.minLength(1, 'Message is required'),
      z.maxLength(SMS_MAX_LENGTH, `Message must be at most ${SMS_MAX_LENGTH} characters`),
    ),
  })
  .check(z.refine((b) => Boolean(b.customerId || b.phone), { message: 'Choose a customer or enter a phone number', path: ['phone'] }));
export type SendSms = z.infer<typeof sendSmsSchema>;

export const listSmsQuery = z.object({
  pageSize: z.optional(z.coerce.number().check(z.int('pageSize must be a whole number'), z.minimum(1, 'pageSize must be at least 1'), z.maximum(100, 'pageSize must be at most 100'))),
  cursor: z.optional(z.string().check(z.maxLength(2000, 'The page cursor is not valid.'))),
  customerId: z.optional(z.string().check(z.maxLength(64))),
});

/** A number outside the countries the clinic's SMS may go to (organisation profile, SMS countries). */
export const SMS_COUNTRY_REFUSED = "Text messages may not go to this number's country. Add its country code to the SMS countries in the organisation profile.";

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of GET /sms. */
export const listSmsReply = /* @__PURE__ */ pure(() => pageOf(smsMessageRecord));

/** `data` of POST /sms. */
export const sendSmsReply = smsMessageViewRecord;
