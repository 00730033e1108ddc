// A patient's record as one list, newest first (issue 36): the items of their own partition (pointers
// and notes), the texts staff sent them, and the mails and texts the clinic's outbox sent to each of
// their addresses (their own and those of records merged into theirs), merged in one order by time
// (data/core.ts mergePage: a page reads about `limit` items per stream; a page's pointers are read in
// one BatchGet per stream chunk). The cursor holds each stream's position.
import type { Page } from '#shared/api';
import { mergePage, type Stream } from '../../data/core';
import { getCustomer, type Customer } from '../../data/customers';
import { getPatientProfile, itemsPartition, recipientPartition, type PatientProfile } from '../../data/patients';
import { messageView, viewsOf, type PatientItemView } from './item-kinds';
import { normaliseEmail, normalisePhone } from './normalise';

export interface Patient {
  customer: Customer;
  profile: PatientProfile;
}

// A patient of an organisation: their customer row and profile (undefined: none, merged away or erased).
export async function getPatient(orgId: string, id: string): Promise<Patient | undefined> {
  const [customer, profile] = await Promise.all([getCustomer(orgId, id), getPatientProfile(orgId, id)]);
  if (!customer || profile.mergedInto || profile.erasedAt) return undefined;
  return { customer, profile };
}

/** Every address mails and texts to this patient went to (normalised, each once). */
export function addressesOf(p: Patient): { emails: string[]; phones: string[] } {
  const emails = [p.customer.email, ...(p.profile.emails ?? [])].map(normaliseEmail).filter((e): e is string => Boolean(e));
  const phones = [p.customer.phone, ...(p.profile.phones ?? [])].map(normalisePhone).filter((e): e is string => Boolean(e));
  return { emails: [...new Set(emails)], phones: [...new Set(phones)] };
}

/** The streams of a patient's record, in a fixed order (the cursor's positions follow it). */
function streamsOf(orgId: string, p: Patient): Stream[] {
  const { emails, phones } = addressesOf(p);
  return [
    { partition: itemsPartition(orgId, p.customer.id) },
    { index: 'gsi1', partition: `ORG#${orgId}#SMS#CUST#${p.customer.id}` },
    ...[...emails, ...phones].map((address): Stream => ({ index: 'gsi2', partition: recipientPartition(orgId, address) })),
  ];
}

// A page of a patient's record, newest first.
export function patientItems(orgId: string, p: Patient, limit: number, cursor?: string): Promise<Page<PatientItemView>> {
  return mergePage<PatientItemView>({
    streams: streamsOf(orgId, p),
    ascending: false,
    limit,
    cursor,
    resolve: async (items, _skipping, stream) => (stream === 0 ? viewsOf(orgId, items) : items.map(messageView)),
  });
}
