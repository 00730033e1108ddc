// Service categories and services (priced in minor units of their currency, durations in minutes).
import type { QueryOf, ReplyOf } from '#shared/api-contract';
import type { CategoryInput, ServiceInput } from '#shared/services/schemas';
import { api } from '../../../lib/api';
import { usePaged, type FiltersOf } from '../../../lib/paged';
import { useApi } from '../../../lib/swr';

/** Categories and services as the API lists them (the contract's reply schemas). */
export type Category = ReplyOf<'GET /service-categories'>['items'][number];

export type Service = ReplyOf<'GET /services'>['items'][number];

export const useCategories = () => useApi('/service-categories', { query: { pageSize: 100 } });

export const useServices = (q: FiltersOf<QueryOf<'GET /services'>>) => usePaged('/services', { sizeParam: 'pageSize', query: q, keepPreviousData: true });

export const createCategory = (body: Omit<CategoryInput, 'version'>) => api.post('/service-categories', body);
export const updateCategory = (id: string, body: CategoryInput) => api.put(`/service-categories/${encodeURIComponent(id)}`, body);
/** `version`: the one shown; a category changed meanwhile is not deleted (409, the list reloads). */
export const deleteCategory = (id: string, version: number) => api.delete(`/service-categories/${encodeURIComponent(id)}`, { query: { version } });
export const createService = (body: Omit<ServiceInput, 'version'>) => api.post('/services', body);
export const updateService = (id: string, body: ServiceInput) => api.put(`/services/${encodeURIComponent(id)}`, body);
/** `version`: the one shown; a service changed meanwhile is not deleted (409, the list reloads). */
export const deleteService = (id: string, version: number) => api.delete(`/services/${encodeURIComponent(id)}`, { query: { version } });
