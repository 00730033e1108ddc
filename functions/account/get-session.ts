// The current session and what the console needs to enforce around it: the organisation's idle limit
// (the console warns a minute before and signs out) and whether two-factor is required and on. The
// console also calls it to report activity (as any request to a row that writes, without the
// background header, does: functions/http/authorise.ts).
import { getSessionReply } from '#shared/account/schemas';
import { unauthorized } from '#lib/errors';
import { endpoint } from '#http/http';
import { readSessionContext } from '../data/sessions';
import { getTwoFactor } from '../data/two-factor';
import { toSessionView } from './lib/session-view';
import { isActive } from './lib/two-factor';

export const handler = endpoint({ reply: getSessionReply }, async ({ caller }) => {
  const [{ session, settings }, record] = await Promise.all([readSessionContext(caller.orgId, caller.userId, caller.sessionId!), getTwoFactor(caller.userId)]);
  if (!session) throw unauthorized('Your session has ended. Please sign in again.');
  return {
    data: {
      session: toSessionView(session, caller.sessionId),
      idleTimeoutMinutes: settings.idleTimeoutMinutes,
      twoFactorRequired: settings.requireTwoFactor,
      twoFactorEnabled: isActive(record),
      recoveryCodesLeft: record?.recoveryCodes?.size ?? 0,
    },
  };
});
