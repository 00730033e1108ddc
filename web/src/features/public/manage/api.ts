// The manage page's calls: the token always in the body (never in a URL the server logs).
import type { ReplyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';

// The answers' types, from the API's contract (types only).
export type ManageView = ReplyOf<'POST /public/manage/booking'>;
export type FreeDay = ReplyOf<'POST /public/manage/slots'>;

const none = { auth: 'none' as const };

export const openBooking = (token: string) => api.post('/public/manage/booking', { token }, none);
export const freeDay = (token: string, date: string) => api.post('/public/manage/slots', { token, date }, none);
export const cancelBooking = (token: string) => api.post('/public/manage/cancel', { token }, none);
export const rescheduleBooking = (token: string, bookingDate: string, bookingTime: string) =>
  api.post('/public/manage/reschedule', { token, bookingDate, bookingTime }, none);
