// GET /reports?from&to: figures per ISO week in the organisation's zone (only the parts of the
// modules the member may read).
import type { ReplyOf } from '#shared/api-contract';
import { useApi } from '../../../lib/swr';

// The report's types, from the API's contract (the handler's reply schema).
export type Report = ReplyOf<'GET /reports'>;
/** One week's figures; each part only when the member may read its module. */
export type WeekFigures = Report['weeks'][number];
/** Amounts in minor units (cents) of one currency. */
export type Money = NonNullable<WeekFigures['revenue']>[string];

export const useReport = (from: string, to: string) => useApi('/reports', { query: { from, to }, keepPreviousData: true });
