// Text messages: send to a customer or a number, and what was sent.
import type { ReplyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

/** A sent message as the API lists it (the contract's reply schema). */
export type SmsMessage = ReplyOf<'GET /sms'>['items'][number];

export const useSmsList = (q: { customerId?: string } = {}) => usePaged('/sms', { sizeParam: 'pageSize', params: q, keepPreviousData: true });

export const sendSms = (body: { customerId?: string; phone?: string; message: string }) => api.post('/sms', body);
