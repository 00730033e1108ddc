// GET /bookings/availability: when the clinic takes bookings (the defaults until it saves its own),
// in the organisation's time zone.
import { getAvailabilityReply } from '#shared/bookings/schemas';
import { endpoint } from '#http/http';
import { getAvailability, rulesOf } from '../data/availability';
import { getOrganization } from '../data/organizations';
import { toAvailabilityView } from './lib/view';

export const handler = endpoint({ reply: getAvailabilityReply }, async ({ caller }) => {
  const [saved, org] = await Promise.all([getAvailability(caller.orgId), getOrganization(caller.orgId)]);
  return { data: toAvailabilityView(rulesOf(saved, org?.timeZone), saved) };
});
