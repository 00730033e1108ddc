// The appointment calls (spec section 7 "Appointments"): the list (page number or cursor, search,
// sort and filters), one appointment with its log, booking (multipart), assignment, status, the
// log, the CSV export, and the members an appointment can be assigned to.
import type { AppointmentStatus } from '#shared/appointments/form';
import type { QueryOf, ReplyOf } from '#shared/api-contract';
import { api, searchParams } from '../../../lib/api';
import { pageQuery, usePaged, type FiltersOf } from '../../../lib/paged';
import { getToken } from '../../../lib/session';
import { useApi } from '../../../lib/swr';

// The answers' types, from the API's contract (the handlers' reply schemas).
export type AppointmentPage = ReplyOf<'GET /appointments'>;
/** An appointment as the API shows it. */
export type Appointment = AppointmentPage['items'][number];
export type LogEntry = ReplyOf<'GET /appointments/{id}'>['log'][number];

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

/** A flag sent only when set (the list's default is its absence). */
const onlyIf = (set: boolean) => set || undefined;

/** The search, sort and filter of GET /appointments for a list state. */
function listFilters(q: Pick<ListQuery, 'search' | 'sort' | 'filter'>): FiltersOf<QueryOf<'GET /appointments'>> {
  return {
    search: q.search,
    sortASC: q.sort === 'date-asc' ? true : q.sort === 'name-desc' ? false : undefined,
    sortAtoZ: onlyIf(q.sort === 'name-asc' || q.sort === 'name-desc'),
    recentlyUpdated: onlyIf(q.sort === 'updated'),
    active: onlyIf(q.filter === 'active'),
    inactive: onlyIf(q.filter === 'inactive'),
  };
}

const listOptions = (q: Omit<ListQuery, 'pageNumber' | 'cursor'>) => ({ pageSize: q.pageSize, sizeParam: 'pageSize' as const, numbered: true, query: listFilters(q) });

/** The query string of GET /appointments for a list state (what usePaged asks for that page). */
export function listParams(q: ListQuery): URLSearchParams {
  return searchParams(pageQuery(listOptions(q), q.cursor, q.pageNumber));
}

export const APPOINTMENTS_KEY = '/appointments';
export const appointmentKey = (id: string) => `/appointments/${encodeURIComponent(id)}` as const;

/** All Appointments, a page at a time (Previous/Next): any change of the query starts again at page 1. */
export const useAppointments = (q: Omit<ListQuery, 'pageNumber' | 'cursor'>) => usePaged(APPOINTMENTS_KEY, { ...listOptions(q), keepPreviousData: true });

export const useMyAppointments = (q: { pageSize: number; filter: StatusFilter; ascending: boolean }) =>
  usePaged('/appointments/assigned/to/me', {
    pageSize: q.pageSize,
    sizeParam: 'pageSize',
    query: { active: onlyIf(q.filter === 'active'), inactive: onlyIf(q.filter === 'inactive'), sortASC: onlyIf(q.ascending) },
    keepPreviousData: true,
  });

export const useAppointment = (id: string | undefined) =>
  useApi(id ? appointmentKey(id) : null);

export type Assignee = ReplyOf<'GET /appointments/assignees'>['items'][number];

/** Members who can be given appointments (needs Appointment write; pass false to skip the call). */
export const useAssignees = (enabled: boolean) => useApi(enabled ? '/appointments/assignees' : null, { revalidateOnFocus: false });

/** A 5-minute signed link to one of an appointment's private files. */
export const attachmentLink = (id: string, field: 'insuranceCardImage' | 'debtorReferralDocument') =>
  api.get(`/appointments/${encodeURIComponent(id)}/attachments/${field}`);

export const bookAppointment = (form: FormData) => api.post('/appointments/book-custom', undefined, { form });
export const changeStatus = (id: string, status: AppointmentStatus, version: number) => api.patch(`${appointmentKey(id)}/change-status`, { status, version });
export const assign = (appointmentId: string, userId: string, version: number) => api.post('/appointments/assign', { appointmentId, userId, version });
export const reassign = (appointmentId: string, userId: string, version: number) =>
  api.patch(`${appointmentKey(appointmentId)}/update-assignee`, { appointmentId, userId, version });
export const unassign = (id: string, version: number) => api.get(`${appointmentKey(id)}/remove-assignee`, { query: { version } });

/** Downloads the CSV of a date range; resolves to an error message, or undefined when saved. */
export async function downloadCsv(startDate: string, endDate: string): Promise<string | undefined> {
  const token = getToken();
  // A file, not JSON: fetched here, with the client's encoding of the route's query.
  const query: QueryOf<'GET /appointments/export/appointments/to/csv'> = { startDate, endDate };
  const res = await fetch(`/api/appointments/export/appointments/to/csv?${searchParams(query)}`, {
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
