// Step 3 of sign-up: personal details (registration token only).
import { basicDetailsSchema } from '#shared/schemas/account';
import { badRequest } from '#lib/errors';
import { endpoint } from '#http/http';
import { getUser, updateUser } from '../data/users';
import { nextStepReply } from './lib/auth-replies';

export const handler = endpoint({ body: basicDetailsSchema }, async ({ body, registrant }) => {
  const user = await getUser(registrant.userId);
  if (!user?.isEmailVerified) throw badRequest('Please verify your email first.');
  const updated = await updateUser(user.id, { ...body, hasAddedBasicDetails: true });
  return nextStepReply(updated, 'Your details are saved.');
});
