// A booking confirmed with nothing paid online (issue 36): a package paid at the clinic, confirmed at
// once by the booking request, and a card held for fees, confirmed when Stripe reports the card saved
// (card-consumer.ts). The same guarded move as a payment's (places.ts confirmHeld: 'held' ->
// 'confirmed' once, its claims given back), with the same rows in its transaction: the manage link,
// the patient's confirmation mail (what is due at the visit, what may be charged), the staff notice
// and the reminders, under ids derived from the booking, so a retried request or a duplicated event
// confirms, mails and notifies once.
import { countMetric } from '#lib/log';
import type { BookingRecord } from '../../data/bookings';
import type { NotifyInput } from '../../data/notice';
import type { Organization } from '../../data/organizations';
import { outboxMail, outboxNotice } from '../../data/outbox';
import { bookingMoney, bookingRowId, clinicOf, confirmationMail, whenText } from './mail';
import { manageLink } from './manage-link';
import { confirmHeld } from './places';
import { bookingReminderItems } from './reminder';

/** What staff read of the booking's payment in their notice. */
function staffPaymentText(b: BookingRecord): string {
  const p = b.paymentPolicy;
  const due = p ? bookingMoney(b, p.dueAtVisitMinor) : bookingMoney(b, b.priceCents);
  if (b.savedCard) return `Card held (${b.savedCard.brand} •••• ${b.savedCard.last4}); ${due} to pay at the clinic.`;
  return `${due} to pay at the clinic.`;
}

/**
 * Confirms the held booking `b` with nothing paid (`extra`: the card saved, its session). The manage
 * link's address when confirmed here; undefined when the booking was no longer held (confirmed by a
 * twin request or event, or released).
 */
export async function confirmUnpaid(b: BookingRecord, org: Organization | undefined, extra: Partial<BookingRecord>, at: string): Promise<{ manageUrl: string } | undefined> {
  const confirmed: BookingRecord = { ...b, ...extra, status: 'confirmed', paymentStatus: 'unpaid' };
  const manage = manageLink(b, org);
  const who = `${b.firstName} ${b.lastName}`;
  const rows = [
    manage.item,
    outboxMail(bookingRowId('confirmed', b), confirmationMail(confirmed, clinicOf(org), manage.text), b.orgId),
    outboxNotice(bookingRowId('confirmed-notice', b), b.orgId, {
      title: 'New booking',
      message: `${who} booked "${b.packageName}" for ${whenText(b).short}. ${staffPaymentText(confirmed)}`,
      link: `/bookings/booking/${b.id}`,
      module: 'BOOKING_PACKAGES',
      about: b.email,
    } satisfies NotifyInput),
    ...bookingReminderItems(b, org),
  ];
  if (!(await confirmHeld(b, { ...extra, paymentStatus: 'unpaid' }, at, rows))) return undefined;
  countMetric('BookingsConfirmed', 1, { kind: 'booking', orgId: b.orgId });
  return { manageUrl: manage.url };
}
