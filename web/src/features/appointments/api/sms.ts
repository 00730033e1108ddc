// Text messages: send to a customer or a number, and what was sent.
import type { BodyOf, QueryOf, ReplyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';
import { usePaged, type FiltersOf } from '../../../lib/paged';

/** A sent message as the API lists it (the contract's reply schema). */
export type SmsMessage = ReplyOf<'GET /sms'>['items'][number];

export const useSmsList = (q: FiltersOf<QueryOf<'GET /sms'>> = {}) => usePaged('/sms', { sizeParam: 'pageSize', query: q, keepPreviousData: true });

export const sendSms = (body: BodyOf<'POST /sms'>) => api.post('/sms', body);
