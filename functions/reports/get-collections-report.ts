// GET /reports/collections?from&to: for the visits of a period (local dates in the clinic's zone), what was expected against what was collected, per currency.
// Expected: the prices of the visits kept (confirmed, not a no-show) and the fees agreed for the
// no-shows and late cancellations marked. Collected: what was paid online, at the clinic and in fees,
// less refunds. Outstanding is added up visit by visit (one visit paid twice over does not hide another
// one unpaid). Read from the bookings of the period (one index Query, paged; at most 5000 read).
import { parseDate, todayIn } from '#shared/bookings/time';
import { startOfLocalDay } from '#shared/bookings/zone';
import { currencyOf } from '#shared/currency';
import { addDays, getCollectionsReportReply, reportQuerySchema } from '#shared/reports/schemas';
import type { z } from 'zod/mini';
import type { collectionsCurrencyRecord } from '#shared/reports/records';
import { endpoint } from '#http/http';
import { bookingsBetween, type BookingRecord } from '../data/bookings';
import { getOrganization } from '../data/organizations';
import { getReportingSince } from '../data/reports';

type Row = z.output<typeof collectionsCurrencyRecord>;
const MAX_BOOKINGS = 5000;

const instantOf = (date: string, timeZone: string) => {
  const d = parseDate(date)!;
  return new Date(startOfLocalDay(d.year, d.month, d.day, timeZone)).toISOString();
};

const emptyRow = (currency: string): Row => ({
  currency, expectedMinor: 0, collectedMinor: 0, dueNowMinor: 0, onlineMinor: 0, depositsMinor: 0, atClinicMinor: 0, feesMinor: 0, feesUnpaidMinor: 0,
  refundedMinor: 0, outstandingMinor: 0, visits: 0, noShows: 0, lateCancellations: 0,
});

/** Adds one booking's money to its currency's row. */
export function addVisit(rows: Map<string, Row>, b: BookingRecord): void {
  const currency = currencyOf(b.currency);
  const row = rows.get(currency) ?? emptyRow(currency);
  rows.set(currency, row);
  const kept = b.status === 'confirmed' && b.attendance !== 'no_show' && b.attendance !== 'late_cancellation';
  const paidOnline = b.paymentStatus === 'paid' || b.paymentStatus === 'refunded' || b.paymentStatus === 'partially_refunded' ? (b.amountPaidCents ?? 0) : 0;
  if (!kept && !paidOnline && !b.attendance && !b.clinicPayment) return; // a hold that ran out, a cancellation with nothing paid
  let expected = 0;
  if (kept) {
    row.visits += 1;
    expected += b.priceCents;
    // What the patient was asked to pay online when booking (a booking from before payment modes: the price, when it was paid).
    row.dueNowMinor += b.paymentPolicy ? b.paymentPolicy.dueNowMinor : paidOnline ? b.priceCents : 0;
  }
  if (b.attendance === 'no_show') row.noShows += 1;
  if (b.attendance === 'late_cancellation') row.lateCancellations += 1;
  const agreed = b.attendance === 'no_show' ? b.paymentPolicy?.noShowFeeMinor : b.attendance === 'late_cancellation' ? b.paymentPolicy?.lateCancelFeeMinor : null;
  if (agreed) expected += agreed;
  const fee = b.fee?.status === 'charged' ? b.fee.amountMinor : 0;
  const refunded = (b.refundedCents ?? 0) + (b.fee?.refundedMinor ?? 0);
  const atClinic = b.clinicPayment?.amountMinor ?? 0;
  row.expectedMinor += expected;
  row.onlineMinor += paidOnline;
  if (b.paymentPolicy?.mode === 'deposit') row.depositsMinor += paidOnline;
  row.atClinicMinor += atClinic;
  row.feesMinor += fee;
  // A fee the card refused, or one waiting for the patient's bank: asked for, not (yet) received.
  if (b.fee?.status === 'declined' || b.fee?.status === 'requires_action') row.feesUnpaidMinor += b.fee.amountMinor;
  row.refundedMinor += refunded;
  row.collectedMinor = row.onlineMinor + row.atClinicMinor + row.feesMinor - row.refundedMinor;
  row.outstandingMinor += Math.max(0, expected - (paidOnline + atClinic + fee - refunded));
}

export const handler = endpoint({ query: reportQuerySchema, reply: getCollectionsReportReply }, async ({ query, caller }) => {
  const org = await getOrganization(caller.orgId);
  const timeZone = org?.timeZone || 'UTC';
  const today = todayIn(timeZone);
  const from = query.from ?? query.to ?? addDays(today, -27);
  const to = query.to ?? (query.from ? addDays(query.from, 27) : today);
  const [{ items, truncated }, reportingSince] = await Promise.all([
    bookingsBetween(caller.orgId, instantOf(from, timeZone), instantOf(addDays(to, 1), timeZone), MAX_BOOKINGS),
    getReportingSince(caller.orgId),
  ]);
  const rows = new Map<string, Row>();
  for (const b of items) addVisit(rows, b);
  return { data: { from, to, timeZone, reportingSince, truncated, currencies: [...rows.values()].sort((a, b) => a.currency.localeCompare(b.currency)) } };
});
