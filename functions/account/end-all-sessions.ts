// Sign out everywhere: every session of the member ends at once, this one included.
import { noData } from '#shared/common/schemas';
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { getMembership } from '../data/members';
import { endAllSessions } from '../data/sessions';

export const handler = endpoint({ reply: noData }, async ({ caller }) => {
  const membership = await getMembership(caller.orgId, caller.userId);
  if (!membership || !(await endAllSessions(membership))) throw conflict('Your membership changed at the same moment. Please try again.');
  return { message: 'You are signed out everywhere.' };
});
