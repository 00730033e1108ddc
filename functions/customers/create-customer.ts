// POST /customers { firstName, lastName, email?, phone?, gender?, dob?, notes? }: email and phone are
// each unique within the organisation (a booking with either finds this customer again).
import { customerSchema } from '#shared/schemas/customers';
import { conflict, isConditionFailure } from '#lib/errors';
import { endpoint } from '#lib/http';
import { randomId } from '#lib/passwords';
import { failedConditions, transact } from '../data/appointments';
import { auditItem } from '../data/audit';
import { createCustomerItems, type Customer } from '../data/customers';
import { EMAIL_TAKEN, PHONE_TAKEN, customerView } from './lib/common';

export const handler = endpoint({ body: customerSchema }, async ({ body, caller }) => {
  const now = new Date().toISOString();
  const { version: _v, ...fields } = body;
  const customer: Customer = { id: randomId(), orgId: caller.orgId, ...fields, appointmentCount: 0, createdAt: now, updatedAt: now, version: 1 };
  const items = createCustomerItems(customer);
  try {
    await transact([
      ...items,
      auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Customers', action: 'create', recordType: 'customer', recordId: customer.id, summary: `Added customer ${customer.firstName} ${customer.lastName}` }),
    ]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const failed = failedConditions(error);
    // Items: customer, then the email lookup (when there is an email), then the phone lookup.
    const emailAt = customer.email ? 1 : -1;
    if (failed.includes(emailAt)) throw conflict(EMAIL_TAKEN);
    throw conflict(PHONE_TAKEN);
  }
  return { status: 201, message: 'The customer is added.', data: customerView(customer) };
});
