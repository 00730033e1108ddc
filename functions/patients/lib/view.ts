// The patient as the /patients operations answer them: the customer's view (the spec's fields) and the
// addresses of records merged into theirs.
import { notFound } from '#lib/errors';
import type { Patient } from '#domain/patients/timeline';
import { getPatient } from '#domain/patients/timeline';

export function patientView(p: Patient) {
  const { orgId: _o, ...rest } = p.customer;
  return { ...rest, fullName: `${p.customer.firstName} ${p.customer.lastName}`.trim(), otherEmails: p.profile.emails ?? [], otherPhones: p.profile.phones ?? [] };
}

export const PATIENT_NOT_FOUND = 'Patient not found.';

/** The caller's organisation's patient of the path, or a 404 (another organisation's ids are simply not found). */
export async function patientOr404(orgId: string, id: string): Promise<Patient> {
  const p = await getPatient(orgId, id);
  if (!p) throw notFound(PATIENT_NOT_FOUND);
  return p;
}
