// The clinic's weekly hours and slot length (GET /bookings/availability, same key as the bookings
// pages so the cache is shared): the calendar's shaded hours and grid.
import { useApi } from '../../../lib/swr';

export const useClinicHours = (enabled: boolean) => useApi(enabled ? '/bookings/availability' : null);
