// POST /public/manage/slots { token, date }: the free times of a date, as on the booking page, for
// the patient who reschedules.
import { manageSlotsSchema } from '#shared/schemas/manage';
import { endpoint } from '#lib/http';
import { freeTimes } from '../availability/lib/free-times';
import { openBooking } from './lib/load';

export const handler = endpoint({ body: manageSlotsSchema }, async ({ body }) => {
  const { org } = await openBooking(body.token);
  return { data: await freeTimes(org, body.date) };
});
