// Text messages: send to a customer or a number, and what was sent.
import type { ReplyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

/** A sent message as the API lists it (the contract's reply schema). */
export type SmsMessage = ReplyOf<'GET /sms'>['items'][number];

export function useSmsList(q: { customerId?: string; cursor?: string } = {}) {
  const p = new URLSearchParams({ pageSize: '25' });
  if (q.customerId) p.set('customerId', q.customerId);
  if (q.cursor) p.set('cursor', q.cursor);
  return useApi(`/sms?${p}`, { keepPreviousData: true });
}

export const sendSms = (body: { customerId?: string; phone?: string; message: string }) => api.post('/sms', body);
