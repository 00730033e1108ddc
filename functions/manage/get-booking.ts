// POST /public/manage/booking { token }: the booking (or appointment) a manage link opens, and what the patient may do.
import { manageTokenSchema, manageGetBookingReply } from '#shared/schemas/manage';
import { endpoint } from '#http/http';
import { openAny, toAppointmentManageView, toManageView } from './lib/load';

export const handler = endpoint({ body: manageTokenSchema, reply: manageGetBookingReply }, async ({ body }) => {
  const opened = await openAny(body.token);
  return { data: 'booking' in opened ? toManageView(opened.booking) : toAppointmentManageView(opened.appointment) };
});
