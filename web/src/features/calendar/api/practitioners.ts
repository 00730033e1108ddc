// The clinic's practitioners (GET /practitioners, docs/practitioners.md): the calendar's columns,
// filter and each one's shaded hours. Read only by members who may read bookings (the route's permission).
import type { ReplyOf } from '#shared/api-contract';
import { useApi } from '../../../lib/swr';

/** A practitioner as GET /practitioners lists them (the contract's reply schema). */
export type CalendarPractitioner = ReplyOf<'GET /practitioners'>['items'][number];

export const usePractitioners = (enabled: boolean) =>
  useApi(enabled ? '/practitioners' : null);
