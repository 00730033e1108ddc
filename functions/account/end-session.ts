// End one of the member's own sessions (a lost laptop): its token is refused from the next request.
import { noData } from '#shared/common/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { endSession } from '../data/sessions';

export const handler = endpoint({ reply: noData }, async ({ params, caller }) => {
  if (!(await endSession(caller.orgId, caller.userId, params.id))) throw notFound('This session was not found. It may have ended already.');
  return { message: params.id === caller.sessionId ? 'You are signed out.' : 'The session has ended.' };
});
