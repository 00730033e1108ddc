// Start setting up two-factor sign-in: a new secret and its otpauth:// URI (the console shows both,
// the URI as a QR code). Not active until confirmed with a code (POST /users/two-factor/enable).
import { setupTwoFactorReply } from '#shared/account/schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { newTotpSecret } from '#lib/totp';
import { getTwoFactor, savePendingSecret } from '../data/two-factor';
import { getUser } from '../data/users';
import { isActive, sealSecret } from './lib/two-factor';

export const handler = endpoint({ reply: setupTwoFactorReply }, async ({ caller }) => {
  const [user, record] = await Promise.all([getUser(caller.userId), getTwoFactor(caller.userId)]);
  if (!user) throw notFound('Your account was not found.');
  if (isActive(record)) throw conflict('Two-step sign-in is already on. Turn it off first to move it to another app.');
  const { secret, uri } = newTotpSecret(user.email);
  await savePendingSecret(user.id, await sealSecret(user.id, secret), new Date().toISOString());
  return { status: 201, message: 'Scan the QR code with your authenticator app, then enter the code it shows.', data: { secret, uri } };
});
