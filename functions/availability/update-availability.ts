// PUT /bookings/availability: the weekly opening hours, slot length, capacity per slot, closed dates
// and notice limits. The time zone is the organisation's (PATCH /organization/profile). Bookings made
// already keep their times and places; a lower capacity only stops new bookings of fuller slots.
import { availabilitySchema, updateAvailabilityReply } from '#shared/bookings/schemas';
import { endpoint } from '#http/http';
import { rulesOf, saveAvailability, type AvailabilityRecord } from '../data/availability';
import { getOrganization } from '../data/organizations';
import { toAvailabilityView } from './lib/view';

export const handler = endpoint({ body: availabilitySchema, reply: updateAvailabilityReply }, async ({ body, caller }) => {
  const now = new Date().toISOString();
  const record: AvailabilityRecord = {
    orgId: caller.orgId,
    weeklyHours: body.weeklyHours,
    slotMinutes: body.slotMinutes,
    capacity: body.capacity,
    closedDates: [...new Set(body.closedDates)].sort(),
    minNoticeMinutes: body.minNoticeMinutes,
    maxDaysAhead: body.maxDaysAhead,
    updatedAt: now,
    updatedBy: caller.userId,
  };
  const openDays = Object.values(body.weeklyHours).filter((d) => d.length > 0).length;
  await saveAvailability(
    record,
    `Updated booking availability (${openDays} open weekdays, ${record.slotMinutes}-minute slots, capacity ${record.capacity}, ${record.closedDates.length} closed dates)`,
  );
  const org = await getOrganization(caller.orgId);
  return { message: 'Availability saved.', data: toAvailabilityView(rulesOf(record, org?.timeZone), record) };
});
