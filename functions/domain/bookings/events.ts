// The webhook events of bookings and their payments (functions/data/webhooks.ts): what an outside
// system is told, in a plain shape documented in README "Webhooks". The booking object is what the
// clinic's staff see of it, without Stripe's session or the checkout link.
import { currencyOf } from '#shared/currency';
import type { BookingRecord } from '../../data/bookings';
import type { TransactItem } from '../../data/core';
import { webhookEventItems } from '../../data/webhooks';
import type { BookingEventObject } from '#shared/webhooks/schemas';
import type { WebhookEventType } from '#shared/webhooks/events';

export function bookingObject(b: BookingRecord): BookingEventObject {
  return {
    object: 'booking',
    id: b.id,
    status: b.status,
    paymentStatus: b.paymentStatus,
    packageId: b.packageId,
    packageName: b.packageName,
    priceCents: b.priceCents,
    currency: currencyOf(b.currency),
    amountPaidCents: b.amountPaidCents ?? null,
    refundedCents: b.refundedCents ?? null,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phoneNumber: b.phoneNumber,
    startUtc: b.startUtc,
    endUtc: b.endUtc,
    timeZone: b.timeZone,
    bookingDate: b.bookingDate,
    bookingTime: b.bookingTime,
    durationMinutes: b.durationMinutes,
    /** Who the patient sees (docs/practitioners.md); null on the clinic-wide schedule. */
    practitioner: b.practitionerId ? { id: b.practitionerId, name: b.practitionerName ?? '' } : null,
    confirmedAt: b.confirmedAt ?? null,
    cancelledAt: b.cancelledAt ?? null,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
    attendance: b.attendance ?? null,
    fee: b.fee ? { kind: b.fee.kind, amountMinor: b.fee.amountMinor, currency: b.fee.currency, status: b.fee.status, paymentIntentId: b.fee.paymentIntentId, declineMessage: b.fee.declineMessage, refundedMinor: b.fee.refundedMinor, chargedAt: b.fee.chargedAt } : null,
    clinicPayment: b.clinicPayment ? { amountMinor: b.clinicPayment.amountMinor, currency: b.clinicPayment.currency, method: b.clinicPayment.method, recordedAt: b.clinicPayment.recordedAt } : null,
  };
}

/** The event of a booking's change, `after` being the booking as the change leaves it. */
export const bookingEventItems = (type: WebhookEventType, after: BookingRecord, changeKey: string, at: string): Promise<TransactItem[]> =>
  webhookEventItems({ orgId: after.orgId, type, changeKey, objectKey: `booking:${after.id}`, object: bookingObject({ ...after, updatedAt: at }), at });
