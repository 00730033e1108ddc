// Patients (issue 36): one record per person, with everything that is theirs (GET /patients/{id}/items),
// notes, merging two records, the export and the erasure.
import type { QueryOf, ReplyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';
import { usePaged, type FiltersOf } from '../../../lib/paged';
import { useApi } from '../../../lib/swr';

/** A patient as the API answers one (the contract's reply schema). */
export type Patient = ReplyOf<'GET /patients/{id}'>;
/** One item of a patient's record. */
export type PatientItem = ReplyOf<'GET /patients/{id}/items'>['items'][number];
export type PatientExport = ReplyOf<'GET /patients/{id}/export'>;

export const patientKey = (id: string) => `/patients/${encodeURIComponent(id)}` as const;
const itemsKey = (id: string) => `/patients/${encodeURIComponent(id)}/items` as const;

export const usePatients = (q: FiltersOf<QueryOf<'GET /patients'>>) => usePaged('/patients', { query: q, keepPreviousData: true });
export const usePatient = (id: string | undefined) => useApi(id ? patientKey(id) : null);
/** The record, newest first, a page of 25 at a time ("Load more"). */
export const usePatientItems = (id: string | undefined) => usePaged(id ? itemsKey(id) : null, { pageSize: 25 });

export const addNote = (id: string, text: string, idempotencyKey: string) => api.post(`/patients/${encodeURIComponent(id)}/notes`, { text }, { idempotencyKey });
export const mergePatients = (id: string, fromId: string) => api.post(`/patients/${encodeURIComponent(id)}/merge`, { fromId });
export const exportPatient = (id: string) => api.get(`/patients/${encodeURIComponent(id)}/export`);
export const erasePatient = (id: string) => api.post(`/patients/${encodeURIComponent(id)}/erase`);
