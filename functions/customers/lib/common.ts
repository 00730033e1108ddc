// Shared by the customer handlers. Permissions live on the Appointment module (the spec gives
// customers no module of their own; they are the people appointments are for).
import { conflict } from '#lib/errors';
import type { Customer } from '../../data/customers';

export const staleCustomer = () => conflict('This customer was changed by someone else. Reload and try again.');
export const EMAIL_TAKEN = 'Another customer already has this email.';
export const PHONE_TAKEN = 'Another customer already has this phone number.';

export function customerView(c: Customer) {
  const { orgId: _o, ...rest } = c;
  return { ...rest, fullName: `${c.firstName} ${c.lastName}` };
}
