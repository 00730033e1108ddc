// Replace the recovery codes of two-factor sign-in, for the member's password and a code (from the app,
// or one of the old recovery codes). The old codes stop working; the 10 new ones are answered once
// (only their hashes are kept). Audited, and the member is told by mail (an outbox row in the same
// transaction), as for the other changes to how they sign in.
import { regenerateRecoveryCodesReply, regenerateRecoveryCodesSchema } from '#shared/account/schemas';
import { config } from '#lib/config';
import { badRequest, conflict, unauthorized } from '#lib/errors';
import { SESSION_ENDED } from '#http/authorise';
import { endpoint } from '#http/http';
import { auditItem } from '../data/audit';
import { tryTransact } from '../data/core';
import { getMembership } from '../data/members';
import { outboxMail } from '../data/outbox';
import { getTwoFactor, replaceRecoveryCodesItem } from '../data/two-factor';
import { getUser } from '../data/users';
import { countFailure, refuseIfLimited } from './lib/sign-in-limits';
import { USED_CODE, WRONG_CODE, codeLimits, hashRecoveryCode, isActive, newRecoveryCodes, requirePassword, useSecondFactor } from './lib/two-factor';

export const handler = endpoint({ body: regenerateRecoveryCodesSchema, reply: regenerateRecoveryCodesReply }, async ({ body, caller }) => {
  const [record, membership, user] = await Promise.all([getTwoFactor(caller.userId), getMembership(caller.orgId, caller.userId), getUser(caller.userId)]);
  // Removed from the organisation at this very moment: the session is over.
  if (!membership || !user) throw unauthorized(SESSION_ENDED);
  if (!isActive(record)) throw badRequest('Two-step sign-in is not on.');
  const limits = codeLimits(caller.userId);
  await refuseIfLimited(limits);
  // The password first: a wrong one must not use up the code sent with it.
  await requirePassword(body.currentPassword, user.passwordHash, () => countFailure(limits));
  const check = await useSecondFactor(record, body.code);
  if (!check.ok) {
    await countFailure(limits);
    const message = check.reason === 'used' ? USED_CODE : WRONG_CODE;
    throw badRequest(message, { code: message });
  }
  const recoveryCodes = newRecoveryCodes();
  const now = new Date().toISOString();
  const replaced = await tryTransact([
    replaceRecoveryCodesItem(caller.userId, record.secret, recoveryCodes.map((c) => hashRecoveryCode(caller.userId, c))),
    auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Account', action: 'update', recordType: 'two-factor', recordId: caller.userId, summary: 'Replaced the recovery codes of two-step sign-in', at: now }),
    outboxMail(`recovery-codes-${caller.userId}-${now}`, {
      to: user.email,
      subject: 'New recovery codes for two-step sign-in',
      text:
        `New recovery codes were just made for the two-step sign-in of your Clinic Suite account; the old ones no longer work.\n\n` +
        `If this was not you, reset your password at ${config.appUrl}/auth/forgot-password, then make new recovery codes, and tell your organisation's owner.`,
    }, caller.orgId),
  ]);
  if (!replaced) throw conflict('Two-step sign-in was changed at the same moment. Please reload and try again.');
  return { message: 'New recovery codes are ready, and the old ones no longer work. Keep these somewhere safe: they are shown only once.', data: { recoveryCodes } };
});
