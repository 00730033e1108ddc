// The practitioner calls (docs/practitioners.md): the whole list (active first), one, create, replace,
// delete (refused with 409 while the practitioner has upcoming bookings).
import useSWR from 'swr';
import type { PractitionerInput, PractitionerView } from '#shared/schemas/practitioners';
import { api, fetcher } from '../../../lib/api';

export type { PractitionerView };

export const PRACTITIONERS_KEY = '/practitioners';
export const practitionerKey = (id: string) => `${PRACTITIONERS_KEY}/${encodeURIComponent(id)}`;

/** Every practitioner; pass `false` to skip the call (nothing needs the list). */
export function usePractitioners(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<{ items: PractitionerView[] }>(enabled ? PRACTITIONERS_KEY : null, fetcher);
  return { practitioners: data?.items, error: error as Error | undefined, isLoading, reload: () => mutate() };
}

export const usePractitioner = (id: string | undefined) => useSWR<PractitionerView>(id ? practitionerKey(id) : null, fetcher);

export const createPractitioner = (body: PractitionerInput) => api.post<PractitionerView>(PRACTITIONERS_KEY, body);
export const updatePractitioner = (id: string, body: PractitionerInput) => api.put<PractitionerView>(practitionerKey(id), body);
export const deletePractitioner = (id: string) => api.delete<{ id: string }>(practitionerKey(id));
