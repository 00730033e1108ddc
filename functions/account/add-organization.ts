// Step 4 of sign-up: create the organisation with its apiKey and make the user its owner, in one
// transaction; answers with the access token and the user (registration token only).
import { organizationSchema } from '#shared/schemas/account';
import { badRequest, conflict } from '#lib/errors';
import { endpoint } from '#lib/http';
import { randomId } from '#lib/passwords';
import { createOrganizationWithOwner } from '../data/members';
import { newApiKey, type Organization } from '../data/organizations';
import { getUser } from '../data/users';
import { isFullyRegistered, signedInReply } from './lib/auth-replies';

export const DEFAULT_TIME_ZONE = 'America/New_York';

export const handler = endpoint({ body: organizationSchema }, async ({ body, registrant, event }) => {
  const user = await getUser(registrant.userId);
  if (!user?.isEmailVerified) throw badRequest('Please verify your email first.');
  if (!user.hasAddedBasicDetails) throw badRequest('Please add your basic details first.');
  if (await isFullyRegistered(user)) throw conflict('You already belong to an organisation.');

  const now = new Date().toISOString();
  const org: Organization = { id: randomId(), ...body, apiKey: newApiKey(), ownerId: user.id, timeZone: DEFAULT_TIME_ZONE, createdAt: now, updatedAt: now };
  // A second, racing request must not attach the user to two organisations.
  if (!(await createOrganizationWithOwner(org, user))) throw conflict('You already belong to an organisation.');
  return signedInReply({ ...user, orgId: org.id }, event, { message: 'Your organisation is ready.' });
});
