// POST /public/appointments/book-custom: a visitor requests an appointment (the public request page).
// No sign-in: the organisation is found from organizationApiKey only. The visitor gets a mail, staff
// who read appointments get a notification (outbox rows in the appointment's transaction). A request
// starts as 'requested'. Idempotent: the appointment's id (and its files' keys) come from the
// Idempotency-Key and the reply is stored with the appointment, so a retry never makes a second one.
import { publicBookingSchema, requestAppointmentReply } from '#shared/appointments/schemas';
import { endpoint } from '#http/http';
import { notFound } from '#lib/errors';
import { withReply } from '#lib/request-scope';
import { findOrgIdByApiKey, getOrganization } from '../data/organizations';
import { bookAppointment } from './lib/book';
import { UNKNOWN_PAGE } from '#domain/appointments/views';

export const handler = endpoint({ body: publicBookingSchema, reply: requestAppointmentReply }, async ({ body, files, newId }) => {
  const orgId = await findOrgIdByApiKey(body.organizationApiKey);
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_PAGE);
  const id = newId('appointment');
  // The visitor sees only what they sent and the reference, not the clinic's internal fields.
  const reply = {
    status: 201,
    message: 'Thank you. Your appointment request was sent; we emailed you a confirmation.',
    data: { id, status: 'requested', bookingDate: body.bookingDate, bookingTime: body.bookingTime },
  };
  // The appointment's one transaction stores the reply with it.
  // The patient's language: their page's, else the clinic's default (their mails and reminders use it).
  await withReply(reply, () => bookAppointment({ org, input: body, files, id, locale: body.locale ?? org.defaultLanguage }));
  return reply;
});
