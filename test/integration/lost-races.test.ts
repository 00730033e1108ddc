// What each read-modify-write ends in when every try loses its race (data/core.ts retryOnConflict):
// the Stripe consumers and the appointment booking run in this process against the local table, with
// the guarded move they retry made to lose every time (the record "changed meanwhile" on each try).
//   booking payment  4 tries, each reading the booking again, then an error: the event is not marked
//                    done and Stripe delivers it again
//   booking refund   3 tries, each reading again, then left as it is (quietly)
//   form refund      3 tries, each reading again, then left as it is (quietly)
//   appointment      3 tries when the same new person's customer record keeps being taken, then the
//                    last refusal goes up as it is, and the files stored for it are deleted
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { CheckoutSession } from '#lib/stripe';
import type { TransactItem } from '../../functions/data/core';
import { signUpOwner, uniqueEmail } from '../support/api';
import { bookingForm, inDays, objectsUnder, PNG } from './appointments-support';
import { dayAhead, getBooking, holdBooking, newClinic, paidBooking } from './booking-support';

const lose = vi.hoisted(() => ({
  confirmHeld: vi.fn(() => Promise.resolve(false)),
  updateBooking: vi.fn(() => Promise.resolve(false)),
  cancelConfirmed: vi.fn(() => Promise.resolve(false)),
  movePayment: vi.fn(() => Promise.resolve(false)),
  getPayment: vi.fn(),
  customerTaken: vi.fn<() => Promise<TransactItem>>(),
}));

vi.mock('../../functions/domain/bookings/places', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../functions/domain/bookings/places')>()),
  confirmHeld: lose.confirmHeld,
  updateBooking: lose.updateBooking,
  cancelConfirmed: lose.cancelConfirmed,
}));
vi.mock('../../functions/data/bookings', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/data/bookings')>();
  return { ...real, getBooking: vi.fn(real.getBooking) };
});
vi.mock('../../functions/data/submissions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../functions/data/submissions')>()),
  getPayment: lose.getPayment,
  movePayment: lose.movePayment,
}));
// The customer's items gain a check that always fails: as if the same new person were created by
// another booking at the same instant, on every try.
vi.mock('../../functions/data/customers', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/data/customers')>();
  return {
    ...real,
    customerForBooking: vi.fn(async (...args: Parameters<typeof real.customerForBooking>) => {
      const customer = await real.customerForBooking(...args);
      return { ...customer, items: [...customer.items, await lose.customerTaken()] };
    }),
  };
});

beforeAll(() => {
  for (const [name, value] of Object.entries(inject('stackEnv'))) vi.stubEnv(name, value);
});
afterAll(() => vi.unstubAllEnvs());

const session = (orgId: string, bookingId: string): CheckoutSession => ({
  id: `cs_lost_${bookingId}`,
  url: 'https://checkout.example/lost',
  status: 'complete',
  payment_status: 'paid',
  amount_total: 4950,
  currency: 'usd',
  metadata: { kind: 'booking', orgId, bookingId },
  payment_intent: `pi_lost_${bookingId}`,
  customer_email: 'payer@example.com',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
});

describe('every try lost', () => {
  it('a booking payment: read again before each of 4 tries, then an error so Stripe delivers the event again', async () => {
    const { bookingPaymentConsumer } = await import('../../functions/domain/bookings/payment-consumer');
    const { getBooking: read } = await import('../../functions/data/bookings');
    const clinic = await newClinic('lostpay');
    const held = await holdBooking(clinic, dayAhead(3), '10:00');
    lose.confirmHeld.mockClear();
    vi.mocked(read).mockClear();
    await expect(bookingPaymentConsumer.completed(session(clinic.owner.orgId, held.id), {} as never)).rejects.toThrow(`Booking ${held.id} kept changing while its payment was recorded`);
    expect(lose.confirmHeld).toHaveBeenCalledTimes(4);
    // The first read finds it; each later try reads it again.
    expect(vi.mocked(read).mock.calls.filter(([, id]) => id === held.id)).toHaveLength(4);
    expect((await getBooking(clinic, held.id)).status).toBe('held');
  });

  it('a booking refund: read again for each of 3 tries, then left as it is', async () => {
    const { bookingPaymentConsumer } = await import('../../functions/domain/bookings/payment-consumer');
    const clinic = await newClinic('lostrefund');
    const paid = await paidBooking(clinic, dayAhead(4), '11:00', uniqueEmail('lostrefund'));
    lose.updateBooking.mockClear();
    const orgId = clinic.owner.orgId;
    const refund = { paymentIntentId: `pi_lost_refund_${paid.id}`, amount: 4950, amountRefunded: 1000, at: Date.now() };
    await expect(bookingPaymentConsumer.refunded!({ kind: 'booking', orgId, metadata: { kind: 'booking', orgId, bookingId: paid.id } }, refund, {} as never)).resolves.toBeUndefined();
    expect(lose.updateBooking).toHaveBeenCalledTimes(3);
    expect(await getBooking(clinic, paid.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('a form payment refund: read again for each of 3 tries, then left as it is', async () => {
    const { formPaymentConsumer } = await import('../../functions/domain/forms/payment-consumer');
    const orgId = `org-lost-${Date.now()}`;
    lose.getPayment.mockResolvedValue({ orgId, id: 'p-lost', submissionId: 's-lost', status: 'paid', currency: 'usd', amountCents: 4000, packageName: 'Intake', formName: 'Intake form' });
    lose.getPayment.mockClear();
    lose.movePayment.mockClear();
    const refund = { paymentIntentId: 'pi_lost_form', amount: 4000, amountRefunded: 1500, at: Date.now() };
    await expect(formPaymentConsumer.refunded!({ kind: 'form-payment', orgId, metadata: { kind: 'form-payment', orgId, paymentId: 'p-lost' } }, refund, {} as never)).resolves.toBeUndefined();
    expect(lose.movePayment).toHaveBeenCalledTimes(3);
    expect(lose.getPayment).toHaveBeenCalledTimes(3);
  });

  it('an appointment whose new customer keeps being taken: 3 tries, then the refusal, and its files are deleted', async () => {
    const { bookAppointment } = await import('../../functions/appointments/lib/book');
    const { TransactionFailure } = await import('../../functions/data/core');
    const { table } = await import('../../functions/data/dynamo');
    const { getOrganization } = await import('../../functions/data/organizations');
    const { customerForBooking } = await import('../../functions/data/customers');
    const owner = await signUpOwner('lostappt');
    const org = (await getOrganization(owner.orgId))!;
    const id = `lost-${Date.now()}`;
    const prefix = `private/org/${owner.orgId}/appointments/${id}/`;
    const storedDuringTries: string[][] = [];
    lose.customerTaken.mockImplementation(async () => {
      storedDuringTries.push(await objectsUnder(prefix));
      return { ConditionCheck: { TableName: table(), Key: { pk: `ORG#${owner.orgId}#LOST`, sk: 'never-there' }, ConditionExpression: 'attribute_exists(pk)' } };
    });
    vi.mocked(customerForBooking).mockClear();
    const input = Object.fromEntries(bookingForm({ bookingDate: inDays(10) }).entries()) as never;
    const attempt = bookAppointment({ org, input, id, files: { insuranceCardImage: { filename: 'card.png', mimetype: 'image/png', content: PNG } } });
    const failure = await attempt.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransactionFailure);
    expect((failure as InstanceType<typeof TransactionFailure>).conditionFailed).toBe(true);
    expect(customerForBooking).toHaveBeenCalledTimes(3);
    // The card was stored while it was tried, and is gone once the booking was refused.
    expect(storedDuringTries).toHaveLength(3);
    expect(storedDuringTries[0]).toHaveLength(1);
    expect(await objectsUnder(prefix)).toEqual([]);
  });
});
