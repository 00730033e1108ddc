// GET /sms[?customerId&pageSize&cursor]: the messages sent, newest first.
import { listSmsQuery, listSmsReply } from '#shared/sms/schemas';
import { endpoint } from '#http/http';
import { listSms } from '../data/sms';

export const handler = endpoint({ query: listSmsQuery, reply: listSmsReply }, async ({ query, caller }) => {
  const page = await listSms(caller.orgId, { limit: query.pageSize ?? 20, cursor: query.cursor, customerId: query.customerId });
  return { data: { items: page.items.map(({ orgId: _o, ...m }) => m), nextCursor: page.nextCursor } };
});
