// Text messages: send to a customer or a number, and what was sent.
import useSWR from 'swr';
import { api, fetcher } from '../../../lib/api';

export interface SmsMessage {
  id: string;
  to: string;
  message: string;
  customerId?: string;
  customerName?: string;
  status: 'sent' | 'failed';
  sentByName: string;
  at: string;
}

export function useSmsList(q: { customerId?: string; cursor?: string } = {}) {
  const p = new URLSearchParams({ pageSize: '25' });
  if (q.customerId) p.set('customerId', q.customerId);
  if (q.cursor) p.set('cursor', q.cursor);
  return useSWR<{ items: SmsMessage[]; nextCursor?: string }>(`/sms?${p}`, fetcher, { keepPreviousData: true });
}

export const sendSms = (body: { customerId?: string; phone?: string; message: string }) => api.post<SmsMessage>('/sms', body);
