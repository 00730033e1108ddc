// POST /public/manage/booking { token }: the booking (or appointment) a manage link opens, and what the patient may do.
import { manageTokenSchema, manageGetBookingReply } from '#shared/manage/schemas';
import { endpoint } from '#http/http';
import { openAny, toAppointmentManageView, toManageView } from './lib/load';
import { practitionerChoices } from './lib/practitioners';
import { seriesOfView } from './lib/series';

export const handler = endpoint({ body: manageTokenSchema, reply: manageGetBookingReply }, async ({ body }) => {
  const opened = await openAny(body.token);
  if (!('booking' in opened)) return { data: toAppointmentManageView(opened.appointment) };
  const practitioners = opened.booking.booking.status === 'confirmed' ? await practitionerChoices(opened.booking) : [];
  return { data: { ...toManageView(opened.booking, practitioners), series: await seriesOfView(opened.booking) } };
});
