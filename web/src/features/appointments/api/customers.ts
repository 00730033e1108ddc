// Customers: the people the clinic serves, with their appointments.
import type { QueryOf, ReplyOf } from '#shared/api-contract';
import type { CustomerInput } from '#shared/customers/schemas';
import { api } from '../../../lib/api';
import { usePaged, type FiltersOf } from '../../../lib/paged';
import { useApi } from '../../../lib/swr';

/** A customer as the API lists it (the contract's reply schema). */
export type Customer = ReplyOf<'GET /customers'>['items'][number];

export const customerKey = (id: string) => `/customers/${encodeURIComponent(id)}` as const;

export const useCustomers = (q: FiltersOf<QueryOf<'GET /customers'>>) => usePaged('/customers', { sizeParam: 'pageSize', query: q, keepPreviousData: true });

export const useCustomer = (id: string | undefined) => useApi(id ? customerKey(id) : null);

export type CustomerBody = Omit<CustomerInput, 'version'> & { version?: number };
export const createCustomer = (body: CustomerBody) => api.post('/customers', body);
export const updateCustomer = (id: string, body: CustomerBody) => api.put(customerKey(id), body);
/** `version`: the one shown; a customer changed meanwhile is not deleted (409). */
export const deleteCustomer = (id: string, version: number) => api.delete(customerKey(id), { query: { version } });
