// Sign out: this session ends on the server too, so a copy of its token stops working.
import { noData } from '#shared/common/schemas';
import { endpoint } from '#http/http';
import { endSession } from '../data/sessions';

export const handler = endpoint({ reply: noData }, async ({ caller }) => {
  await endSession(caller.orgId, caller.userId, caller.sessionId!);
  return { message: 'You are signed out.' };
});
