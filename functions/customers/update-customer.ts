// PUT /customers/{id} { firstName, lastName, email?, phone?, gender?, dob?, notes?, version? }: save a
// customer as a whole. With `version`, a change made meanwhile by someone else is refused (409).
import { customerSchema, updateCustomerReply } from '#shared/customers/schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getCustomer, saveCustomer } from '../data/customers';
import { EMAIL_TAKEN, PHONE_TAKEN, customerView, staleCustomer } from './lib/common';

export const handler = endpoint({ body: customerSchema, reply: updateCustomerReply }, async ({ body, params, caller }) => {
  const current = await getCustomer(caller.orgId, params.id);
  if (!current) throw notFound('Customer not found.');
  if (body.version !== undefined && body.version !== current.version) throw staleCustomer();
  const { version: _v, ...fields } = body;
  const outcome = await saveCustomer(current, fields, caller.userId);
  if (outcome === 'stale') throw staleCustomer();
  if (outcome === 'email-taken') throw conflict(EMAIL_TAKEN);
  if (outcome === 'phone-taken') throw conflict(PHONE_TAKEN);
  return { message: 'The customer is saved.', data: customerView((await getCustomer(caller.orgId, current.id))!) };
});
