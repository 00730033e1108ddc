// The patient list (issue 36): the customers by name (data/customers.ts listCustomers), or found by a
// prefix of their email (gsi3, written with each customer: data/patients.ts), their phone number
// (exactly, E.164), or a prefix of "first last" / "last first", each patient once. Each with its
// profile (a BatchGet).
import type { Page } from '#shared/api';
import { batchGet, mergePage, strip } from '../../data/core';
import { normalise } from '../../data/appointments';
import { findCustomerId, getCustomer, listCustomers, type Customer } from '../../data/customers';
import { emailIndexPartition, profileKey, type PatientProfile } from '../../data/patients';
import { normalisePhone } from './normalise';
import type { Patient } from './timeline';

async function withProfiles(orgId: string, page: Page<Customer>): Promise<Page<Patient>> {
  const profiles = page.items.length ? await batchGet(page.items.map((c) => profileKey(orgId, c.id))) : [];
  return { items: page.items.map((customer, i) => ({ customer, profile: strip<PatientProfile>(profiles[i]) ?? {} })), nextCursor: page.nextCursor };
}

export async function listPatients(orgId: string, o: { limit: number; cursor?: string; search?: string }): Promise<Page<Patient>> {
  const search = o.search?.trim().toLowerCase();
  const phone = search ? normalisePhone(search) : null;
  if (phone) {
    const id = await findCustomerId(orgId, 'PHONE', phone);
    const customer = id ? await getCustomer(orgId, id) : undefined;
    return withProfiles(orgId, { items: customer ? [customer] : [] });
  }
  if (!search) return withProfiles(orgId, await listCustomers(orgId, o));
  // A prefix of "first last", of "last first", or of the email: each patient once (at its first match).
  const name = normalise(search);
  const page = await mergePage<Customer>({
    streams: [
      { index: 'gsi1', partition: `ORG#${orgId}#CUST`, prefix: name },
      { index: 'gsi2', partition: `ORG#${orgId}#CUST`, prefix: name },
      { index: 'gsi3', partition: emailIndexPartition(orgId), prefix: search },
    ],
    ascending: true,
    limit: o.limit,
    cursor: o.cursor,
    resolve: (items, _skipping, stream) =>
      Promise.resolve(items.map((i) => {
        const byFirst = String(i.gsi1sk).startsWith(name);
        if ((stream === 1 && byFirst) || (stream === 2 && (byFirst || String(i.gsi2sk).startsWith(name)))) return undefined;
        return strip<Customer>(i);
      })),
  });
  return withProfiles(orgId, page);
}
