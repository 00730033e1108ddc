// Customers: the people a clinic serves, found again by email or phone. Access patterns:
//   customer by id                  pk ORG#<o>#CUST                  sk <id>
//   by name "first last"            gsi1pk ORG#<o>#CUST              gsi1sk <first last>#<id>
//   by name "last first"            gsi2pk ORG#<o>#CUST              gsi2sk <last first>#<id>
//   customer id by email (unique)   pk ORG#<o>#CUST#EMAIL#<email>    sk LOOKUP   (written in one transaction
//   customer id by phone (unique)   pk ORG#<o>#CUST#PHONE#<phone>    sk LOOKUP    with the customer)
//   a customer's appointments       pk ORG#<o>#CUST#<id>#APPT        sk <date>T<time>#<appointmentId> (pointers)
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import type * as z from 'zod/mini';
import type { customerView } from '#shared/customers/schemas';
import { ddb, table } from './dynamo';
import { randomId } from '#lib/passwords';
import { normalise, searchForm, type Appointment } from './appointments';
import { auditItem, type AuditInput } from './audit';
import { emailIndexPartition, patientItemPut } from './patients';
import { failedConditions, isConditionFailure, mergePage, queryPage, strip, transact, tryTransact, type Item, type TransactItem } from './core';

/** A customer as stored: what the API shows (customerView) but the name it joins, and its organisation. */
export type Customer = Omit<z.output<typeof customerView>, 'fullName'> & { orgId: string };

/** The fields staff edit (PUT /customers/{id}). */
export const EDITABLE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'gender', 'dob', 'notes'] as const;
export type Editable = Pick<Customer, (typeof EDITABLE_FIELDS)[number]>;

type LookupKind = 'EMAIL' | 'PHONE';

const partition = (orgId: string) => `ORG#${orgId}#CUST`;
export const customerKey = (orgId: string, id: string) => ({ pk: partition(orgId), sk: id });
const lookupKey = (orgId: string, kind: LookupKind, value: string) => ({ pk: `ORG#${orgId}#CUST#${kind}#${kind === 'EMAIL' ? value.toLowerCase() : value}`, sk: 'LOOKUP' });
const linkPartition = (orgId: string, customerId: string) => `ORG#${orgId}#CUST#${customerId}#APPT`;

const nameKeys = (c: Pick<Customer, 'firstName' | 'lastName' | 'id'> & { email?: string; orgId?: string }) => ({
  gsi1sk: `${normalise(`${c.firstName} ${c.lastName}`)}#${c.id}`,
  gsi2sk: `${normalise(`${c.lastName} ${c.firstName}`)}#${c.id}`,
  // Patients found by a prefix of their email (./patients.ts); none without an email.
  ...(c.email ? { gsi3pk: emailIndexPartition(c.orgId ?? ''), gsi3sk: `${c.email.toLowerCase()}#${c.id}` } : {}),
});

const toCustomer = (item: Item | undefined) => strip<Customer>(item);

// Get one customer of an organisation.
export async function getCustomer(orgId: string, id: string): Promise<Customer | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: customerKey(orgId, id), ConsistentRead: true }));
  return toCustomer(out.Item);
}

// Find a customer id by email or phone (the unique lookup items).
export async function findCustomerId(orgId: string, kind: LookupKind, value: string): Promise<string | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: lookupKey(orgId, kind, value), ConsistentRead: true }));
  return out.Item?.customerId as string | undefined;
}

const lookupPut = (orgId: string, kind: LookupKind, value: string, customerId: string): TransactItem => ({
  Put: { TableName: table(), Item: { ...lookupKey(orgId, kind, value), customerId }, ConditionExpression: 'attribute_not_exists(pk)' },
});

const lookupDelete = (orgId: string, kind: LookupKind, value: string, customerId: string): TransactItem => ({
  Delete: { TableName: table(), Key: lookupKey(orgId, kind, value), ConditionExpression: 'customerId = :id', ExpressionAttributeValues: { ':id': customerId } },
});

/** Items creating a customer with its email and phone lookups; a taken email or phone fails its condition. */
export function createCustomerItems(c: Customer): TransactItem[] {
  return [
    { Put: { TableName: table(), Item: { ...customerKey(c.orgId, c.id), gsi1pk: partition(c.orgId), gsi2pk: partition(c.orgId), ...nameKeys(c), ...c }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...(c.email ? [lookupPut(c.orgId, 'EMAIL', c.email, c.id)] : []),
    ...(c.phone ? [lookupPut(c.orgId, 'PHONE', c.phone, c.id)] : []),
  ];
}

/**
 * Items editing a customer, conditional on the version it was based on; a changed email or phone moves
 * its lookup item (the new one must be free). Item 0 is the customer, so its failure means a stale version.
 */
function updateCustomerItems(prev: Customer, next: Editable, expectedVersion: number, now: string): TransactItem[] {
  const set: Record<string, unknown> = { updatedAt: now, ...nameKeys({ ...next, id: prev.id, orgId: prev.orgId }) };
  const removed: string[] = [];
  for (const field of EDITABLE_FIELDS) {
    if (next[field] === undefined) removed.push(field);
    else set[field] = next[field];
  }
  if (!next.email) removed.push('gsi3pk', 'gsi3sk');
  const names = Object.fromEntries([...Object.keys(set), ...removed, 'version'].map((k, i) => [`#f${i}`, k]));
  const alias = Object.fromEntries(Object.entries(names).map(([a, k]) => [k, a]));
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(set).map(([k, v]) => [`:${alias[k].slice(1)}`, v]));
  values[':expected'] = expectedVersion;
  values[':one'] = 1;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table(),
        Key: customerKey(prev.orgId, prev.id),
        UpdateExpression:
          `SET ${Object.keys(set).map((k) => `${alias[k]} = :${alias[k].slice(1)}`).join(', ')}, ${alias.version} = ${alias.version} + :one` +
          (removed.length ? ` REMOVE ${removed.map((k) => alias[k]).join(', ')}` : ''),
        ConditionExpression: `${alias.version} = :expected`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
  for (const [kind, field] of [['EMAIL', 'email'], ['PHONE', 'phone']] as const) {
    const before = prev[field];
    const after = next[field];
    if (before === after) continue;
    if (before) items.push(lookupDelete(prev.orgId, kind, before, prev.id));
    if (after) items.push(lookupPut(prev.orgId, kind, after, prev.id));
  }
  return items;
}

/** Items deleting a customer: only at the version seen, and only without appointments (their history stays). */
function deleteCustomerItems(c: Customer, expectedVersion: number): TransactItem[] {
  return [
    {
      Delete: {
        TableName: table(),
        Key: customerKey(c.orgId, c.id),
        ConditionExpression: 'version = :expected AND (attribute_not_exists(appointmentCount) OR appointmentCount = :zero)',
        ExpressionAttributeValues: { ':expected': expectedVersion, ':zero': 0 },
      },
    },
    ...(c.email ? [lookupDelete(c.orgId, 'EMAIL', c.email, c.id)] : []),
    ...(c.phone ? [lookupDelete(c.orgId, 'PHONE', c.phone, c.id)] : []),
  ];
}

export interface BookingPerson {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  gender?: string;
  dob?: string;
}

/**
 * The customer a booking belongs to, and the items that record it (for the booking's transaction):
 * the customer with that email, else the one with that phone, else a new one. An existing customer's
 * details are not changed by a booking (staff edit them); a racing booking of the same new person
 * makes one transaction fail on the lookup, and its retry finds the customer.
 */
export async function customerForBooking(orgId: string, person: BookingPerson, appointment: Pick<Appointment, 'id' | 'bookingDate' | 'bookingTime'>, now: string) {
  const [byEmail, byPhone] = await Promise.all([findCustomerId(orgId, 'EMAIL', person.email), findCustomerId(orgId, 'PHONE', person.phone)]);
  const existing = byEmail ?? byPhone;
  const link = {
    Put: {
      TableName: table(),
      Item: { pk: linkPartition(orgId, existing ?? ''), sk: `${appointment.bookingDate}T${appointment.bookingTime}#${appointment.id}`, appointmentId: appointment.id },
    },
  };
  if (existing) {
    return {
      customerId: existing,
      created: false,
      items: [
        {
          Update: {
            TableName: table(),
            Key: customerKey(orgId, existing),
            UpdateExpression: 'ADD appointmentCount :one SET lastAppointmentAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':one': 1, ':now': now },
          },
        },
        link,
        patientItemPut(orgId, existing, { kind: 'appointment', refId: appointment.id, at: now }),
      ],
    };
  }
  const customer: Customer = {
    id: randomId(),
    orgId,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    gender: person.gender,
    dob: person.dob,
    appointmentCount: 1,
    lastAppointmentAt: now,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  link.Put.Item.pk = linkPartition(orgId, customer.id);
  return { customerId: customer.id, created: true, items: [...createCustomerItems(customer), link, patientItemPut(orgId, customer.id, { kind: 'appointment', refId: appointment.id, at: now })] };
}

// A customer's appointment ids, latest booking first.
export async function listCustomerAppointmentIds(orgId: string, customerId: string, limit: number): Promise<string[]> {
  const page = await queryPage<Item>(
    { TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': linkPartition(orgId, customerId) }, ScanIndexForward: false },
    { limit, keys: ['pk', 'sk'], partitionValue: linkPartition(orgId, customerId) },
  );
  return page.items.map((i) => i.appointmentId as string);
}

// List customers by name, or find them: an email or a phone number exactly, else a prefix of
// "first last" or "last first" (each customer once, in the order of the name form that matched).
export async function listCustomers(orgId: string, o: { limit: number; cursor?: string; search?: string }): Promise<Page<Customer>> {
  const search = o.search?.trim();
  if (search && search.includes('@')) {
    const id = await findCustomerId(orgId, 'EMAIL', search.toLowerCase());
    const c = id ? await getCustomer(orgId, id) : undefined;
    return { items: c ? [c] : [] };
  }
  const q = search ? searchForm(search) : '';
  if (q && /^\d+$/.test(q)) {
    const id = await findCustomerId(orgId, 'PHONE', `+${q}`);
    const c = id ? await getCustomer(orgId, id) : undefined;
    return { items: c ? [c] : [] };
  }
  if (!q) {
    return mergePage({ streams: [{ index: 'gsi1', partition: partition(orgId) }], ascending: true, limit: o.limit, cursor: o.cursor, resolve: (items) => Promise.resolve(items.map((i) => toCustomer(i)!)) });
  }
  return mergePage({
    streams: [
      { index: 'gsi1', partition: partition(orgId), prefix: q },
      { index: 'gsi2', partition: partition(orgId), prefix: q },
    ],
    ascending: true,
    limit: o.limit,
    cursor: o.cursor,
    // Found by "last first" but also by "first last": returned by the first stream only.
    resolve: (items, _skipping, stream) => Promise.resolve(items.map((i) => (stream === 1 && String(i.gsi1sk).startsWith(q) ? undefined : toCustomer(i)))),
  });
}

// ---------------------------------------------------------------------------------------------
// Staff writes, each with its audit entry

const customerAudit = (c: Pick<Customer, 'orgId' | 'id'>, actorId: string, action: AuditInput['action'], summary: string) =>
  auditItem({ orgId: c.orgId, actorId, module: 'Customers', action, recordType: 'customer', recordId: c.id, summary });

/** The unique lookup (email or phone) that a failed item of a customer transaction claimed. */
const takenBy = (items: TransactItem[], error: unknown): 'email-taken' | 'phone-taken' =>
  String(items[failedConditions(error)[0]]?.Put?.Item?.pk).includes('#CUST#EMAIL#') ? 'email-taken' : 'phone-taken';

// Add a customer with their email and phone lookups.
export async function createCustomer(c: Customer, actorId: string): Promise<'created' | 'email-taken' | 'phone-taken'> {
  const items = createCustomerItems(c);
  try {
    await transact([...items, customerAudit(c, actorId, 'create', `Added customer ${c.firstName} ${c.lastName}`)]);
    return 'created';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return takenBy(items, error);
  }
}

// Edit a customer at the version read; a changed email or phone moves its lookup (the new one must be free).
export async function saveCustomer(current: Customer, fields: Editable, actorId: string): Promise<'saved' | 'stale' | 'email-taken' | 'phone-taken'> {
  const items = updateCustomerItems(current, fields, current.version, new Date().toISOString());
  try {
    await transact([...items, customerAudit(current, actorId, 'update', `Updated customer ${fields.firstName} ${fields.lastName}`)]);
    return 'saved';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return failedConditions(error).includes(0) ? 'stale' : takenBy(items, error);
  }
}

// Delete a customer at the version read, only without appointments; false when either is no longer so.
export function deleteCustomer(current: Customer, actorId: string): Promise<boolean> {
  return tryTransact([...deleteCustomerItems(current, current.version), customerAudit(current, actorId, 'delete', `Deleted customer ${current.firstName} ${current.lastName}`)]);
}
