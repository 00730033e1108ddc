// Forgot password: mails a reset code. Answers the same whether or not the account exists.
import { noData } from '#shared/common/schemas';
import { forgotPasswordSchema } from '#shared/account/schemas';
import { HttpError } from '#lib/errors';
import { endpoint } from '#http/http';
import { findUserByEmail } from '../data/users';
import { UNDELIVERABLE, sendCode } from './lib/codes';

export const handler = endpoint({ body: forgotPasswordSchema, reply: noData }, async ({ body }) => {
  const user = await findUserByEmail(body.email);
  if (user?.isEmailVerified) {
    try {
      await sendCode(user, 'reset-password');
    } catch (error) {
      // Throttled (a code was sent moments ago), or an address that may not be mailed: saying so
      // would reveal that the account exists.
      if (!(error instanceof HttpError && (error.status === 429 || error.message === UNDELIVERABLE))) throw error;
    }
  }
  return { message: 'If an account exists for this email, we have sent it a code to reset the password.' };
});
