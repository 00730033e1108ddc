// PUT /customers/{id} { firstName, lastName, email?, phone?, gender?, dob?, notes?, version? }
import { customerSchema } from '#shared/schemas/customers';
import { conflict, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { failedConditions, transact } from '../data/appointments';
import { auditItem } from '../data/audit';
import { getCustomer, updateCustomerItems } from '../data/customers';
import { EMAIL_TAKEN, PHONE_TAKEN, customerView, staleCustomer } from './lib/common';

export const handler = endpoint({ body: customerSchema }, async ({ body, params, caller }) => {
  const current = await getCustomer(caller.orgId, params.id!);
  if (!current) throw notFound('Customer not found.');
  if (body.version !== undefined && body.version !== current.version) throw staleCustomer();
  const { version: _v, ...fields } = body;
  const items = updateCustomerItems(current, fields, current.version, new Date().toISOString());
  try {
    await transact([
      ...items,
      auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Customers', action: 'update', recordType: 'customer', recordId: current.id, summary: `Updated customer ${fields.firstName} ${fields.lastName}` }),
    ]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const failed = failedConditions(error);
    if (failed.includes(0)) throw staleCustomer();
    const failedItem = items[failed[0]!] as { Put?: { Item: { pk: string } } };
    throw conflict(failedItem?.Put?.Item.pk.includes('#CUST#EMAIL#') ? EMAIL_TAKEN : PHONE_TAKEN);
  }
  return { message: 'The customer is saved.', data: customerView((await getCustomer(caller.orgId, current.id))!) };
});
