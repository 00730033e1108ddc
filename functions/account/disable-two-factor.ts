// Turn two-factor sign-in off with a code from the app or a recovery code. The member's other
// sessions end, and they are told by mail (an outbox row in the same transaction).
import { noData } from '#shared/common/schemas';
import { disableTwoFactorSchema } from '#shared/account/schemas';
import { config } from '#lib/config';
import { badRequest, conflict, unauthorized } from '#lib/errors';
import { SESSION_ENDED } from '#http/authorise';
import { endpoint } from '#http/http';
import { auditItem } from '../data/audit';
import { tryTransact } from '../data/core';
import { getMembership } from '../data/members';
import { outboxMail } from '../data/outbox';
import { endOtherSessionsItems } from '../data/sessions';
import { disableTwoFactorItem, getTwoFactor } from '../data/two-factor';
import { getUser } from '../data/users';
import { countFailure, refuseIfLimited } from './lib/sign-in-limits';
import { USED_CODE, WRONG_CODE, codeLimits, isActive, useSecondFactor } from './lib/two-factor';

export const handler = endpoint({ body: disableTwoFactorSchema, reply: noData }, async ({ body, caller }) => {
  const [record, membership, user] = await Promise.all([getTwoFactor(caller.userId), getMembership(caller.orgId, caller.userId), getUser(caller.userId)]);
  if (!isActive(record) || !user) throw badRequest('Two-step sign-in is not on.');
  // Removed from the organisation at this very moment: the session is over.
  if (!membership) throw unauthorized(SESSION_ENDED);
  const limits = codeLimits(caller.userId);
  await refuseIfLimited(limits);
  const check = await useSecondFactor(record, body.code);
  if (!check.ok) {
    await countFailure(limits);
    const message = check.reason === 'used' ? USED_CODE : WRONG_CODE;
    throw badRequest(message, { code: message });
  }
  const now = new Date().toISOString();
  const disabled = await tryTransact([
    disableTwoFactorItem(caller.userId, record.secret),
    ...endOtherSessionsItems(membership, { sessionId: caller.sessionId!, twoFactor: false }),
    auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Account', action: 'update', recordType: 'two-factor', recordId: caller.userId, summary: 'Turned off two-step sign-in', at: now }),
    outboxMail(`two-factor-off-${caller.userId}-${now}`, {
      to: user.email,
      subject: 'Two-step sign-in was turned off',
      text:
        `Two-step sign-in was just turned off for your Clinic Suite account, and your other sessions were signed out.\n\n` +
        `If this was not you, reset your password at ${config.appUrl}/auth/forgot-password, turn two-step sign-in on again, and tell your organisation's owner.`,
    }, caller.orgId),
  ]);
  if (!disabled) throw conflict('Two-step sign-in was changed at the same moment. Please reload and try again.');
  return { message: 'Two-step sign-in is off.' };
});
