// The manage page's calls: the token always in the body (never in a URL the server logs).
import type { ReplyOf } from '#shared/api-contract';
import { api } from '../../lib/api';

// The answers' types, from the API's contract (types only).
export type ManageView = ReplyOf<'POST /public/manage/booking'>;
export type FreeDay = ReplyOf<'POST /public/manage/slots'>;

const none = { auth: 'none' as const };

export const openBooking = (token: string) => api.post('/public/manage/booking', { token }, none);
/** `practitionerId`: whom to move to (absent: the booking's own practitioner, or nobody for a clinic-wide package). */
export const freeDay = (token: string, date: string, practitionerId?: string) => api.post('/public/manage/slots', { token, date, ...(practitionerId ? { practitionerId } : {}) }, none);
/** The month view's free days: every date of `days` dates from `from`. */
export const freeDays = (token: string, from: string, days: number, practitionerId?: string) =>
  api.post('/public/manage/days', { token, from, days, ...(practitionerId ? { practitionerId } : {}) }, none);
export const cancelBooking = (token: string) => api.post('/public/manage/cancel', { token }, none);
/** A visit of a series: this one and the following ones (each under the clinic's policy). */
export const cancelFollowing = (token: string) => api.post('/public/manage/cancel-following', { token }, none);
export const rescheduleBooking = (token: string, bookingDate: string, bookingTime: string, practitionerId?: string) =>
  api.post('/public/manage/reschedule', { token, bookingDate, bookingTime, ...(practitionerId ? { practitionerId } : {}) }, none);
