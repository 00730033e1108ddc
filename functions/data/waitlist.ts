// The waitlist (issue 37): patients waiting for a time of a package, the times offered to them, the
// clinic's settings and its figures. The offers' rules are in functions/domain/waitlist/. Access patterns:
//   an entry                    pk ORG#<orgId>#WAITLIST   sk ENTRY#<id>
//   those waiting, in order     gsi1pk ORG#<orgId>#WAITLIST#WAITING   gsi1sk <createdAt>#<id>  (sparse: waiting only)
//   a patient's entries         gsi2pk ORG#<orgId>#WAITLIST#EMAIL#<email>   gsi2sk <createdAt>#<id>  (waiting only)
//   every entry of a patient    gsi3pk ORG#<orgId>#WAITLIST#PATIENT#<email>  gsi3sk <createdAt>#<id>  (erasing them)
//   every entry                 pk ORG#<orgId>#WAITLIST   sk begins_with ENTRY#
//   an offer (id = its held booking's id)   pk ORG#<orgId>#WAITLIST   sk OFFER#<id>
//   offers, newest first        gsi3pk ORG#<orgId>#WAITLIST#OFFERS   gsi3sk <createdAt>#<id>
//   a time offered to an entry  pk ORG#<orgId>#WAITLIST   sk OFFERED#<entryId>#<startUtc>  (never the same time twice to one patient)
//   settings, figures           pk ORG#<orgId>#WAITLIST   sk SETTINGS | STATS
// Tokens (links in mails) are 32 random bytes; only their SHA-256 is stored: each mail its own, kept
// in the entry's set (leave) and on the offer (take).
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod/mini';
import type { waitlistEntryRecord, waitlistOfferRecord, waitlistSettingsRecord, WaitlistMode } from '#shared/waitlist/records';
import type { Page } from '#shared/api';
import { queryAll, queryPage, strip, type TransactItem } from './core';
import { ddb, table } from './dynamo';
import { reportItems } from './reports';

export type WaitlistEntry = z.output<typeof waitlistEntryRecord> & { orgId: string; tokenHashes?: Set<string>; /** The latest time held for them (an offer's id = its booking's). */ heldOfferId?: string };
export type WaitlistOffer = z.output<typeof waitlistOfferRecord> & { orgId: string; tokenHash: string };
export type WaitlistSettings = z.output<typeof waitlistSettingsRecord>;

/** One-by-one, each time held for an hour: long enough to see a mail on a working day, short enough to move on. */
export const DEFAULT_WAITLIST_SETTINGS: WaitlistSettings = { mode: 'one-by-one', holdMinutes: 60 };
/** Waiting entries one address may have at one clinic at once. */
export const MAX_ENTRIES_PER_EMAIL = 3;

const pk = (orgId: string) => `ORG#${orgId}#WAITLIST`;
const waitingPk = (orgId: string) => `ORG#${orgId}#WAITLIST#WAITING`;
const emailPk = (orgId: string, email: string) => `ORG#${orgId}#WAITLIST#EMAIL#${email.trim().toLowerCase()}`;
const offersPk = (orgId: string) => `ORG#${orgId}#WAITLIST#OFFERS`;
const patientEntriesPk = (orgId: string, email: string) => `ORG#${orgId}#WAITLIST#PATIENT#${email.trim().toLowerCase()}`;
export const entryKey = (orgId: string, id: string) => ({ pk: pk(orgId), sk: `ENTRY#${id}` });
export const offerKey = (orgId: string, id: string) => ({ pk: pk(orgId), sk: `OFFER#${id}` });
const offeredKey = (orgId: string, entryId: string, startUtc: string) => ({ pk: pk(orgId), sk: `OFFERED#${entryId}#${startUtc}` });
const settingsKey = (orgId: string) => ({ pk: pk(orgId), sk: 'SETTINGS' });
const statsKey = (orgId: string) => ({ pk: pk(orgId), sk: 'STATS' });

export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const newLinkToken = () => randomBytes(32).toString('base64url');

const waitingIndex = (e: Pick<WaitlistEntry, 'orgId' | 'id' | 'createdAt' | 'email'>) => ({
  gsi1pk: waitingPk(e.orgId), gsi1sk: `${e.createdAt}#${e.id}`, gsi2pk: emailPk(e.orgId, e.email), gsi2sk: `${e.createdAt}#${e.id}`,
});

/** The Put of a new waiting entry with its first token's hash. */
export function putEntryItem(e: WaitlistEntry, firstTokenHash: string): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...entryKey(e.orgId, e.id), ...waitingIndex(e), gsi3pk: patientEntriesPk(e.orgId, e.email), gsi3sk: `${e.createdAt}#${e.id}`, ...e, tokenHashes: new Set([firstTokenHash]) },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

// An entry by id.
export async function getEntry(orgId: string, id: string): Promise<WaitlistEntry | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: entryKey(orgId, id), ConsistentRead: true }));
  return strip<WaitlistEntry>(out.Item);
}

// Those waiting, first come first (at most `max`: an offer looks at the first who fit).
export const listWaiting = (orgId: string, max = 300) =>
  queryAll<WaitlistEntry>({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': waitingPk(orgId) } }, max).then((items) =>
    Promise.all(items.map((i) => getEntry(orgId, (i).id))).then((all) => all.filter((e): e is WaitlistEntry => e?.status === 'waiting')),
  );

// A patient's waiting entries (by email).
export const listWaitingOf = (orgId: string, email: string) =>
  queryAll<WaitlistEntry>({ TableName: table(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': emailPk(orgId, email) } }, 20).then((items) =>
    items.map((i) => strip<WaitlistEntry>(i as never)!),
  );

// Every entry of a patient (by email, whatever its status: erasing them).
export const listEntriesOf = (orgId: string, email: string) =>
  queryAll<WaitlistEntry>({ TableName: table(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': patientEntriesPk(orgId, email) } }, 1000).then((items) =>
    items.map((i) => strip<WaitlistEntry>(i as never)!),
  );

// One page of the list: those waiting in their order, or every entry.
export async function listEntriesPage(orgId: string, q: { status: 'waiting' | 'all'; limit: number; cursor?: string }): Promise<Page<WaitlistEntry>> {
  const page =
    q.status === 'waiting'
      ? await queryPage<WaitlistEntry>(
          { TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': waitingPk(orgId) } },
          { limit: q.limit, cursor: q.cursor, keys: ['gsi1pk', 'gsi1sk', 'pk', 'sk'], partitionValue: waitingPk(orgId) },
        )
      : await queryPage<WaitlistEntry>(
          { TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :e)', ExpressionAttributeValues: { ':pk': pk(orgId), ':e': 'ENTRY#' }, ScanIndexForward: false },
          { limit: q.limit, cursor: q.cursor, keys: ['pk', 'sk'], partitionValue: pk(orgId) },
        );
  return { ...page, items: page.items.map((i) => strip<WaitlistEntry>(i)!) };
}

/** The entry leaves 'waiting' (booked, left, ended): out of the queue and the email index. Condition: still waiting. */
export function endEntryItem(orgId: string, id: string, to: 'booked' | 'left' | 'ended', at: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: entryKey(orgId, id),
      UpdateExpression: 'SET #s = :to, updatedAt = :at REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk',
      ConditionExpression: '#s = :waiting',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':to': to, ':at': at, ':waiting': 'waiting' },
    },
  };
}

/** A time offered to a waiting entry: counted on it, with the new mail's token (condition: still waiting). */
export function entryOfferedItem(orgId: string, id: string, newTokenHash: string, at: string, heldOfferId?: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: entryKey(orgId, id),
      UpdateExpression: `SET updatedAt = :at${heldOfferId ? ', heldOfferId = :o' : ''} ADD offersMade :one, tokenHashes :h`,
      ConditionExpression: '#s = :waiting',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':at': at, ':one': 1, ':h': new Set([newTokenHash]), ':waiting': 'waiting', ...(heldOfferId ? { ':o': heldOfferId } : {}) },
    },
  };
}

/** The mark that this patient was offered this time: fails when they were (never the same time twice to one patient). */
export const offeredMarkItem = (orgId: string, entryId: string, startUtc: string, offerId: string): TransactItem => ({
  Put: { TableName: table(), Item: { ...offeredKey(orgId, entryId, startUtc), offerId }, ConditionExpression: 'attribute_not_exists(pk)' },
});

// Whether this patient was offered this time, and by which offer.
export async function offeredMark(orgId: string, entryId: string, startUtc: string): Promise<string | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: offeredKey(orgId, entryId, startUtc), ConsistentRead: true }));
  return out.Item?.offerId as string | undefined;
}

/** The Put of a new offer, and the list's figure of offers made (in all, and on the offered time's day for the reports). */
export function putOfferItems(o: WaitlistOffer): TransactItem[] {
  return [
    { Put: { TableName: table(), Item: { ...offerKey(o.orgId, o.id), gsi3pk: offersPk(o.orgId), gsi3sk: `${o.createdAt}#${o.id}`, ...o }, ConditionExpression: 'attribute_not_exists(pk)' } },
    statsItem(o.orgId, 'offersMade'),
    ...reportItems(o.orgId, [{ day: o.bookingDate, figure: 'waitlist:offered', by: 1 }]),
  ];
}

// An offer by id.
export async function getOffer(orgId: string, id: string): Promise<WaitlistOffer | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: offerKey(orgId, id), ConsistentRead: true }));
  return strip<WaitlistOffer>(out.Item);
}

// Offers, newest first.
export async function listOffersPage(orgId: string, q: { limit: number; cursor?: string }): Promise<Page<WaitlistOffer>> {
  const page = await queryPage<WaitlistOffer>(
    { TableName: table(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': offersPk(orgId) }, ScanIndexForward: false },
    { limit: q.limit, cursor: q.cursor, keys: ['gsi3pk', 'gsi3sk', 'pk', 'sk'], partitionValue: offersPk(orgId) },
  );
  return { ...page, items: page.items.map((i) => strip<WaitlistOffer>(i)!) };
}

/** An offer moves on from one of `from` (open -> taken, lapsed, withdrawn; lapsed -> taken: paid late, still free). */
export function moveOfferItem(orgId: string, id: string, from: readonly WaitlistOffer['status'][], to: WaitlistOffer['status'], at: string): TransactItem {
  const names = from.map((_, i) => `:f${i}`);
  return {
    Update: {
      TableName: table(),
      Key: offerKey(orgId, id),
      UpdateExpression: 'SET #s = :to, updatedAt = :at',
      ConditionExpression: `#s IN (${names.join(', ')})`,
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':to': to, ':at': at, ...Object.fromEntries(from.map((f, i) => [names[i], f])) },
    },
  };
}

/** One more of a figure (offers made, times filled): in the transaction of the change it counts. */
export function statsItem(orgId: string, figure: 'offersMade' | 'filled'): TransactItem {
  return { Update: { TableName: table(), Key: statsKey(orgId), UpdateExpression: 'ADD #f :one', ExpressionAttributeNames: { '#f': figure }, ExpressionAttributeValues: { ':one': 1 } } };
}

// The list's figures.
export async function getStats(orgId: string): Promise<{ offersMade: number; filled: number }> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: statsKey(orgId) }));
  return { offersMade: Number(out.Item?.offersMade ?? 0), filled: Number(out.Item?.filled ?? 0) };
}

// The clinic's settings (defaults until saved).
export async function getWaitlistSettings(orgId: string): Promise<WaitlistSettings> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: settingsKey(orgId) }));
  return out.Item ? { mode: out.Item.mode as WaitlistMode, holdMinutes: Number(out.Item.holdMinutes) } : { ...DEFAULT_WAITLIST_SETTINGS };
}

/** The Put of the clinic's settings. */
export const putSettingsItem = (orgId: string, s: WaitlistSettings, at: string): TransactItem => ({
  Put: { TableName: table(), Item: { ...settingsKey(orgId), mode: s.mode, holdMinutes: s.holdMinutes, updatedAt: at } },
});
