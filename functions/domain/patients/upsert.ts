// The patients context (issue 36): one record per person a clinic sees. A patient is the clinic's
// customer (functions/data/customers.ts: the spec's /customers keep working on the same rows), found
// again by their normalised email, else their E.164 phone (./normalise.ts), and created when neither is
// known. What lives here: matching and the upsert (this file), the record's item kinds
// (./item-kinds.ts), its page (./timeline.ts), the event subscriber (./on-events.ts), and merging,
// exporting and erasing (./merge.ts, ./export.ts, ./erase.ts).
// Appointments link their patient in their own transaction (data/customers.ts customerForBooking, which
// already found or created the customer); bookings, payments and leads through the subscriber.
import { randomId } from '#lib/passwords';
import { failedConditions, retryOnConflict, transact, TRY_AGAIN, isConditionFailure, type TransactItem } from '../../data/core';
import { createCustomerItems, findCustomerId, type Customer } from '../../data/customers';
import { notErasedSince } from '../../data/erasures';
import { patientItemPut, type PatientItem } from '../../data/patients';
import { normaliseEmail, normalisePhone } from './normalise';

export interface Person {
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
}

/** The patient with this email, else this phone (both normalised); undefined when neither is known. */
export async function findPatientId(orgId: string, person: Pick<Person, 'email' | 'phone'>): Promise<string | undefined> {
  const email = normaliseEmail(person.email);
  const phone = normalisePhone(person.phone);
  const [byEmail, byPhone] = await Promise.all([email ? findCustomerId(orgId, 'EMAIL', email) : undefined, phone ? findCustomerId(orgId, 'PHONE', phone) : undefined]);
  return byEmail ?? byPhone;
}

/** A new patient (customer) record for a person who gave an email or a phone the clinic does not know yet. */
function newPatient(orgId: string, person: Person, now: string): Customer {
  const email = normaliseEmail(person.email) ?? undefined;
  const phone = normalisePhone(person.phone) ?? undefined;
  return {
    id: randomId(),
    orgId,
    firstName: person.firstName.trim().slice(0, 50) || '-',
    lastName: person.lastName.trim().slice(0, 50),
    email,
    // A phone another patient already has is not taken from them: the email decided who this is.
    phone,
    appointmentCount: 0,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

/**
 * Puts `items` in the record of the person's patient, creating the patient when the clinic does not
 * know them, in one transaction with `extra` (e.g. the booking's patientId). Idempotent: an item is
 * keyed by what it points to and when, and a second run finds the patient the first created. Two runs
 * creating the same new person at once: one loses on the email or phone lookup and runs again, finding it.
 * A person erased at or after the items' time (an event from before the erase, delivered after it) is
 * not written again: undefined, nothing written. The transaction's conditions on the erasure marks say
 * so (no read of the marks before it: erased people are rare, links are not), and they also stop an
 * erase that begins while this runs.
 */
export async function linkToPatient(orgId: string, person: Person, items: PatientItem[], extra: (patientId: string) => TransactItem[] = () => []): Promise<string | undefined> {
  if (!normaliseEmail(person.email) && !normalisePhone(person.phone)) return undefined;
  const at = items[0]?.at ?? new Date().toISOString();
  return retryOnConflict<string | undefined>(
    async () => {
      const existing = await findPatientId(orgId, person);
      const created = existing ? undefined : newPatient(orgId, person, at);
      const patientId = existing ?? created!.id;
      // A phone already someone else's would fail the new patient's lookup: leave it out and keep the email.
      if (created?.phone && created.email && (await findCustomerId(orgId, 'PHONE', created.phone))) created.phone = undefined;
      const checks = notErasedSince(orgId, person, at);
      try {
        await transact([...checks, ...(created ? createCustomerItems(created) : []), ...items.map((i) => patientItemPut(orgId, patientId, i)), ...extra(patientId)]);
        return patientId;
      } catch (error) {
        // Erased (at or after `at`): nothing was written, and nothing is to be. Or the new person was created by another run.
        if (failedConditions(error).some((i) => i < checks.length)) return undefined;
        if (created && isConditionFailure(error)) return TRY_AGAIN;
        throw error;
      }
    },
    { attempts: 4, backoff: true, exhausted: () => new Error('The patient record could not be written after 4 tries') },
  );
}
