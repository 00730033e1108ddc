// What the bookings API answers, as the console reads it (the handlers build exactly these).
import type { BookingStatus, PaymentStatus } from '../schemas/bookings';
import type { Interval, Weekday } from './time';

export interface BookingPackageView {
  id: string;
  packageName: string;
  /** Dollars. */
  packagePrice: number;
  packagePriceCents: number;
  packageDescription: string;
  redirectionUrl: string;
  isActive: boolean;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BookingView {
  id: string;
  packageId: string;
  packageName: string;
  price: number;
  priceCents: number;
  currency: 'usd';
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  bookingDate: string;
  bookingTime: string;
  timeZone: string;
  /** e.g. 'Monday, March 9, 2026 at 9:00 AM EDT' */
  bookingTimeLabel: string;
  timeZoneName: string;
  startUtc: string;
  endUtc: string;
  durationMinutes: number;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  holdExpiresAt: string | null;
  stripeSessionId: string | null;
  paymentIntentId: string | null;
  amountPaid: number | null;
  amountPaidCents: number | null;
  refundedCents: number | null;
  payerEmail: string | null;
  paidAt: string | null;
  confirmedAt: string | null;
  expiredAt: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  confirmationSentAt: string | null;
  needsAttention: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AvailabilityView {
  configured: boolean;
  timeZone: string;
  timeZoneName: string;
  weeklyHours: Record<Weekday, Interval[]>;
  slotMinutes: number;
  capacity: number;
  closedDates: string[];
  minNoticeMinutes: number;
  maxDaysAhead: number;
  updatedAt: string | null;
  updatedBy: string | null;
}
