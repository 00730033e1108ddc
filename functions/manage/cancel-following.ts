// POST /public/manage/cancel-following { token }: the patient cancels this visit of their series and
// the following ones, each under the single cancellation's rules (confirmed, before the clinic's cutoff,
// the refund its policy gives, visit by visit: lib/series.ts): their times are freed (each its own
// time-freed event), the patient gets one mail with a calendar file per visit removing it, staff one
// notice, the audit log an entry per visit. A repeat cancels nothing more.
import { manageTokenSchema, manageCancelFollowingReply } from '#shared/manage/schemas';
import { endpoint } from '#http/http';
import { getBooking } from '../data/bookings';
import { assertChangeable, openBooking, toManageView, PATIENT_ACTOR } from './lib/load';
import { cancelFollowing, seriesOfView } from './lib/series';

export const handler = endpoint({ body: manageTokenSchema, reply: manageCancelFollowingReply }, async ({ body }) => {
  const opened = await openBooking(body.token);
  // Cancelled by the patient already, this one is not asked again (the following ones still may be).
  if (!(opened.booking.status === 'cancelled' && opened.booking.cancelledBy === PATIENT_ACTOR)) assertChangeable(opened);
  const cancelled = await cancelFollowing(opened);
  const fresh = { ...opened, booking: (await getBooking(opened.booking.orgId, opened.booking.id)) ?? opened.booking };
  const message = cancelled.length ? `${cancelled.length} visit${cancelled.length === 1 ? ' is' : 's are'} cancelled.` : 'Your booking is cancelled.';
  return { message, data: { ...toManageView(fresh), series: await seriesOfView(fresh) } };
});
