// DELETE /customers/{id}[?version=]: delete a customer. Only a customer without appointments, bookings,
// form answers or payments can go (their history is kept; erasing the patient removes their personal
// data instead). Staff notes of their record go with them.
import { noData } from '#shared/common/schemas';
import { versionQuery } from '#shared/appointments/schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { deleteCustomer, getCustomer } from '../data/customers';
import { recordKeepsCustomer, removeRecordOfDeleted } from '#domain/patients/before-delete';
import { staleCustomer } from './lib/common';

const HAS_APPOINTMENTS = 'This customer has appointments, so their record is kept.';
const HAS_RECORD = 'This customer has bookings, form answers or payments, so their record is kept. To remove their personal data, erase the patient.';

export const handler = endpoint({ query: versionQuery, reply: noData }, async ({ query, params, caller }) => {
  const current = await getCustomer(caller.orgId, params.id);
  if (!current) throw notFound('Customer not found.');
  if (query.version !== undefined && query.version !== current.version) throw staleCustomer();
  if ((current.appointmentCount ?? 0) > 0) throw conflict(HAS_APPOINTMENTS);
  if (await recordKeepsCustomer(caller.orgId, current.id)) throw conflict(HAS_RECORD);
  if (!(await deleteCustomer(current, caller.userId))) {
    const now = await getCustomer(caller.orgId, current.id);
    throw now && (now.appointmentCount ?? 0) > 0 ? conflict(HAS_APPOINTMENTS) : staleCustomer();
  }
  await removeRecordOfDeleted(caller.orgId, current.id);
  return { message: 'The customer is deleted.' };
});
