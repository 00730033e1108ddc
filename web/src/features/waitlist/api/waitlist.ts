// The staff waitlist calls: who waits, the offers made, the figures and settings, offering a time by hand.
import type { ReplyOf } from '#shared/api-contract';
import type { WaitlistMode } from '#shared/waitlist/records';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

export type WaitlistEntryView = ReplyOf<'GET /waitlist'>['items'][number];
export type WaitlistOfferView = ReplyOf<'GET /waitlist/offers'>['items'][number];

export const useWaitlist = () => useApi('/waitlist', { query: { status: 'waiting', limit: 100 } });
export const useWaitlistOffers = () => useApi('/waitlist/offers', { query: { limit: 25 } });
export const useWaitlistSummary = () => useApi('/waitlist/summary');

export const saveWaitlistSettings = (body: { mode: WaitlistMode; holdMinutes: number }) => api.put('/waitlist/settings', body);
export const offerTime = (entryId: string, body: { bookingDate: string; bookingTime: string }) => api.post(`/waitlist/entries/${encodeURIComponent(entryId)}/offer`, body);
