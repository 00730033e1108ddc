// GET /reports/practitioners?from&to: each practitioner's bookings, revenue and utilisation per ISO
// week in the organisation's zone (members with Bookings read; `enabled` false asks nothing).
import type { ReplyOf } from '#shared/api-contract';
import { useApi } from '../../../lib/swr';

/** Each practitioner's figures per week (the contract's reply schema). */
export type PractitionerReport = ReplyOf<'GET /reports/practitioners'>;

export const usePractitionerReport = (from: string, to: string, enabled: boolean) =>
  useApi(enabled ? '/reports/practitioners' : null, { query: { from, to }, keepPreviousData: true });
