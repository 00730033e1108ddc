// Appointments. Access patterns (every list is a Query; no Scan):
//   appointment by id             pk ORG#<o>#APPT                      sk <id>
//   by booking date and time      gsi1pk ORG#<o>#APPT#<ACTIVE|INACTIVE> gsi1sk <date>T<time>#<id>
//   by last change                gsi2pk ORG#<o>#APPT#<ACTIVE|INACTIVE> gsi2sk <updatedAt>#<id>
//   by name (A-Z)                 gsi3pk ORG#<o>#APPT#<ACTIVE|INACTIVE> gsi3sk <first last>#<id>
//     "all statuses" merges the ACTIVE and INACTIVE partitions of one index (two Queries per page);
//     the active/inactive filters read one partition, so a filtered page costs what an unfiltered one does.
//   search (prefix)               pk ORG#<o>#APPTQ                     sk <token>#<id>   (pointer items: names,
//                                 email, phone digits; written once at booking)
//   assigned to a member          pk ORG#<o>#APPT#ASSIGNEE#<userId>    sk <date>T<time>#<id> (pointer items)
//   how many assigned to a member pk ORG#<o>#APPTCOUNT#<userId>         sk COUNT (kept, for the dashboard)
//   an appointment's log          pk ORG#<o>#APPT#<id>#LOG             sk <at>#<logId>
//   the organisation's log        gsi1pk ORG#<o>#APPTLOG               gsi1sk <at>#<logId>
// Changes are conditional on `version`, so two staff changing one appointment at once never lose a change.
//
// Limits, on purpose:
// - Search is a prefix of "first last", "last first", the email, or the phone digits (full, or the
//   last 10). No infix ("mith" does not find Smith), no fuzzy match. Results come in the order of the
//   matched text, ignore the sort flags, and each appointment comes once (at its first matching entry).
//   A status filter on a search is applied after reading, so a search page may read a few extra items.
// - Paging is by cursor. A page number without a cursor reads the pages before it (keys only, about
//   pageSize x (pageNumber - 1) index entries): fine for the first pages, costly deep down; use nextCursor.
// - The total is the kept counter of the unfiltered list; filtered and search totals are not kept.
// - My Appointments filters active/inactive after reading (one member has few assignments).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import type { AppointmentFields, AppointmentLogEntry } from '#shared/appointments/types';
import { isActiveStatus, type AppointmentStatus } from '#shared/appointments/schemas';
import { ddb, table } from './dynamo';
import { conflict } from '#lib/errors';
import { randomId } from '#lib/passwords';
import { PRACTITIONER_BUSY, appointmentTimeItems } from './appointment-time';
import { auditItem, type AuditInput } from './audit';
import { batchGet, failedConditions, mergePage, pageOf, strip, transact, type Item, type TransactItem } from './core';
import { effectItems, type Effects } from './effects';
import { appointmentChangeItems } from './events';
import { appointmentReportDeltas, reportItems } from './reports';
import type { IndexName } from './table';

/** Lower case, accents and '#' removed, spaces collapsed: the form names are compared and searched in. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[#\s]+/g, ' ')
    .trim();
}

export const digitsOf = (text: string) => text.replace(/\D/g, '');

/** A search string that is only a phone number's characters is searched as its digits. */
export function searchForm(search: string): string {
  const phoneLike = /^[\d\s+().-]+$/.test(search) && digitsOf(search).length >= 3;
  return phoneLike ? digitsOf(search) : normalise(search);
}

// ---------------------------------------------------------------------------------------------
// Appointments

export type { AppointmentLogEntry } from '#shared/appointments/types';

/** The stored appointment: its own fields and the organisation it belongs to. */
export interface Appointment extends AppointmentFields {
  orgId: string;
  /** Counted in the report figures (data/reports.ts); absent on appointments from before reports existed. */
  inReports?: boolean;
  /** Its practitioner's booked minutes are counted (data/reports.ts); absent on appointments from before that. */
  inPractitionerReports?: boolean;
}

export const bucketOf = (status: AppointmentStatus) => (isActiveStatus(status) ? 'ACTIVE' : 'INACTIVE');
export const appointmentPartition = (orgId: string) => `ORG#${orgId}#APPT`;
export const listPartition = (orgId: string, bucket: 'ACTIVE' | 'INACTIVE') => `ORG#${orgId}#APPT#${bucket}`;
export const appointmentKey = (orgId: string, id: string) => ({ pk: appointmentPartition(orgId), sk: id });
const whenKey = (a: Pick<Appointment, 'bookingDate' | 'bookingTime' | 'id'>) => `${a.bookingDate}T${a.bookingTime}#${a.id}`;
const searchPartition = (orgId: string) => `ORG#${orgId}#APPTQ`;
const assigneePartition = (orgId: string, userId: string) => `ORG#${orgId}#APPT#ASSIGNEE#${userId}`;
const logPartition = (orgId: string, appointmentId: string) => `ORG#${orgId}#APPT#${appointmentId}#LOG`;
const orgLogPartition = (orgId: string) => `ORG#${orgId}#APPTLOG`;

/** The stored item: the record and its three list index keys. */
function appointmentItem(a: Appointment) {
  const list = listPartition(a.orgId, bucketOf(a.status));
  return {
    ...appointmentKey(a.orgId, a.id),
    gsi1pk: list,
    gsi1sk: whenKey(a),
    gsi2pk: list,
    gsi2sk: `${a.updatedAt}#${a.id}`,
    gsi3pk: list,
    gsi3sk: `${normalise(`${a.firstName} ${a.lastName}`)}#${a.id}`,
    ...a,
  };
}

/** The Put of an appointment: new (never overwriting), or replacing exactly `expectedVersion`. */
export function putAppointment(a: Appointment, expectedVersion?: number) {
  return {
    Put: {
      TableName: table(),
      Item: appointmentItem(a),
      ...(expectedVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expectedVersion } }),
    },
  };
}

export const toAppointment = (item: Item | undefined) => strip<Appointment>(item);

// Get one appointment of an organisation (another organisation's id is simply not found).
export async function getAppointment(orgId: string, id: string): Promise<Appointment | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: appointmentKey(orgId, id), ConsistentRead: true }));
  return toAppointment(out.Item);
}

/** The prefixes an appointment is found by: "first last", "last first", email, phone digits (full and national). */
export function searchTokens(a: Pick<Appointment, 'firstName' | 'lastName' | 'email' | 'phone'>): string[] {
  const digits = digitsOf(a.phone);
  const tokens = [normalise(`${a.firstName} ${a.lastName}`), normalise(`${a.lastName} ${a.firstName}`), normalise(a.email), digits];
  if (digits.length > 10) tokens.push(digits.slice(-10));
  return [...new Set(tokens.filter((t) => t.length > 0))];
}

/** Pointer items of the search index, written with the appointment (names and contact never change). */
export function searchTokenPuts(a: Appointment) {
  const tokens = searchTokens(a);
  return tokens.map((token) => ({
    Put: { TableName: table(), Item: { pk: searchPartition(a.orgId), sk: `${token}#${a.id}`, appointmentId: a.id, token, tokens } },
  }));
}

export function assigneePointerPut(a: Appointment, userId: string): TransactItem {
  return { Put: { TableName: table(), Item: { pk: assigneePartition(a.orgId, userId), sk: whenKey(a), appointmentId: a.id } } };
}

export function assigneePointerDelete(a: Appointment, userId: string): TransactItem {
  return { Delete: { TableName: table(), Key: { pk: assigneePartition(a.orgId, userId), sk: whenKey(a) } } };
}

const assignedCountKey = (orgId: string, userId: string) => ({ pk: `ORG#${orgId}#APPTCOUNT#${userId}`, sk: 'COUNT' });

/** Moves a member's kept count of assigned appointments, in the assignment's transaction. */
export function assignedCountUpdate(orgId: string, userId: string, by: 1 | -1): TransactItem {
  return { Update: { TableName: table(), Key: assignedCountKey(orgId, userId), UpdateExpression: 'ADD assigned :by', ExpressionAttributeValues: { ':by': by } } };
}

// How many appointments are assigned to a member (the dashboard's My Appointments tile).
export async function getAssignedCount(orgId: string, userId: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: assignedCountKey(orgId, userId) }));
  return Math.max(0, Number(out.Item?.assigned ?? 0));
}

/** A log entry's Put, in the same transaction as the change it records. */
export function logPut(orgId: string, entry: Omit<AppointmentLogEntry, 'id'>): TransactItem {
  const full: AppointmentLogEntry = { id: randomId(8), ...entry };
  const sort = `${full.at}#${full.id}`;
  return {
    Put: {
      TableName: table(),
      Item: { pk: logPartition(orgId, full.appointmentId), sk: sort, gsi1pk: orgLogPartition(orgId), gsi1sk: sort, orgId, ...full },
    },
  };
}

const toLogEntry = (item: Item): AppointmentLogEntry => {
  const { orgId: _o, ...entry } = strip<Item>(item)!;
  return entry as AppointmentLogEntry;
};

// One appointment's log, newest first.
export function listAppointmentLog(orgId: string, appointmentId: string, limit: number, cursor?: string) {
  return mergePage({ streams: [{ partition: logPartition(orgId, appointmentId) }], ascending: false, limit, cursor, resolve: (items) => Promise.resolve(items.map(toLogEntry)) });
}

// The organisation's appointment log (every change to every appointment), newest first.
export function listOrgAppointmentLog(orgId: string, limit: number, cursor?: string) {
  return mergePage({ streams: [{ index: 'gsi1', partition: orgLogPartition(orgId) }], ascending: false, limit, cursor, resolve: (items) => Promise.resolve(items.map(toLogEntry)) });
}

async function resolveAppointments(orgId: string, ids: (string | undefined)[], keep?: (a: Appointment) => boolean) {
  const wanted = ids.map((id) => (id ? appointmentKey(orgId, id) : undefined));
  const found = await batchGet(wanted.filter((k): k is { pk: string; sk: string } => Boolean(k)));
  let next = 0;
  return wanted.map((k) => {
    if (!k) return undefined;
    const a = toAppointment(found[next++]);
    return a && (!keep || keep(a)) ? a : undefined;
  });
}

export type AppointmentOrder = 'date' | 'updated' | 'name';
export type BucketFilter = 'all' | 'ACTIVE' | 'INACTIVE';

const INDEX_OF: Record<AppointmentOrder, IndexName> = { date: 'gsi1', updated: 'gsi2', name: 'gsi3' };
const bucketsOf = (filter: BucketFilter): ('ACTIVE' | 'INACTIVE')[] => (filter === 'all' ? ['ACTIVE', 'INACTIVE'] : [filter]);

export interface ListOptions {
  order: AppointmentOrder;
  ascending: boolean;
  filter: BucketFilter;
  limit: number;
  cursor?: string;
  pageNumber?: number;
}

// List appointments in one order, all statuses (two partitions merged) or one bucket.
export function listAppointments(orgId: string, o: ListOptions): Promise<Page<Appointment>> {
  return pageOf<Appointment>(
    {
      streams: bucketsOf(o.filter).map((b) => ({ index: INDEX_OF[o.order], partition: listPartition(orgId, b) })),
      ascending: o.ascending,
      limit: o.limit,
      cursor: o.cursor,
      skipKeysOnly: true,
      resolve: (items) => Promise.resolve(items.map((i) => toAppointment(i)!)),
    },
    o.pageNumber,
  );
}

// Search appointments by a prefix of a name, the email or the phone digits (match order).
export function searchAppointments(orgId: string, search: string, o: Omit<ListOptions, 'order' | 'ascending'>): Promise<Page<Appointment>> {
  const q = searchForm(search);
  if (!q) return Promise.resolve({ items: [] });
  const keep = o.filter === 'all' ? undefined : (a: Appointment) => bucketOf(a.status) === o.filter;
  return pageOf<Appointment>(
    {
      streams: [{ partition: searchPartition(orgId), prefix: q }],
      ascending: true,
      limit: o.limit,
      cursor: o.cursor,
      // Without a status filter every pointer read is kept (duplicates aside): read about a page.
      chunk: keep ? Math.max(o.limit, 50) : o.limit,
      resolve: async (items, skipping) => {
        // Each appointment is returned once, at the first of its tokens that matches.
        const ids = items.map((p) => {
          const first = (p.tokens as string[]).filter((t) => t.startsWith(q)).sort((x, y) => (`${x}#` < `${y}#` ? -1 : 1))[0];
          return first === p.token ? (p.appointmentId as string) : undefined;
        });
        if (skipping && !keep) return ids.map((id) => (id ? ({ id } as Appointment) : undefined));
        return resolveAppointments(orgId, ids, keep);
      },
    },
    o.pageNumber,
  );
}

// Appointments assigned to a member, by booking date and time.
export function listAssignedTo(orgId: string, userId: string, o: Omit<ListOptions, 'order'>): Promise<Page<Appointment>> {
  const keep = o.filter === 'all' ? undefined : (a: Appointment) => bucketOf(a.status) === o.filter;
  return pageOf<Appointment>(
    {
      streams: [{ partition: assigneePartition(orgId, userId) }],
      ascending: o.ascending,
      limit: o.limit,
      cursor: o.cursor,
      chunk: keep ? Math.max(o.limit, 50) : o.limit,
      // The pointer may outlive a reassignment by an instant; the record says who is assigned now.
      resolve: (items) => resolveAppointments(orgId, items.map((p) => p.appointmentId as string), (a) => a.assignee?.userId === userId && (!keep || keep(a))),
    },
    o.pageNumber,
  );
}

// Appointments booked between two dates (inclusive), earliest first, at most `max` (CSV export).
export async function appointmentsBetween(orgId: string, startDate: string, endDate: string, max: number): Promise<{ items: Appointment[]; truncated: boolean }> {
  const items: Appointment[] = [];
  let cursor: string | undefined;
  do {
    const page = await mergePage<Appointment>({
      streams: (['ACTIVE', 'INACTIVE'] as const).map((b) => ({ index: 'gsi1' as const, partition: listPartition(orgId, b), between: [`${startDate}T`, `${endDate}T\uffff`] as [string, string] })),
      ascending: true,
      limit: Math.min(1000, max + 1 - items.length),
      cursor,
      maxReads: 100,
      resolve: (raw) => Promise.resolve(raw.map((i) => toAppointment(i)!)),
    });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && items.length <= max);
  return { items: items.slice(0, max), truncated: items.length > max };
}

// Several appointments of one organisation by id, in the order asked (missing ones left out).
export async function getAppointments(orgId: string, ids: string[]): Promise<Appointment[]> {
  return (await resolveAppointments(orgId, ids)).filter((a): a is Appointment => Boolean(a));
}

export interface AppointmentChange {
  previous: Appointment;
  /** The new state; its version is the previous one's plus one. */
  next: Appointment;
  log: Omit<AppointmentLogEntry, 'id'>;
  audit: AuditInput;
  /** More items of the same change (assignee pointers and counts). */
  items?: TransactItem[];
  /** The mail to the patient and the notice to staff the change causes. */
  effects?: Effects;
}

// Save a change made to the version read, with its log and audit entries and what it tells people.
// False when someone else changed the appointment first (nothing of this change is written).
export async function saveAppointmentChange(c: AppointmentChange): Promise<boolean> {
  // The practitioner's time follows the appointment (moved, given back when cancelled): right after the guard.
  const time = appointmentTimeItems(c.previous, c.next);
  try {
    await transact([
      putAppointment(c.next, c.previous.version),
      ...time,
      logPut(c.next.orgId, c.log),
      auditItem(c.audit),
      ...(c.items ?? []),
      ...effectItems(`appointment-${c.next.orgId}-${c.next.id}-v${c.next.version}`, c.next.orgId, c.effects),
      // Its domain events (./events.ts): the time it held freed, it cancelled.
      ...appointmentChangeItems(c.previous, c.next, c.log.at, c.audit.actorId),
      // The report figures follow the change of day (a move) or status; the change's own items come first (index 0 is the guard).
      ...reportItems(c.next.orgId, appointmentReportDeltas(c.previous, c.next)),
    ]);
    return true;
  } catch (error) {
    const failed = failedConditions(error);
    if (failed.includes(0)) return false;
    if (failed.some((i) => i >= 1 && i <= time.length)) throw conflict(PRACTITIONER_BUSY);
    throw error;
  }
}

/** A condition that the appointment is still confirmed at its local date and time, for a transaction acting on that (a reminder). */
export function appointmentStillAtItem(a: Pick<Appointment, 'orgId' | 'id' | 'bookingDate' | 'bookingTime'>): TransactItem {
  return {
    ConditionCheck: {
      TableName: table(),
      Key: appointmentKey(a.orgId, a.id),
      ConditionExpression: '#status = :confirmed AND bookingDate = :date AND bookingTime = :time',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':confirmed': 'confirmed', ':date': a.bookingDate, ':time': a.bookingTime },
    },
  };
}
