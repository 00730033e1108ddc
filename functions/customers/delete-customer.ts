// DELETE /customers/{id}[?version=]: only a customer without appointments (their history is kept).
import { versionQuery } from '#shared/schemas/appointments';
import { conflict, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { transact } from '../data/appointments';
import { auditItem } from '../data/audit';
import { deleteCustomerItems, getCustomer } from '../data/customers';
import { staleCustomer } from './lib/common';

const HAS_APPOINTMENTS = 'This customer has appointments, so their record is kept.';

export const handler = endpoint({ query: versionQuery }, async ({ query, params, caller }) => {
  const current = await getCustomer(caller.orgId, params.id!);
  if (!current) throw notFound('Customer not found.');
  if (query.version !== undefined && query.version !== current.version) throw staleCustomer();
  if ((current.appointmentCount ?? 0) > 0) throw conflict(HAS_APPOINTMENTS);
  try {
    await transact([
      ...deleteCustomerItems(current, current.version),
      auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Customers', action: 'delete', recordType: 'customer', recordId: current.id, summary: `Deleted customer ${current.firstName} ${current.lastName}` }),
    ]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const now = await getCustomer(caller.orgId, current.id);
    throw now && (now.appointmentCount ?? 0) > 0 ? conflict(HAS_APPOINTMENTS) : staleCustomer();
  }
  return { message: 'The customer is deleted.' };
});
