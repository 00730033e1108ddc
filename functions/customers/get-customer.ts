// GET /customers/{id}: the customer and their appointments (latest booking first, up to 100).
import { getCustomerReply } from '#shared/customers/schemas';
import { endpoint } from '#http/http';
import { notFound } from '#lib/errors';
import { getAppointments } from '../data/appointments';
import { getCustomer, listCustomerAppointmentIds } from '../data/customers';
import { toView } from '#domain/appointments/views';
import { customerView } from './lib/common';

export const handler = endpoint({ reply: getCustomerReply }, async ({ params, caller }) => {
  const customer = await getCustomer(caller.orgId, params.id);
  if (!customer) throw notFound('Customer not found.');
  const appointments = await getAppointments(caller.orgId, await listCustomerAppointmentIds(caller.orgId, customer.id, 100));
  return { data: { ...customerView(customer), appointments: appointments.map(toView) } };
});
