// POST /public/manage/booking { token }: the booking a manage link opens, and what the patient may do.
import { manageTokenSchema } from '#shared/schemas/manage';
import { endpoint } from '#lib/http';
import { openBooking, toManageView } from './lib/load';

export const handler = endpoint({ body: manageTokenSchema }, async ({ body }) => ({ data: toManageView(await openBooking(body.token)) }));
