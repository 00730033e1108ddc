// Places in booking slots. Each slot that was ever asked for has one counter item keyed by its start
// instant in UTC (so a change of the organisation's time zone cannot split or merge slots), and each
// unpaid booking has one hold item with its expiry. `taken` = `held` + `confirmed` is kept as its own
// attribute because a condition expression cannot add: a place is taken only with the condition
// `taken < capacity`, in the same transaction that writes the hold (functions/domain/bookings/places.ts).
// DynamoDB TTL may delete old items some day after `expiresAtEpoch`; nothing relies on it: expiry is
// read from `holdExpiresAt`. Access patterns:
//   a slot's counters                 pk ORG#<orgId>#SLOTS   sk <startUtc>
//   the slots of a day (UTC range)    pk ORG#<orgId>#SLOTS   sk BETWEEN <dayStartUtc> AND <nextDayStartUtc>
//   the holds of a slot               pk ORG#<orgId>#HOLDS   sk begins_with <startUtc>#
//   the holds of a day (UTC range)    pk ORG#<orgId>#HOLDS   sk BETWEEN <dayStartUtc> AND <nextDayStartUtc>
//   an organisation's open holds       pk ORG#<orgId>#HOLDS   (all; filtered on holdExpiresAt)
//   holds whose time ran out (all orgs) gsi1pk HOLDS#LAPSING  gsi1sk <holdExpiresAt>#<orgId>#<bookingId>  (the sweep)
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { queryAll, strip, type Item, type TransactItem } from './core';
import { TTL_ATTRIBUTE } from './table';

export interface SlotCounts {
  startUtc: string;
  held: number;
  confirmed: number;
  taken: number;
}

export interface HoldRecord {
  orgId: string;
  bookingId: string;
  startUtc: string;
  holdExpiresAt: string;
  /** Set for a practitioner booking's hold: it holds that person's time, not a slot's place. */
  practitionerId?: string;
}

export type PlaceKind = 'held' | 'confirmed';

const slotsPk = (orgId: string) => `ORG#${orgId}#SLOTS`;
const holdsPk = (orgId: string) => `ORG#${orgId}#HOLDS`;
export const slotKey = (orgId: string, startUtc: string) => ({ pk: slotsPk(orgId), sk: startUtc });
export const holdKey = (orgId: string, startUtc: string, bookingId: string) => ({ pk: holdsPk(orgId), sk: `${startUtc}#${bookingId}` });

/** The sweep's partition of the expiry index: one, as the outbox's due index (a few writes a minute). */
const LAPSING_PARTITION = 'HOLDS#LAPSING';

const epoch = (iso: string, plusDays: number) => Math.floor(Date.parse(iso) / 1000) + plusDays * 86400;

/**
 * The Update taking one place of a slot (as a hold or as a confirmed booking); it fails its condition
 * when `capacity` places are taken already.
 */
export function takePlaceItem(orgId: string, slot: { startUtc: string; date: string; time: string; timeZone: string }, capacity: number, kind: PlaceKind): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: slotKey(orgId, slot.startUtc),
      UpdateExpression: `ADD taken :one, ${kind} :one SET #date = :date, #time = :time, #zone = :zone, #ttl = :ttl`,
      ConditionExpression: 'attribute_not_exists(taken) OR taken < :cap',
      ExpressionAttributeNames: { '#date': 'date', '#time': 'time', '#zone': 'timeZone', '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':cap': capacity, ':date': slot.date, ':time': slot.time, ':zone': slot.timeZone, ':ttl': epoch(slot.startUtc, 60) },
    },
  };
}

/** The Update giving a place back (a hold released, a confirmed booking cancelled). */
export function releasePlaceItem(orgId: string, startUtc: string, kind: PlaceKind): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: slotKey(orgId, startUtc),
      UpdateExpression: `ADD taken :minus, ${kind} :minus`,
      ExpressionAttributeValues: { ':minus': -1 },
    },
  };
}

/** The Update turning a held place into a confirmed one (taken stays). */
export function confirmPlaceItem(orgId: string, startUtc: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: slotKey(orgId, startUtc),
      UpdateExpression: 'ADD held :minus, confirmed :one',
      ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
    },
  };
}

/** The Put of a booking's hold. */
export function putHoldItem(hold: HoldRecord): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        ...holdKey(hold.orgId, hold.startUtc, hold.bookingId),
        ...hold,
        gsi1pk: LAPSING_PARTITION,
        gsi1sk: `${hold.holdExpiresAt}#${hold.orgId}#${hold.bookingId}`,
        [TTL_ATTRIBUTE]: epoch(hold.holdExpiresAt, 2),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The Delete of a booking's hold; fails when it is gone already (released twice). */
export function deleteHoldItem(orgId: string, startUtc: string, bookingId: string): TransactItem {
  return { Delete: { TableName: table(), Key: holdKey(orgId, startUtc, bookingId), ConditionExpression: 'attribute_exists(pk)' } };
}

// The holds of one slot (strongly consistent: they decide what is released).
export async function listHoldsOfSlot(orgId: string, startUtc: string): Promise<HoldRecord[]> {
  const items = await queryAll<Item>({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': holdsPk(orgId), ':prefix': `${startUtc}#` },
    ConsistentRead: true,
  });
  return items.map((i) => strip<HoldRecord>(i)!);
}

// The holds of the slots starting in [fromUtc, toUtc).
export async function listHoldsBetween(orgId: string, fromUtc: string, toUtc: string): Promise<HoldRecord[]> {
  const items = await queryAll<Item>({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': holdsPk(orgId), ':from': fromUtc, ':to': toUtc },
  });
  return items.map((i) => strip<HoldRecord>(i)!).filter((h) => h.startUtc < toUtc);
}

// The counters of the slots starting in [fromUtc, toUtc), by start instant.
export async function listSlotCountsBetween(orgId: string, fromUtc: string, toUtc: string): Promise<Map<string, SlotCounts>> {
  const items = await queryAll<Item>({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': slotsPk(orgId), ':from': fromUtc, ':to': toUtc },
    ConsistentRead: true,
  });
  const counts = new Map<string, SlotCounts>();
  for (const item of items) {
    const startUtc = item.sk as string;
    if (startUtc >= toUtc) continue;
    counts.set(startUtc, { startUtc, held: Number(item.held ?? 0), confirmed: Number(item.confirmed ?? 0), taken: Number(item.taken ?? 0) });
  }
  return counts;
}

// Holds of every organisation whose time ran out by `now`, soonest first (the expiry index; eventually
// consistent: the sweep checks each booking again before it moves it).
export async function listLapsedHolds(now: Date, limit: number): Promise<HoldRecord[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :upTo',
      ExpressionAttributeValues: { ':p': LAPSING_PARTITION, ':upTo': `${now.toISOString()}#\uffff` },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => strip<HoldRecord>(i)!);
}

// An organisation's open holds: is a visitor still paying somewhere (a currency change waits for it)?
export async function hasOpenHold(orgId: string, nowIso = new Date().toISOString()): Promise<boolean> {
  const open = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'holdExpiresAt > :now',
    ExpressionAttributeValues: { ':pk': holdsPk(orgId), ':now': nowIso },
    ProjectionExpression: 'sk',
  }, 1);
  return open.length > 0;
}
