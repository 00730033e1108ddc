// POST /customers { firstName, lastName, email?, phone?, gender?, dob?, notes? }: add a customer.
// Email and phone are each unique within the organisation (a booking with either finds this customer again).
import { customerSchema, createCustomerReply } from '#shared/customers/schemas';
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { createCustomer, type Customer } from '../data/customers';
import { EMAIL_TAKEN, PHONE_TAKEN, customerView } from './lib/common';

export const handler = endpoint({ body: customerSchema, reply: createCustomerReply }, async ({ body, caller }) => {
  const now = new Date().toISOString();
  const { version: _v, ...fields } = body;
  const customer: Customer = { id: randomId(), orgId: caller.orgId, ...fields, appointmentCount: 0, createdAt: now, updatedAt: now, version: 1 };
  const outcome = await createCustomer(customer, caller.userId);
  if (outcome === 'email-taken') throw conflict(EMAIL_TAKEN);
  if (outcome === 'phone-taken') throw conflict(PHONE_TAKEN);
  return { status: 201, message: 'The customer is added.', data: customerView(customer) };
});
