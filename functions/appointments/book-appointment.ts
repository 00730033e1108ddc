// POST /appointments/book-custom: the console's Book Appointment (Appointment write). The organisation
// comes from the token; an organizationApiKey in the form is ignored. Booked by staff: confirmed.
import { staffBookingSchema, bookAppointmentReply } from '#shared/appointments/schemas';
import { endpoint } from '#http/http';
import { notFound } from '#lib/errors';
import { getOrganization } from '../data/organizations';
import { callerName } from '#domain/appointments/actors';
import { bookAppointment } from './lib/book';
import { toView } from '#domain/appointments/views';

export const handler = endpoint({ body: staffBookingSchema, reply: bookAppointmentReply }, async ({ body, files, caller }) => {
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Organisation not found.');
  const appointment = await bookAppointment({ org, input: body, files, staff: { caller, name: await callerName(caller) } });
  return { status: 201, message: 'The appointment is booked.', data: toView(appointment) };
});
