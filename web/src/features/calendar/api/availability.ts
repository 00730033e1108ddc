// The clinic's weekly hours and slot length (GET /bookings/availability, same key as the bookings
// pages so the cache is shared): the calendar's shaded hours and grid.
import useSWR from 'swr';
import type { AvailabilityView } from '#shared/bookings/types';
import { fetcher } from '../../../lib/api';

export const useClinicHours = (enabled: boolean) => useSWR<AvailabilityView>(enabled ? '/bookings/availability' : null, fetcher);
