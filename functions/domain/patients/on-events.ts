// The patients' subscriber (docs/conventions.md "Events and subscribers"): a confirmed booking, a
// payment and a lead with an email become items of their patient's record, the patient found by
// normalised email or phone, or created. At least once: every write is keyed by the event (the item's
// key is its time and what it points to) and a second run finds the patient the first created.
import { getBooking, bookingKey } from '../../data/bookings';
import { table } from '../../data/dynamo';
import type { BookingConfirmedEvent, FormSubmittedEvent, PaymentCompletedEvent } from '../../data/event-types';
import { getSubmission, listSubmissionPayments } from '../../data/submissions';
import type { TransactItem } from '../../data/core';
import { defineSubscriber } from '../events/subscriber';
import { linkToPatient } from './upsert';

/** The booking carries its patient (the shared `patientId` field); a booking gone changes nothing. */
const bookingPatientItem = (orgId: string, bookingId: string) => (patientId: string): TransactItem[] => [
  {
    Update: {
      TableName: table(),
      Key: bookingKey(orgId, bookingId),
      UpdateExpression: 'SET patientId = :p',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':p': patientId },
    },
  },
];

async function onBookingConfirmed(e: BookingConfirmedEvent) {
  await linkToPatient(e.orgId, e.patient, [{ kind: 'booking', refId: e.bookingId, at: e.at }], bookingPatientItem(e.orgId, e.bookingId));
}

/** A name split as the booking form asks it ("first last"). */
const nameParts = (name: string | null) => {
  const [firstName = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
};

async function onPaymentCompleted(e: PaymentCompletedEvent) {
  if (e.paidFor.type === 'booking') {
    const b = await getBooking(e.orgId, e.paidFor.id);
    if (!b) return;
    await linkToPatient(e.orgId, { firstName: b.firstName, lastName: b.lastName, email: b.email, phone: b.phoneNumber }, [{ kind: 'payment', refId: `booking:${b.id}`, at: e.at }]);
    return;
  }
  const sub = await getSubmission(e.orgId, e.paidFor.id);
  if (!sub) return;
  const payment = (await listSubmissionPayments(e.orgId, sub.id)).find((p) => p.paymentIntentId === e.paymentId || p.stripeSessionId === e.paymentId);
  if (!payment) return;
  const email = sub.email ?? payment.payerEmail;
  await linkToPatient(e.orgId, { ...nameParts(sub.name ?? payment.payerName), email }, [{ kind: 'payment', refId: `form:${payment.id}`, at: e.at }]);
}

async function onFormSubmitted(e: FormSubmittedEvent) {
  if (!e.email) return; // not given one (wants), but an older row may be delivered
  await linkToPatient(e.orgId, { ...nameParts(e.name), email: e.email }, [{ kind: 'submission', refId: e.submissionId, at: e.at }]);
}

export const patientsOnEvents = defineSubscriber({
  name: 'patients',
  events: ['booking-confirmed', 'payment-completed', 'form-submitted'],
  // A lead without an email is no one's record.
  wants: (event) => event.type !== 'form-submitted' || Boolean(event.email),
  async handle(event) {
    if (event.type === 'booking-confirmed') await onBookingConfirmed(event);
    else if (event.type === 'payment-completed') await onPaymentCompleted(event);
    else await onFormSubmitted(event);
  },
});
