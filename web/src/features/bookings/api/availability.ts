// When the clinic takes bookings: read and save (the time zone is the organisation's).
import type { ReplyOf } from '#shared/api-contract';
import type { AvailabilityInput } from '#shared/bookings/schemas';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

/** The clinic's booking hours as the API answers them (the contract's reply schema). */
export type AvailabilityView = ReplyOf<'GET /bookings/availability'>;

export const AVAILABILITY_KEY = '/bookings/availability';

export const useAvailability = () => useApi(AVAILABILITY_KEY);

export const saveAvailability = (body: AvailabilityInput) => api.put(AVAILABILITY_KEY, body);
