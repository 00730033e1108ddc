// POST /public/appointments/book-custom: the public appointment request page (room-integration/{apiKey}).
// No sign-in: the organisation is found from organizationApiKey only. The visitor gets a mail, staff
// who read appointments get a notification. A request starts as 'requested'.
import { publicBookingSchema } from '#shared/schemas/appointments';
import { endpoint } from '#lib/http';
import { notFound } from '#lib/errors';
import { findOrgIdByApiKey, getOrganization } from '../data/organizations';
import { bookAppointment } from './lib/book';
import { UNKNOWN_PAGE } from './lib/views';

export const handler = endpoint({ body: publicBookingSchema }, async ({ body, files }) => {
  const orgId = await findOrgIdByApiKey(body.organizationApiKey);
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_PAGE);
  const appointment = await bookAppointment({ org, input: body, files });
  // The visitor sees only what they sent and the reference, not the clinic's internal fields.
  return {
    status: 201,
    message: 'Thank you. Your appointment request was sent; we emailed you a confirmation.',
    data: { id: appointment.id, status: appointment.status, bookingDate: appointment.bookingDate, bookingTime: appointment.bookingTime },
  };
});
