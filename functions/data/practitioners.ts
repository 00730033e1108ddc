// Practitioners and their time (issue 25, docs/practitioners.md). Access patterns:
//   a practitioner                  pk ORG#<orgId>#PRACTITIONERS   sk <id>
//   an organisation's practitioners Query pk ORG#<orgId>#PRACTITIONERS (tens at most)
//   a practitioner's time, by hour  pk ORG#<orgId>#PRAC#<id>#TIME  sk <UTC hour 'YYYY-MM-DDTHH'>
//   their time over a range         Query pk ...#TIME, sk BETWEEN <from hour> AND <to hour>
//
// Never two things in one person's time: each hour item holds one attribute per 5-minute block taken
// (`m00`..`m55`, the owner's id as value). Taking an interval sets its blocks with the condition that
// none exists, in the same transaction as the booking, hold, move or appointment; giving it back
// removes them with the condition that the owner still holds them. Two intervals that overlap share a
// block, so only one of them can ever be written, whatever their lengths and start grids. The same
// items are what free times are computed from: there is nothing else to drift.
import { GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { PractitionerException } from '#shared/bookings/practitioner-schemas';
import type { Interval, Weekday } from '#shared/bookings/time';
import { ddb, table } from './dynamo';
import { auditItem } from './audit';
import { queryAll, strip, tryTransact, type Item, type TransactItem } from './core';
import { TTL_ATTRIBUTE } from './table';

export interface PractitionerRecord {
  id: string;
  orgId: string;
  name: string;
  title: string;
  memberId: string | null;
  color: string;
  weeklyHours: Record<Weekday, Interval[]>;
  exceptions: PractitionerException[];
  isActive: boolean;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const listPk = (orgId: string) => `ORG#${orgId}#PRACTITIONERS`;
export const practitionerKey = (orgId: string, id: string) => ({ pk: listPk(orgId), sk: id });
const timePk = (orgId: string, practitionerId: string) => `ORG#${orgId}#PRAC#${practitionerId}#TIME`;

// Get one practitioner (deleted ones too: bookings name them).
export async function getPractitioner(orgId: string, id: string, consistent = false): Promise<PractitionerRecord | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: practitionerKey(orgId, id), ConsistentRead: consistent }));
  return strip<PractitionerRecord>(out.Item);
}

// Every practitioner of an organisation that is not deleted (one partition, tens of items); with
// `withDeleted` the deleted ones too (reports name whoever their figures count).
export async function listPractitioners(orgId: string, withDeleted = false): Promise<PractitionerRecord[]> {
  const items = await queryAll<Item>({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': listPk(orgId) } });
  return items.map((i) => strip<PractitionerRecord>(i)!).filter((p) => withDeleted || !p.deletedAt);
}

/** Creates (condition: new) or replaces (condition: unchanged since `expectedUpdatedAt`) a practitioner, with its audit entry. */
export function savePractitioner(p: PractitionerRecord, actorId: string, summary: string, expectedUpdatedAt?: string): Promise<boolean> {
  return tryTransact([
    {
      Put: {
        TableName: table(),
        Item: { ...practitionerKey(p.orgId, p.id), ...p },
        ...(expectedUpdatedAt === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'updatedAt = :was', ExpressionAttributeValues: { ':was': expectedUpdatedAt } }),
      },
    },
    auditItem({ orgId: p.orgId, actorId, module: 'BOOKING_PACKAGES', action: expectedUpdatedAt === undefined ? 'create' : p.deletedAt ? 'delete' : 'update', recordType: 'practitioner', recordId: p.id, summary, at: p.updatedAt }),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Their time

export const BLOCK_MINUTES = 5;
const BLOCK_MS = BLOCK_MINUTES * 60_000;
const HOUR_MS = 3_600_000;

/** A span of a practitioner's time: [startUtc, endUtc), buffers included. */
export interface BusySpan {
  startMs: number;
  endMs: number;
}

/** Who holds a block: a booking or an appointment. */
export type TimeOwner = `booking:${string}` | `appointment:${string}`;

/** The 5-minute blocks a span covers (start rounded down, end up: never fewer than the span). */
export function blocksOf(span: BusySpan): number[] {
  const blocks: number[] = [];
  for (let t = Math.floor(span.startMs / BLOCK_MS) * BLOCK_MS; t < span.endMs; t += BLOCK_MS) blocks.push(t);
  return blocks;
}

const hourSk = (ms: number) => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString().slice(0, 13);
const blockAttr = (ms: number) => `m${String(new Date(ms).getUTCMinutes()).padStart(2, '0')}`;

/** Blocks grouped by their hour item. */
function byHour(blocks: readonly number[]): Map<string, number[]> {
  const hours = new Map<string, number[]>();
  for (const b of blocks) {
    const sk = hourSk(b);
    hours.set(sk, [...(hours.get(sk) ?? []), b]);
  }
  return hours;
}

/**
 * The Updates that change which blocks `owner` holds: `take` must be free (else the transaction fails
 * its condition), `give` must be the owner's. A block in both is left as it is (a move onto part of
 * its own time). One Update per hour item, since one transaction may name an item once.
 */
export function timeChangeItems(orgId: string, practitionerId: string, owner: TimeOwner, change: { take?: BusySpan; give?: BusySpan }): TransactItem[] {
  const take = new Set(change.take ? blocksOf(change.take) : []);
  const give = new Set(change.give ? blocksOf(change.give) : []);
  for (const b of take) {
    if (give.has(b)) {
      take.delete(b);
      give.delete(b);
    }
  }
  const takeByHour = byHour([...take]);
  const giveByHour = byHour([...give]);
  const hours = [...new Set([...takeByHour.keys(), ...giveByHour.keys()])].sort();
  const updates = hours.map((sk): TransactItem => {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':owner': owner };
    const set: string[] = [];
    const remove: string[] = [];
    const conditions: string[] = [];
    for (const b of takeByHour.get(sk) ?? []) {
      names[`#${blockAttr(b)}`] = blockAttr(b);
      set.push(`#${blockAttr(b)} = :owner`);
      conditions.push(`attribute_not_exists(#${blockAttr(b)})`);
    }
    for (const b of giveByHour.get(sk) ?? []) {
      names[`#${blockAttr(b)}`] = blockAttr(b);
      remove.push(`#${blockAttr(b)}`);
      conditions.push(`#${blockAttr(b)} = :owner`);
    }
    if (set.length) {
      names['#ttl'] = TTL_ATTRIBUTE;
      values[':ttl'] = Math.floor(Date.parse(`${sk}:00:00Z`) / 1000) + 400 * 86400;
      set.push('#ttl = :ttl');
    }
    return {
      Update: {
        TableName: table(),
        Key: { pk: timePk(orgId, practitionerId), sk },
        UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].filter(Boolean).join(' '),
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
  // Time is taken only with a practitioner who is neither deleted nor being deleted (see
  // deletePractitionerItems): a deletion and a booking racing for their time cannot both succeed.
  if (!take.size) return updates;
  return [...updates, { ConditionCheck: { TableName: table(), Key: practitionerKey(orgId, practitionerId), ...bookableCondition(Date.now()) } }];
}

/** A practitioner closed for deletion this long ago and never finished (a crashed request) is bookable again. */
const CLOSING_LEASE_MS = 60_000;

/** deletedAt is stored as null until the deletion. */
const NOT_DELETED = '(attribute_not_exists(deletedAt) OR attribute_type(deletedAt, :null))';

const bookableCondition = (nowMs: number) => ({
  ConditionExpression: `attribute_exists(pk) AND ${NOT_DELETED} AND (attribute_not_exists(closingAt) OR closingAt < :stale)`,
  ExpressionAttributeValues: { ':stale': new Date(nowMs - CLOSING_LEASE_MS).toISOString(), ':null': 'NULL' },
});

/** A taken block: its start and who holds it. */
export interface TakenBlock {
  startMs: number;
  owner: string;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

// A practitioner's taken blocks between two instants (one Query of their hour items).
export async function takenBlocks(orgId: string, practitionerId: string, fromMs: number, toMs: number, consistent = false): Promise<TakenBlock[]> {
  const items = await queryAll<Item>({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': timePk(orgId, practitionerId), ':from': hourSk(fromMs), ':to': hourSk(toMs) },
    ConsistentRead: consistent,
  });
  const blocks: TakenBlock[] = [];
  for (const item of items) {
    const hour = Date.parse(`${item.sk as string}:00:00Z`);
    for (const name in item) {
      // A block attribute is 'm' and two digits (blockAttr); checked by character, not by a regular
      // expression: a month's read walks some 30,000 attributes.
      if (name.length !== 3 || name.charCodeAt(0) !== 109 || !isDigit(name.charCodeAt(1)) || !isDigit(name.charCodeAt(2))) continue;
      const value = item[name];
      if (typeof value !== 'string') continue;
      const startMs = hour + ((name.charCodeAt(1) - 48) * 10 + name.charCodeAt(2) - 48) * 60_000;
      if (startMs + BLOCK_MS > fromMs && startMs < toMs) blocks.push({ startMs, owner: value });
    }
  }
  return blocks.sort((a, b) => a.startMs - b.startMs);
}

/**
 * Deletes a practitioner (soft: bookings keep naming them) unless they hold time between `fromMs` and
 * `toMs`; false when they do. Read-then-write would let a booking slip in between, so: close them
 * for bookings first (every take of their time checks it, timeChangeItems), read their time after
 * that (consistently), then finish the deletion or reopen them.
 */
export async function deletePractitionerItems(p: PractitionerRecord, actorId: string, at: string, fromMs: number, toMs: number): Promise<'deleted' | 'has-time' | 'gone' | 'changed'> {
  const key = practitionerKey(p.orgId, p.id);
  const update = (input: Pick<UpdateCommandInput, 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeValues'>) =>
    ddb.send(new UpdateCommand({ TableName: table(), Key: key, ExpressionAttributeValues: { ':at': at }, ...input })).then(
      () => true,
      (error: unknown) => {
        if ((error as Error).name === 'ConditionalCheckFailedException') return false;
        throw error;
      },
    );
  if (!(await update({ UpdateExpression: 'SET closingAt = :at', ConditionExpression: `attribute_exists(pk) AND ${NOT_DELETED}`, ExpressionAttributeValues: { ':at': at, ':null': 'NULL' } }))) return 'gone';
  if ((await takenBlocks(p.orgId, p.id, fromMs, toMs, true)).length) {
    await update({ UpdateExpression: 'REMOVE closingAt', ConditionExpression: 'closingAt = :at' });
    return 'has-time';
  }
  const done = await tryTransact([
    {
      Update: {
        TableName: table(),
        Key: key,
        UpdateExpression: 'SET deletedAt = :at, updatedAt = :at, isActive = :false REMOVE closingAt',
        ConditionExpression: 'closingAt = :at',
        ExpressionAttributeValues: { ':at': at, ':false': false },
      },
    },
    auditItem({ orgId: p.orgId, actorId, module: 'BOOKING_PACKAGES', action: 'delete', recordType: 'practitioner', recordId: p.id, summary: `Deleted practitioner "${p.name}"`, at }),
  ]);
  // Not done: saved over meanwhile (an edit replaces the item, and its closing mark with it).
  return done ? 'deleted' : 'changed';
}
