// GET /public/appointments/{apiKey}: what the public request page shows: the clinic's name and time
// zone, and its active services (for the appointment type, with their prices in minor and major units
// of their currency). Unknown keys: 404.
import { GENDERS, getPublicBookingPageReply } from '#shared/account/schemas';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES } from '#shared/appointments/schemas';
import { endpoint } from '#http/http';
import { notFound } from '#lib/errors';
import { regionOfZone } from '#lib/zone-region';
import { findOrgIdByApiKey, getOrganization, orgCurrency, publicBrandOf } from '../data/organizations';
import { listServices } from '../data/services';
import { serviceView } from '#domain/services/common';
import { UNKNOWN_PAGE } from '#domain/appointments/views';

export const handler = endpoint({ reply: getPublicBookingPageReply }, async ({ params }) => {
  const orgId = await findOrgIdByApiKey(params.apiKey ?? '');
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_PAGE);
  const services = await listServices(org.id, { limit: 100, active: true });
  return {
    data: {
      organization: { name: org.name, phoneNumber: org.phoneNumber, websiteUrl: org.websiteUrl, timeZone: org.timeZone, language: org.defaultLanguage ?? null, brand: publicBrandOf(org), region: regionOfZone(org.timeZone) },
      // Prices in each service's currency (a service from before currencies: the clinic's).
      services: services.items.map((s) => {
        const { id, name, description, durationMinutes, price, priceMinor, priceCents, currency } = serviceView(s, orgCurrency(org));
        return { id, name, description, durationMinutes, price, priceMinor, priceCents, currency };
      }),
      genders: GENDERS,
      attachments: { accept: ATTACHMENT_ACCEPT, maxBytes: ATTACHMENT_MAX_BYTES },
    },
  };
});
