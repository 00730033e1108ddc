// Text messages: send to a customer or a number, and what was sent.
import { api } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

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

export const useSmsList = (q: { customerId?: string } = {}) => usePaged<SmsMessage>('/sms', { sizeParam: 'pageSize', params: q, keepPreviousData: true });

export const sendSms = (body: { customerId?: string; phone?: string; message: string }) => api.post<SmsMessage>('/sms', body);
