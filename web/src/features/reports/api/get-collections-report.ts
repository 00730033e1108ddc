// GET /reports/collections?from&to: for the visits of a period, what was expected against what was
// collected, per currency (members with Bookings read; `enabled` false asks nothing).
import type { ReplyOf } from '#shared/api-contract';
import { useApi } from '../../../lib/swr';

/** Expected against collected per currency (the contract's reply schema). */
export type CollectionsReport = ReplyOf<'GET /reports/collections'>;
export type CollectionsCurrency = CollectionsReport['currencies'][number];

export const useCollectionsReport = (from: string, to: string, enabled: boolean) =>
  useApi(enabled ? '/reports/collections' : null, { query: { from, to }, keepPreviousData: true });
