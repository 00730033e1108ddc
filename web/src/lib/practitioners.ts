// The practitioner calls (docs/practitioners.md): the whole list (active first), one, create, replace,
// delete (refused with 409 while the practitioner has upcoming bookings).
import type { ReplyOf } from '#shared/api-contract';
import type { PractitionerInput } from '#shared/bookings/practitioner-schemas';
import { api } from './api';
import { useApi } from './swr';

/** A practitioner as the API answers them (the contract's reply schema). */
export type PractitionerView = ReplyOf<'GET /practitioners/{id}'>;

export const PRACTITIONERS_KEY = '/practitioners';
export const practitionerKey = (id: string) => `${PRACTITIONERS_KEY}/${encodeURIComponent(id)}` as const;

/** Every practitioner; pass `false` to skip the call (nothing needs the list). */
export function usePractitioners(enabled = true) {
  const { data, error, mutate } = useApi(enabled ? PRACTITIONERS_KEY : null);
  // Loading = nothing to show yet. Not swr's isLoading, which is true on the first render even with
  // the list in its cache (a page's prefetch) and turns false after a second answer, re-rendering the
  // page for nothing.
  const isLoading = enabled && data === undefined && error === undefined;
  return { practitioners: data?.items, error: error as Error | undefined, isLoading, reload: () => mutate() };
}

export const usePractitioner = (id: string | undefined) => useApi(id ? practitionerKey(id) : null);

export const createPractitioner = (body: PractitionerInput) => api.post(PRACTITIONERS_KEY, body);
export const updatePractitioner = (id: string, body: PractitionerInput) => api.put(practitionerKey(id), body);
export const deletePractitioner = (id: string) => api.delete(practitionerKey(id));
