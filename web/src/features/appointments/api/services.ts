// Service categories and services (priced in cents, durations in minutes).
import useSWR from 'swr';
import type { CategoryInput, ServiceInput } from '#shared/schemas/services';
import { api, fetcher } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

export interface Category {
  id: string;
  name: string;
  description?: string;
  serviceCount: number;
  version: number;
}

export interface Service {
  id: string;
  categoryId: string;
  name: string;
  description?: string;
  durationMinutes: number;
  priceCents: number;
  active: boolean;
  version: number;
}

export const CATEGORIES_KEY = '/service-categories?pageSize=100';
export const useCategories = () => useSWR<{ items: Category[]; nextCursor?: string }>(CATEGORIES_KEY, fetcher);

export const useServices = (q: { categoryId?: string; search?: string }) => usePaged<Service>('/services', { sizeParam: 'pageSize', params: q, keepPreviousData: true });

export const createCategory = (body: Omit<CategoryInput, 'version'>) => api.post<Category>('/service-categories', body);
export const updateCategory = (id: string, body: CategoryInput) => api.put<Category>(`/service-categories/${encodeURIComponent(id)}`, body);
export const deleteCategory = (id: string) => api.delete(`/service-categories/${encodeURIComponent(id)}`);
export const createService = (body: Omit<ServiceInput, 'version'>) => api.post<Service>('/services', body);
export const updateService = (id: string, body: ServiceInput) => api.put<Service>(`/services/${encodeURIComponent(id)}`, body);
export const deleteService = (id: string) => api.delete(`/services/${encodeURIComponent(id)}`);

export const dollars = (cents: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(cents / 100);
