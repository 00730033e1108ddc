// The manage page's calls: the token always in the body (never in a URL the server logs).
import type { ManageView } from '#shared/schemas/manage';
import { api } from '../../../lib/api';
import type { FreeDay } from '../booking/api';

export type { FreeDay, ManageView };

const none = { auth: 'none' as const };

export const openBooking = (token: string) => api.post<ManageView>('/public/manage/booking', { token }, none);
export const freeDay = (token: string, date: string) => api.post<FreeDay>('/public/manage/slots', { token, date }, none);
export const cancelBooking = (token: string) => api.post<ManageView>('/public/manage/cancel', { token }, none);
export const rescheduleBooking = (token: string, bookingDate: string, bookingTime: string) =>
  api.post<ManageView>('/public/manage/reschedule', { token, bookingDate, bookingTime }, none);
