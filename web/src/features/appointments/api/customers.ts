// Customers: the people the clinic serves, with their appointments.
import useSWR from 'swr';
import type { CustomerInput } from '#shared/schemas/customers';
import { api, fetcher } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';
import type { Appointment } from './appointments';

export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email?: string;
  phone?: string;
  gender?: string;
  dob?: string;
  notes?: string;
  appointmentCount: number;
  lastAppointmentAt?: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const customerKey = (id: string) => `/customers/${encodeURIComponent(id)}`;

export const useCustomers = (q: { search?: string }) => usePaged<Customer>('/customers', { sizeParam: 'pageSize', params: q, keepPreviousData: true });

export const useCustomer = (id: string | undefined) => useSWR<Customer & { appointments: Appointment[] }>(id ? customerKey(id) : null, fetcher);

export type CustomerBody = Omit<CustomerInput, 'version'> & { version?: number };
export const createCustomer = (body: CustomerBody) => api.post<Customer>('/customers', body);
export const updateCustomer = (id: string, body: CustomerBody) => api.put<Customer>(customerKey(id), body);
export const deleteCustomer = (id: string) => api.delete(customerKey(id));
