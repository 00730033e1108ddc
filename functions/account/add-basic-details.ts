// Step 3 of sign-up: the person's name, username, phone and gender. Called with the registration
// token that step 2 gave (no other token is accepted).
import { basicDetailsSchema, addBasicDetailsReply } from '#shared/account/schemas';
import { badRequest } from '#lib/errors';
import { endpoint } from '#http/http';
import { getUser, updateUser } from '../data/users';
import { nextStepReply } from '#domain/account/auth-replies';

export const handler = endpoint({ body: basicDetailsSchema, reply: addBasicDetailsReply }, async ({ body, registrant }) => {
  const user = await getUser(registrant.userId);
  if (!user?.isEmailVerified) throw badRequest('Please verify your email first.');
  const updated = await updateUser(user.id, { ...body, hasAddedBasicDetails: true });
  return nextStepReply(updated, 'Your details are saved.');
});
