// The Stripe Customer of a patient at a clinic, found or made (data/stripe-customers.ts): a card held
// for fees is saved to it, and a returning patient reuses it. Making one is idempotent at Stripe (the
// key is the clinic's and the patient's), and remembering it is a conditional write: two first
// bookings at once end with one Customer.
import { createHash } from 'node:crypto';
import { createCustomer } from '#lib/stripe-setup';
import { getStripeCustomerId, putStripeCustomerId } from '../../data/stripe-customers';

export async function patientCustomerId(orgId: string, patient: { email: string; firstName: string; lastName: string; phoneNumber?: string }): Promise<string> {
  const known = await getStripeCustomerId(orgId, patient.email);
  if (known) return known;
  const email = patient.email.trim().toLowerCase();
  const customer = await createCustomer({
    email,
    name: `${patient.firstName} ${patient.lastName}`.trim(),
    phone: patient.phoneNumber,
    metadata: { orgId },
    // Never the address itself in a key Stripe logs.
    idempotencyKey: `customer-${orgId}-${createHash('sha256').update(email).digest('hex').slice(0, 32)}`,
  });
  if (await putStripeCustomerId(orgId, email, customer.id, new Date().toISOString())) return customer.id;
  return (await getStripeCustomerId(orgId, email)) ?? customer.id;
}
