// A booking as it is first held (status 'held', payment pending, nothing paid or sent yet): one builder
// for every place that holds a time for a patient, the booking page (bookings/lib/booking-choice.ts), a
// staff series' visits (domain/series/take.ts) and a waitlist offer (domain/waitlist/offers.ts). Each adds
// only what is its own (release tokens, the series, the payment policy agreed to).
import { currencyOf } from '#shared/currency';
import type { BookingPackageRecord } from '../../data/booking-packages';
import type { BookingRecord } from '../../data/bookings';

export interface HeldBookingInput {
  id: string;
  orgId: string;
  locale?: BookingRecord['locale'] | null;
  /** Priced by its package: its price in its own currency (what it was set in). */
  pkg: Pick<BookingPackageRecord, 'id' | 'packageName' | 'packagePriceCents' | 'currency'>;
  patient: Pick<BookingRecord, 'firstName' | 'lastName' | 'email' | 'phoneNumber'>;
  slot: { date: string; time: string; startUtc: string; endUtc: string };
  timeZone: string;
  durationMinutes: number;
  /** Who the visit is with (a practitioner package), and the pauses kept around it. */
  practitioner?: { id: string; name: string; bufferBeforeMinutes: number; bufferAfterMinutes: number };
  /** How long the place is held unpaid. */
  holdMinutes: number;
  now: Date;
}

/** The held booking: the patient, the package's price, the time, and every later field empty. */
export function heldBookingRecord(h: HeldBookingInput): BookingRecord {
  const at = h.now.toISOString();
  const p = h.practitioner;
  return {
    id: h.id,
    orgId: h.orgId,
    ...(h.locale ? { locale: h.locale } : {}),
    packageId: h.pkg.id,
    packageName: h.pkg.packageName,
    priceCents: h.pkg.packagePriceCents,
    currency: currencyOf(h.pkg.currency),
    firstName: h.patient.firstName,
    lastName: h.patient.lastName,
    email: h.patient.email,
    phoneNumber: h.patient.phoneNumber,
    bookingDate: h.slot.date,
    bookingTime: h.slot.time,
    timeZone: h.timeZone,
    startUtc: h.slot.startUtc,
    endUtc: h.slot.endUtc,
    durationMinutes: h.durationMinutes,
    ...(p
      ? { practitionerId: p.id, practitionerName: p.name, bufferBeforeMinutes: p.bufferBeforeMinutes, bufferAfterMinutes: p.bufferAfterMinutes }
      : { practitionerId: null, practitionerName: null }),
    status: 'held',
    paymentStatus: 'pending',
    holdExpiresAt: new Date(h.now.getTime() + h.holdMinutes * 60_000).toISOString(),
    stripeSessionId: null,
    checkoutUrl: null,
    paymentIntentId: null,
    amountPaidCents: null,
    refundedCents: null,
    payerEmail: null,
    paidAt: null,
    confirmedAt: null,
    expiredAt: null,
    cancelledAt: null,
    cancelledBy: null,
    confirmationSentAt: null,
    needsAttention: null,
    createdAt: at,
    updatedAt: at,
  };
}
