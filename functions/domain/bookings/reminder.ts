// A confirmed booking's reminder, for the transaction that confirms or moves it (data/reminders.ts).
import { policyOf, type PatientPolicy } from '#shared/policy';
import type { BookingRecord } from '../../data/bookings';
import type { TransactItem } from '../../data/core';
import { reminderItems } from '../../data/reminders';

export const bookingReminderItems = (b: Pick<BookingRecord, 'orgId' | 'id' | 'startUtc'>, org: Partial<PatientPolicy> | undefined): TransactItem[] =>
  reminderItems({ orgId: b.orgId, kind: 'booking', targetId: b.id, startUtc: b.startUtc }, policyOf(org ?? {}).reminderHours);
