// When the clinic takes bookings: read and save (the time zone is the organisation's).
import useSWR from 'swr';
import type { AvailabilityView } from '#shared/bookings/types';
import type { AvailabilityInput } from '#shared/schemas/bookings';
import { api, fetcher } from '../../../lib/api';

export type { AvailabilityView };

export const AVAILABILITY_KEY = '/bookings/availability';

export const useAvailability = () => useSWR<AvailabilityView>(AVAILABILITY_KEY, fetcher);

export const saveAvailability = (body: AvailabilityInput) => api.put<AvailabilityView>(AVAILABILITY_KEY, body);
