// POST /waitlist/leave (public): the link in every waitlist mail. The patient waits no more, and a
// time held for them is given back at once, so it goes to the next patient (domain/waitlist/offers.ts
// leaveList). Leaving again answers the same.
import { endpoint } from '#http/http';
import { leaveWaitlistReply, leaveWaitlistSchema } from '#shared/waitlist/schemas';
import { leaveList } from '#domain/waitlist/offers';
import { entryByLink } from './lib/link';

export const handler = endpoint({ body: leaveWaitlistSchema, reply: leaveWaitlistReply }, async ({ body }) => {
  const entry = await entryByLink(body.apiKey, body.entryId, body.token);
  await leaveList(entry);
  return { message: 'You have left the waitlist. We will not write to you about new times.' };
});
