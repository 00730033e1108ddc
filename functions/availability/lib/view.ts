// What staff see of the availability settings.
import { describeInstant, type AvailabilityRules } from '#shared/bookings/slots';
import type { AvailabilityView } from '#shared/bookings/types';

export function toAvailabilityView(rules: AvailabilityRules, saved: { updatedAt: string; updatedBy: string } | undefined): AvailabilityView {
  return {
    configured: Boolean(saved),
    timeZone: rules.timeZone,
    /** e.g. Eastern Daylight Time, as in force today. */
    timeZoneName: describeInstant(new Date().toISOString(), rules.timeZone).zoneLongName,
    weeklyHours: rules.weeklyHours,
    slotMinutes: rules.slotMinutes,
    capacity: rules.capacity,
    closedDates: rules.closedDates,
    minNoticeMinutes: rules.minNoticeMinutes,
    maxDaysAhead: rules.maxDaysAhead,
    updatedAt: saved?.updatedAt ?? null,
    updatedBy: saved?.updatedBy ?? null,
  };
}
