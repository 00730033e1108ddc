// Step 4 of sign-up: create the organisation and sign in as its owner. The organisation gets the
// creator's browser time zone, its country's currency and its integration key (apiKey); the answer
// has the access token and the user. Called with the registration token of step 2.
import { DEFAULT_TIME_ZONE } from '#shared/bookings/slots';
import { currencyForCountry, endedCurrencyMessage } from '#shared/currency';
import { newOrganizationSchema, addOrganizationReply } from '#shared/organization/schemas';
import { badRequest, conflict } from '#lib/errors';
import { clientAddress, endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { createOrganizationWithOwner } from '../data/members';
import { newApiKey, type Organization } from '../data/organizations';
import { getUser } from '../data/users';
import { isFullyRegistered, signedInReply } from '#domain/account/auth-replies';

export const handler = endpoint({ body: newOrganizationSchema, reply: addOrganizationReply }, async ({ body, registrant, event }) => {
  const user = await getUser(registrant.userId);
  if (!user?.isEmailVerified) throw badRequest('Please verify your email first.');
  if (!user.hasAddedBasicDetails) throw badRequest('Please add your basic details first.');
  if (await isFullyRegistered(user)) throw conflict('You already belong to an organisation.');

  const ended = body.currency && endedCurrencyMessage(body.currency);
  if (ended) throw badRequest(ended, { currency: ended });

  const now = new Date().toISOString();
  // The creator's browser zone (sent by the sign-up page) is the clinic's until changed in the profile.
  // Its currency: the one chosen, else the creator's country's (basic details), else USD.
  const currency = body.currency ?? currencyForCountry(user.country);
  const org: Organization = { id: randomId(), ...body, timeZone: body.timeZone ?? DEFAULT_TIME_ZONE, currency, apiKey: newApiKey(), ownerId: user.id, createdAt: now, updatedAt: now };
  // A second, racing request must not attach the user to two organisations.
  if (!(await createOrganizationWithOwner(org, user))) throw conflict('You already belong to an organisation.');
  return signedInReply({ ...user, orgId: org.id }, event, clientAddress(event), { message: 'Your organisation is ready.' });
});
