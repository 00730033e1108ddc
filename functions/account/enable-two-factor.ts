// Turn two-factor sign-in on with a code from the app just set up and the member's password (a stolen
// session alone must not put another app on the account). Answers the 10 recovery codes,
// once (only their hashes are kept). The member's other sessions end: from now on a sign-in needs
// the second factor; this session carries on, marked as two-factor.
import { enableTwoFactorSchema, enableTwoFactorReply } from '#shared/account/schemas';
import { badRequest, conflict, unauthorized } from '#lib/errors';
import { SESSION_ENDED } from '#http/authorise';
import { endpoint } from '#http/http';
import { totpStep } from '#lib/totp';
import { auditItem } from '../data/audit';
import { tryTransact } from '../data/core';
import { getMembership } from '../data/members';
import { endOtherSessionsItems } from '../data/sessions';
import { enableTwoFactorItem, getTwoFactor } from '../data/two-factor';
import { getUser } from '../data/users';
import { countFailure, refuseIfLimited } from './lib/sign-in-limits';
import { WRONG_CODE, codeLimits, hashRecoveryCode, isActive, newRecoveryCodes, openSecret, requirePassword } from './lib/two-factor';

/** A secret shown but not confirmed within this time must be set up again. */
const PENDING_TTL_MS = 15 * 60_000;

export const handler = endpoint({ body: enableTwoFactorSchema, reply: enableTwoFactorReply }, async ({ body, caller }) => {
  const [record, membership, user] = await Promise.all([getTwoFactor(caller.userId), getMembership(caller.orgId, caller.userId), getUser(caller.userId)]);
  if (isActive(record)) throw conflict('Two-step sign-in is already on.');
  // Removed from the organisation at this very moment: the session is over.
  if (!membership || !user) throw unauthorized(SESSION_ENDED);
  if (!record?.pendingSecret || !record.pendingCreatedAt || Date.now() - Date.parse(record.pendingCreatedAt) > PENDING_TTL_MS) {
    throw badRequest('Please start the set-up again: the QR code has expired or was not created.');
  }
  const limits = codeLimits(caller.userId);
  await refuseIfLimited(limits);
  await requirePassword(body.currentPassword, user.passwordHash, () => countFailure(limits));
  const step = totpStep(await openSecret(caller.userId, record.pendingSecret), body.code);
  if (step === undefined) {
    await countFailure(limits);
    throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  }
  const recoveryCodes = newRecoveryCodes();
  const now = new Date().toISOString();
  const enabled = await tryTransact([
    enableTwoFactorItem(caller.userId, record.pendingSecret, step, recoveryCodes.map((c) => hashRecoveryCode(caller.userId, c)), now),
    ...endOtherSessionsItems(membership, { sessionId: caller.sessionId!, twoFactor: true }),
    auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Account', action: 'update', recordType: 'two-factor', recordId: caller.userId, summary: 'Turned on two-step sign-in', at: now }),
  ]);
  if (!enabled) throw conflict('Two-step sign-in was changed at the same moment. Please reload and try again.');
  return { message: 'Two-step sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.', data: { recoveryCodes } };
});
