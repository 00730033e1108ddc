// When an organisation takes bookings (one settings item; the rules live in shared/bookings/slots.ts).
// The time zone is the organisation's own (org.timeZone), not stored here. Access pattern:
//   booking availability    pk ORG#<orgId>#BOOKING_SETTINGS   sk AVAILABILITY
// An organisation that never saved its availability gets defaultRules() (weekdays 09:00-17:00).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIME_ZONE, defaultRules, type AvailabilityRules } from '#shared/bookings/slots';
import { ddb, table } from '#lib/dynamo';

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
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, ...record } = out.Item;
  return record as AvailabilityRecord;
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

/** The Put saving the availability, for one transaction with its audit entry. */
export function putAvailabilityItem(record: AvailabilityRecord) {
  return { Put: { TableName: table(), Item: { ...availabilityKey(record.orgId), ...record } } };
}
