// The booking page's reads, shared by swr: the clinic's packages, a day's free times (the first one also
// carries the clinic's name, language, logo and colour) and the month view's free starts per date.
import useSWR from 'swr';
import { ApiError } from '../../lib/api';
import { availableDays, availablePackages, availableSlots, type BookingDay, type PublicBookingPackage } from './api';

/**
 * The visitor's own date, until the clinic's zone is known. A Date's local fields are in the visitor's
 * zone, so no Intl formatter is built (the first one costs tens of milliseconds of a slow phone's start).
 */
export const browserToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

type DayKey = [string, string, string, string, string];
/** `practitionerId`: '' for a clinic-wide package (and none chosen yet). */
export const dayKey = (apiKey: string, date: string, packageId: string, practitionerId: string): DayKey => ['booking-day', apiKey, date, packageId, practitionerId];
export type DaysKey = [string, string, string, string, string, number];

/** How far ahead the month view goes (the server refuses what the clinic does not offer). */
export const MONTHS_AHEAD = 12;
export const dayOptions = { revalidateOnFocus: false, shouldRetryOnError: false };

export async function loadPackages([, apiKey]: [string, string]): Promise<PublicBookingPackage[]> {
  const result = await availablePackages(apiKey);
  if (!result.success || !Array.isArray(result.data.data)) throw new ApiError(result);
  return result.data.data;
}

export async function loadDay([, apiKey, date, packageId, practitionerId]: DayKey): Promise<BookingDay | undefined> {
  const result = await availableSlots(apiKey, date, packageId || undefined, practitionerId || undefined);
  return result.success ? result.data.data : undefined;
}

/** The month view's free start times per date. */
export async function loadDays([, apiKey, packageId, practitionerId, from, days]: DaysKey): Promise<Record<string, number>> {
  const result = await availableDays(apiKey, packageId, from, days, practitionerId || undefined);
  if (!result.success || !Array.isArray(result.data.data?.days)) throw new ApiError(result);
  return Object.fromEntries(result.data.data.days.map((d) => [d.date, d.free]));
}

/** The first day the form asks for: it carries the clinic's name, language, logo and colour (one request, shared by swr). */
export const useFirstDay = (apiKey: string) => useSWR(apiKey ? dayKey(apiKey, browserToday(), '', '') : null, loadDay, dayOptions);
