// PUT /bookings/availability: the weekly opening hours, slot length, capacity per slot, closed dates
// and notice limits. The time zone is the organisation's (PATCH /organization/profile). Bookings made
// already keep their times and places; a lower capacity only stops new bookings of fuller slots.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { availabilitySchema } from '#shared/schemas/bookings';
import { ddb } from '#lib/dynamo';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { putAvailabilityItem, rulesOf, type AvailabilityRecord } from '../data/availability';
import { getOrganization } from '../data/organizations';
import { toAvailabilityView } from './lib/view';

export const handler = endpoint({ body: availabilitySchema }, async ({ body, caller }) => {
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
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        putAvailabilityItem(record),
        auditItem({
          orgId: caller.orgId, actorId: caller.userId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking-availability', recordId: caller.orgId,
          summary: `Updated booking availability (${openDays} open weekdays, ${record.slotMinutes}-minute slots, capacity ${record.capacity}, ${record.closedDates.length} closed dates)`, at: now,
        }),
      ],
    }),
  );
  const org = await getOrganization(caller.orgId);
  return { message: 'Availability saved.', data: toAvailabilityView(rulesOf(record, org?.timeZone), record) };
});
