// Edit the organisation's profile, time zone, currency, patient policy or mail colour (owner only),
// with its audit entry in one transaction. The console saves these from separate cards, so the answer
// names what was saved: the reminder settings, the mail branding, else the profile. The currency
// changes only while nothing unpaid is open in the old one: a held booking or a started payment would
// otherwise be paid in one currency and shown in another.
import { POLICY_FIELDS, organizationProfileUpdateSchema, organizationUpdateProfileReply } from '#shared/organization/schemas';
import { endedCurrencyMessage } from '#shared/currency';
import { badRequest, conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { hasOpenHold } from '../data/holds';
import { getOrganization, orgCurrency, toOrganizationProfile, updateOrganizationProfile } from '../data/organizations';
import { hasPendingPayment } from '../data/submissions';

/** Stripe's longest Checkout session: a payment started before this cannot be paid any more. */
const CHECKOUT_MAX_MS = 24 * 3600 * 1000;

const CURRENCY_BUSY = (current: string) =>
  `The currency cannot change while bookings or payments in ${current.toUpperCase()} are still open (a held booking or a started card payment). Please try again once they are paid or expired.`;

const POLICY = new Set<string>(POLICY_FIELDS);

/** What the message names, by the fields sent. */
function savedMessage(fields: string[]): string {
  if (fields.every((f) => POLICY.has(f))) return 'The reminder settings are saved.';
  if (fields.every((f) => f === 'brandColor')) return 'The mail branding is saved.';
  return 'The organisation profile is saved.';
}

export const handler = endpoint({ body: organizationProfileUpdateSchema, reply: organizationUpdateProfileReply }, async ({ body, caller }) => {
  const fields = Object.entries(body).filter(([, v]) => v !== undefined).map(([k]) => k);
  if (!fields.length) throw badRequest('Nothing to update.');
  if (body.currency) {
    const org = await getOrganization(caller.orgId);
    if (!org) throw notFound('Your organisation was not found.');
    const current = orgCurrency(org);
    const ended = endedCurrencyMessage(body.currency);
    if (body.currency === current) body.currency = undefined;
    // A clinic still in an ended currency keeps it until it moves; nobody moves into one.
    else if (ended) throw badRequest(ended, { currency: ended });
    else {
      const since = new Date(Date.now() - CHECKOUT_MAX_MS).toISOString();
      const [held, pending] = await Promise.all([hasOpenHold(caller.orgId), hasPendingPayment(caller.orgId, since)]);
      if (held || pending) throw conflict(CURRENCY_BUSY(current));
    }
    if (!Object.values(body).some((v) => v !== undefined)) return { message: savedMessage(fields), data: toOrganizationProfile(org) };
  }
  if (!(await updateOrganizationProfile(caller.orgId, body, caller.userId))) throw notFound('Your organisation was not found.');
  const org = await getOrganization(caller.orgId);
  return { message: savedMessage(fields), data: toOrganizationProfile(org!) };
});
