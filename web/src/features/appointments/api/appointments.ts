// The appointment calls (spec section 7 "Appointments"): the list (page number or cursor, search,
// sort and filters), one appointment with its log, booking (multipart), assignment, status, the
// log, the CSV export, and the members an appointment can be assigned to.
import useSWR from 'swr';
import type { AppointmentStatus } from '#shared/appointments/form';
import type { AppointmentLogEntry, AppointmentView } from '#shared/appointments/types';
import { api, fetcher } from '../../../lib/api';
import { pageUrl, usePaged, type QueryParams } from '../../../lib/paged';
import { getToken } from '../../../lib/session';

/** An appointment as the API shows it; the handlers build exactly this. */
export type Appointment = AppointmentView;
export type LogEntry = AppointmentLogEntry;

export interface AppointmentPage {
  items: Appointment[];
  nextCursor?: string;
  pageNumber: number;
  pageSize: number;
  total?: number;
}

export type Sort = 'date-desc' | 'date-asc' | 'name-asc' | 'name-desc' | 'updated';
export type StatusFilter = 'all' | 'active' | 'inactive';

export interface ListQuery {
  pageSize: number;
  pageNumber: number;
  cursor?: string;
  search?: string;
  sort: Sort;
  filter: StatusFilter;
}

/** The search, sort and filter of GET /appointments for a list state. */
function listFilters(q: Pick<ListQuery, 'search' | 'sort' | 'filter'>): QueryParams {
  return {
    search: q.search,
    sortASC: q.sort === 'date-asc' ? 'true' : q.sort === 'name-desc' ? 'false' : undefined,
    sortAtoZ: q.sort === 'name-asc' || q.sort === 'name-desc',
    recentlyUpdated: q.sort === 'updated',
    active: q.filter === 'active',
    inactive: q.filter === 'inactive',
  };
}

const listOptions = (q: Omit<ListQuery, 'pageNumber' | 'cursor'>) => ({ pageSize: q.pageSize, sizeParam: 'pageSize' as const, numbered: true, params: listFilters(q) });

/** The query string of GET /appointments for a list state. */
export function listParams(q: ListQuery): URLSearchParams {
  return new URLSearchParams(pageUrl('', listOptions(q), q.cursor, q.pageNumber).slice(1));
}

export const APPOINTMENTS_KEY = '/appointments';
export const appointmentKey = (id: string) => `/appointments/${encodeURIComponent(id)}`;

/** All Appointments, a page at a time (Previous/Next): any change of the query starts again at page 1. */
export const useAppointments = (q: Omit<ListQuery, 'pageNumber' | 'cursor'>) => usePaged<Appointment, AppointmentPage>(APPOINTMENTS_KEY, { ...listOptions(q), keepPreviousData: true });

export const useMyAppointments = (q: { pageSize: number; filter: StatusFilter; ascending: boolean }) =>
  usePaged<Appointment, AppointmentPage>('/appointments/assigned/to/me', {
    pageSize: q.pageSize,
    sizeParam: 'pageSize',
    params: { active: q.filter === 'active', inactive: q.filter === 'inactive', sortASC: q.ascending },
    keepPreviousData: true,
  });

export const useAppointment = (id: string | undefined) =>
  useSWR<Appointment & { log: LogEntry[]; logNextCursor?: string }>(id ? appointmentKey(id) : null, fetcher);

export interface Assignee {
  userId: string;
  name: string;
  email: string;
  isOwner: boolean;
}

/** Members who can be given appointments (needs Appointment write; pass false to skip the call). */
export const useAssignees = (enabled: boolean) => useSWR<{ items: Assignee[] }>(enabled ? '/appointments/assignees' : null, fetcher, { revalidateOnFocus: false });

/** A 5-minute signed link to one of an appointment's private files. */
export const attachmentLink = (id: string, field: 'insuranceCardImage' | 'debtorReferralDocument') =>
  api.get<{ url: string; expiresInSeconds: number }>(`/appointments/${encodeURIComponent(id)}/attachments/${field}`);

export const bookAppointment = (form: FormData) => api.post<Appointment>('/appointments/book-custom', undefined, { form });
export const changeStatus = (id: string, status: AppointmentStatus, version: number) => api.patch<Appointment>(`${appointmentKey(id)}/change-status`, { status, version });
export const assign = (appointmentId: string, userId: string, version: number) => api.post<Appointment>('/appointments/assign', { appointmentId, userId, version });
export const reassign = (appointmentId: string, userId: string, version: number) =>
  api.patch<Appointment>(`${appointmentKey(appointmentId)}/update-assignee`, { appointmentId, userId, version });
export const unassign = (id: string, version: number) => api.get<Appointment>(`${appointmentKey(id)}/remove-assignee?version=${version}`);

/** Downloads the CSV of a date range; resolves to an error message, or undefined when saved. */
export async function downloadCsv(startDate: string, endDate: string): Promise<string | undefined> {
  const token = getToken();
  const res = await fetch(`/api/appointments/export/appointments/to/csv?${new URLSearchParams({ startDate, endDate })}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return body.message || 'The export failed. Please try again.';
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `appointments-${startDate}-to-${endDate}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return undefined;
}
