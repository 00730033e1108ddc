// Forgot password: mails a reset code. Answers the same whether or not the account exists.
import { forgotPasswordSchema } from '#shared/schemas/account';
import { HttpError } from '#lib/errors';
import { endpoint } from '#http/http';
import { findUserByEmail } from '../data/users';
import { sendCode } from './lib/codes';

export const handler = endpoint({ body: forgotPasswordSchema }, async ({ body }) => {
  const user = await findUserByEmail(body.email);
  if (user?.isEmailVerified) {
    try {
      await sendCode(user, 'reset-password');
    } catch (error) {
      // Throttled: a code was sent moments ago. Saying so would reveal that the account exists.
      if (!(error instanceof HttpError && error.status === 429)) throw error;
    }
  }
  return { message: 'If an account exists for this email, we have sent it a code to reset the password.' };
});
