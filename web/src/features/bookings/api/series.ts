// The staff's series calls (issue 37): preview every visit, book the chosen ones (all or none), read a
// series, cancel one visit, this and the following ones, or all.
import type { BodyOf, ReplyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

export type SeriesPreview = ReplyOf<'POST /bookings/series/preview'>;
export type SeriesPreviewBody = BodyOf<'POST /bookings/series/preview'>;
export type SeriesView = ReplyOf<'GET /bookings/series/{id}'>;
export type CancelScope = BodyOf<'POST /bookings/series/{id}/cancel'>['scope'];

export const SERIES_KEY = '/bookings/series';
export const seriesKey = (id: string) => `${SERIES_KEY}/${encodeURIComponent(id)}` as const;

export const previewSeries = (body: SeriesPreviewBody) => api.post('/bookings/series/preview', body);

/** `idempotencyKey`: one per submission, so a retried click books the series once. */
export const createSeries = (body: BodyOf<'POST /bookings/series'>, idempotencyKey: string) => api.post(SERIES_KEY, body, { idempotencyKey });

export const useSeries = (id: string | undefined) => useApi(id ? seriesKey(id) : null);

export const cancelSeriesVisits = (id: string, bookingId: string, scope: CancelScope) => api.post(`${seriesKey(id)}/cancel`, { bookingId, scope });

export type SeriesMovePreview = ReplyOf<'POST /bookings/series/{id}/move/preview'>;
export type SeriesMoveBody = BodyOf<'POST /bookings/series/{id}/move'>;

/** Where visits would move (one, this and the following ones, or all): nothing is written. */
export const previewSeriesMove = (id: string, body: BodyOf<'POST /bookings/series/{id}/move/preview'>) => api.post(`${seriesKey(id)}/move/preview`, body);

/** `idempotencyKey`: one per submission, so a retried click moves the visits once. */
export const moveSeriesVisits = (id: string, body: SeriesMoveBody, idempotencyKey: string) => api.post(`${seriesKey(id)}/move`, body, { idempotencyKey });
