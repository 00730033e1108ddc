// The sms records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { pure } from '../common/schemas';

/** A text message sent (functions/data/sms.ts SmsMessage). */
export const smsMessageRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  to: z.string(),
  message: z.string(),
  customerId: z.optional(z.string()),
  customerName: z.optional(z.string()),
  status: z.enum(['failed', 'sent']),
  /** The provider's message id (SNS MessageId, or the local outbox id). */
  providerMessageId: z.optional(z.string()),
  error: z.optional(z.string()),
  sentBy: z.string(),
  sentByName: z.string(),
  at: z.string(),
}));

/** A text message just sent, as POST /sms answers it: the same record as in the list. */
export const smsMessageViewRecord = smsMessageRecord;
