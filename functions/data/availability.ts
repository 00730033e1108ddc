// When an organisation takes bookings (one settings item; the rules live in shared/bookings/slots.ts).
// The time zone is the organisation's own (org.timeZone), not stored here. Access pattern:
//   booking availability    pk ORG#<orgId>#BOOKING_SETTINGS   sk AVAILABILITY
// An organisation that never saved its availability gets defaultRules() (weekdays 09:00-17:00).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIME_ZONE, defaultRules, type AvailabilityRules } from '#shared/bookings/slots';
import { ddb, table } from './dynamo';
import { auditItem } from './audit';
import { strip, transact } from './core';

export type AvailabilitySettings = Omit<AvailabilityRules, 'timeZone'>;

export interface AvailabilityRecord extends AvailabilitySettings {
  orgId: string;
  updatedAt: string;
  updatedBy: string;
}

export const availabilityKey = (orgId: string) => ({ pk: `ORG#${orgId}#BOOKING_SETTINGS`, sk: 'AVAILABILITY' });

// Get an organisation's saved availability, if it saved one.
export async function getAvailability(orgId: string): Promise<AvailabilityRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: availabilityKey(orgId), ConsistentRead: true }));
  return strip<AvailabilityRecord>(out.Item);
}

/** The rules in force: the saved settings (or the defaults) in the organisation's time zone. */
export function rulesOf(record: AvailabilitySettings | undefined, timeZone: string | undefined): AvailabilityRules {
  const zone = timeZone || DEFAULT_TIME_ZONE;
  if (!record) return defaultRules(zone);
  return {
    timeZone: zone,
    weeklyHours: record.weeklyHours,
    slotMinutes: record.slotMinutes,
    capacity: record.capacity,
    closedDates: record.closedDates ?? [],
    minNoticeMinutes: record.minNoticeMinutes ?? 0,
    maxDaysAhead: record.maxDaysAhead ?? 180,
  };
}

// Save the availability (replacing what was saved) with its audit entry.
export async function saveAvailability(record: AvailabilityRecord, summary: string): Promise<void> {
  await transact([
    { Put: { TableName: table(), Item: { ...availabilityKey(record.orgId), ...record } } },
    auditItem({ orgId: record.orgId, actorId: record.updatedBy, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking-availability', recordId: record.orgId, summary, at: record.updatedAt }),
  ]);
}
