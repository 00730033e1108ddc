// The second step of signing in with two-factor: the challenge token from POST /users/login (5
// minutes, accepted nowhere else) and a code from the authenticator app or a recovery code. A wrong
// code counts toward the same limits as a wrong password; a right one gives the session, as login does.
import { loginTwoFactorSchema, loginTwoFactorReply } from '#shared/account/schemas';
import { badRequest, unauthorized } from '#lib/errors';
import { clientAddress, endpoint } from '#http/http';
import { verifyToken } from '#lib/tokens';
import { getTwoFactor } from '../data/two-factor';
import { getUser } from '../data/users';
import { isFullyRegistered, signedInReply } from '#domain/account/auth-replies';
import { trustedDevice } from '#domain/account/devices';
import { countFailure, refuseIfLimited, signInLimits } from './lib/sign-in-limits';
import { USED_CODE, WRONG_CODE, isActive, useSecondFactor } from './lib/two-factor';

const EXPIRED = 'Your sign-in has expired. Please sign in again.';

export const handler = endpoint({ body: loginTwoFactorSchema, reply: loginTwoFactorReply }, async ({ body, event }) => {
  const claims = await verifyToken(body.challengeToken, 'two-factor');
  if (!claims) throw unauthorized(EXPIRED);
  const user = await getUser(claims.userId);
  const record = await getTwoFactor(claims.userId);
  // Two-factor turned off, or the account gone, since the password step: start again.
  if (!user || !isActive(record) || !(await isFullyRegistered(user))) throw unauthorized(EXPIRED);
  const device = await trustedDevice(event, user.id);
  const limits = signInLimits(user.email, event, device);
  await refuseIfLimited(limits);
  const check = await useSecondFactor(record, body.code);
  if (!check.ok) {
    await countFailure(limits);
    if (check.reason === 'used') throw badRequest(USED_CODE, { code: USED_CODE });
    throw unauthorized(WRONG_CODE);
  }
  return signedInReply(user, event, clientAddress(event), {
    twoFactor: true,
    alertNewDevice: !device,
    message: check.kind === 'recovery' ? 'Login successful. You used a recovery code: each works once.' : undefined,
  });
});
