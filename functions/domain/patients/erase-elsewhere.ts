// What erasing a patient (./erase.ts) reaches beyond their records' own fields (issue 36.5: "their
// personal data removed everywhere"): the audit summaries that name them, the outbox's event and
// webhook rows that carry their name and contact (pending ones are dropped, delivered ones blanked),
// staff notifications naming them, bookings never paid (in no patient's record), their waitlist
// entries, the intake answers and series of their bookings, the hold claims and the Stripe Customer
// keyed by their email or phone. Each step finds its rows by a key of the patient's
// (an address, a record's id), never by a Scan, and each leaves what it finds so that doing it again
// changes nothing: a second erase after a partial failure finishes the job. docs/patients.md lists
// every place a patient's personal data is stored and which step here (or in ./item-kinds.ts) erases it.
import { auditRecordPartition } from '../../data/audit';
import { batchDelete, queryPage, tryTransact, type Item } from '../../data/core';
import { table } from '../../data/dynamo';
import { claimKey, emailClaim, phoneClaim } from '../../data/hold-claims';
import { OUTBOX_PREFIX, replaceErasedPayload, type OutboxRow } from '../../data/outbox';
import { aboutPartition, updateIfThere } from '../../data/patients';
import { bookingKey } from '../../data/bookings';
import { seriesKey } from '../../data/series';
import { deleteStripeCustomerRow, getStripeCustomerId } from '../../data/stripe-customers';
import { getSubmission } from '../../data/submissions';
import { endEntryItem, entryKey, listEntriesOf } from '../../data/waitlist';
import { deleteCustomer } from '#lib/stripe-setup';

/** What names the patient: the values a text may spell (names, emails, phones), as they were before the erase. */
export interface Personal {
  names: string[];
  emails: string[];
  phones: string[];
}

export const ERASED_MARK = '(erased)';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every name, email and phone of the patient replaced by "(erased)" (whole words, any case). */
export function scrubText(text: string, p: Personal): string {
  const values = [...p.emails, ...p.phones, ...p.names].map((v) => v.trim()).filter((v) => v.length >= 2);
  // Longest first: "Mia Match" goes whole before "Mia" would leave "(erased) Match".
  values.sort((a, b) => b.length - a.length);
  let out = text;
  for (const v of values) out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(v)}(?![\\p{L}\\p{N}])`, 'giu'), ERASED_MARK);
  return out;
}

/** Fields of a payload that hold a person's name or contact (a practitioner's `name` is staff's, kept). */
const PERSONAL_KEYS = new Set(['firstName', 'lastName', 'email', 'phone', 'phoneNumber', 'payerEmail', 'payerName', 'customerName', 'to']);

/** A copy of a payload with its personal fields blanked, free answers dropped and any text naming the patient scrubbed. */
export function blankPersonal(value: unknown, p: Personal, key = ''): unknown {
  if (typeof value === 'string') return PERSONAL_KEYS.has(key) || (key === 'name' && value) ? '' : scrubText(value, p);
  if (Array.isArray(value)) return key === 'answers' ? [] : value.map((v) => blankPersonal(v, p));
  if (value && typeof value === 'object') {
    const isPractitioner = key === 'practitioner';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isPractitioner && k === 'name' ? v : blankPersonal(v, p, k)]));
  }
  return value;
}

// ---- The audit log ---------------------------------------------------------------------------------

/** Rewrites the summaries of a record's audit entries that name the patient (the entries, who and when, stay). */
export async function eraseAuditOf(orgId: string, recordType: string, recordId: string, p: Personal): Promise<void> {
  const partition = auditRecordPartition(orgId, recordType, recordId);
  let cursor: string | undefined;
  do {
    const page = await queryPage<{ pk: string; sk: string; summary?: string }>(
      { TableName: table(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': partition } },
      { limit: 200, cursor, keys: ['gsi3pk', 'gsi3sk', 'pk', 'sk'], partitionValue: partition },
    );
    for (const entry of page.items) {
      const scrubbed = scrubText(entry.summary ?? '', p);
      if (scrubbed !== entry.summary) await updateIfThere({ pk: entry.pk, sk: entry.sk }, 'SET summary = :s', { ':s': scrubbed });
    }
    cursor = page.nextCursor;
  } while (cursor);
}

// ---- Outbox rows about the patient (events, subscriber rows, webhook events and deliveries) ---------

/**
 * Blanks one row's payload and takes it off the patient's index. A row still pending is dropped (not
 * delivered: it would carry an erased patient to a subscriber or an endpoint) and leaves the due and
 * per-object indexes; one claimed or done keeps its status (its delivery log stays, without the person).
 */
async function eraseOutboxRow(row: Item, p: Personal): Promise<void> {
  const key = { pk: row.pk as string, sk: row.sk as string };
  await replaceErasedPayload(key, blankPersonal((row as unknown as OutboxRow).payload, p) as OutboxRow['payload']);
}

/** A staff notification naming the patient: its title and message scrubbed (the member still sees that something happened). */
async function eraseNotification(item: Item, p: Personal): Promise<void> {
  const { pk, sk, title, message } = item as { pk: string; sk: string; title?: string; message?: string };
  await updateIfThere({ pk, sk }, 'SET title = :t, message = :m REMOVE gsi4pk, gsi4sk', { ':t': scrubText(title ?? '', p), ':m': scrubText(message ?? '', p) });
}

/** How the records the about index leads to are erased (./erase.ts: as the record's own kind erases them). */
export interface EraseRecords {
  /** A booking (a hold never paid is in no patient's record). */
  booking: (booking: Item) => Promise<void>;
  /** A lead named by a form-submitted event about them: one whose patients' row had not run (dropped now, or refused: data/erasures.ts) is in no record. */
  lead: (submissionId: string) => Promise<void>;
}

/** The lead a form-submitted event or subscriber row is about, if it is one. */
const leadOf = (row: Item): string | undefined => {
  const payload = (row as unknown as OutboxRow).payload;
  const event = payload?.kind === 'event' || payload?.kind === 'subscriber' ? payload.event : undefined;
  return event?.type === 'form-submitted' ? event.submissionId : undefined;
};

/**
 * Every item about the patient's email (data/patients.ts aboutPartition): outbox rows (events,
 * subscriber and webhook rows, staff notices) and the leads their events name, members' notifications,
 * and bookings. Each item done leaves the index: the first page is read again until it is empty, and a
 * run cut off midway leaves the rest for the next.
 */
export async function eraseAllAbout(orgId: string, email: string, p: Personal, erase: EraseRecords): Promise<void> {
  const partition = aboutPartition(orgId, email);
  for (;;) {
    const page = await queryPage<Item>(
      { TableName: table(), IndexName: 'gsi4', KeyConditionExpression: 'gsi4pk = :pk', ExpressionAttributeValues: { ':pk': partition } },
      { limit: 100, keys: ['gsi4pk', 'gsi4sk', 'pk', 'sk'], partitionValue: partition },
    );
    if (!page.items.length) return;
    for (const item of page.items) {
      const key = { pk: item.pk as string, sk: item.sk as string };
      if (key.pk.startsWith(OUTBOX_PREFIX)) {
        const lead = leadOf(item);
        if (lead) await erase.lead(lead);
        await eraseOutboxRow(item, p);
      } else if (key.pk.endsWith('#NOTIF')) await eraseNotification(item, p);
      else {
        if (key.sk === 'BOOKING') await erase.booking(item);
        await updateIfThere(key, 'REMOVE gsi4pk, gsi4sk');
      }
    }
  }
}

// ---- What a booking brings along ---------------------------------------------------------------

/** A booking's intake answers (and their files) and its series record: blanked before the booking itself. */
export async function eraseAroundBooking(orgId: string, booking: Item, p: Personal, eraseSubmission: (id: string, record: Item) => Promise<void>): Promise<void> {
  const id = booking.id as string;
  await eraseAuditOf(orgId, 'booking', id, p);
  // A booking made from a waitlist offer: the offer's id is the booking's.
  await eraseAuditOf(orgId, 'waitlist-offer', id, p);
  // A hold still held gives its claims back when it ends: not those keyed by the erased email or phone
  // (giving back would write their claim item, and its key, again).
  const claims = Array.isArray(booking.holdClaims) ? (booking.holdClaims as string[]) : [];
  const kept = claims.filter((sk) => !sk.startsWith('email#') && !sk.startsWith('phone#'));
  if (kept.length !== claims.length) await updateIfThere(bookingKey(orgId, id), 'SET holdClaims = :c', { ':c': kept });
  if (typeof booking.intakeSubmissionId === 'string') {
    const intake = await getSubmission(orgId, booking.intakeSubmissionId);
    if (intake) await eraseSubmission(intake.id, intake as unknown as Item);
  }
  if (typeof booking.seriesId === 'string') {
    await eraseAuditOf(orgId, 'series', booking.seriesId, p);
    await updateIfThere(seriesKey(orgId, booking.seriesId), 'SET firstName = :e, lastName = :e, email = :e, phoneNumber = :e', { ':e': '' });
  }
}

// ---- Kept by the patient's addresses ----------------------------------------------------------------

/** Their waitlist entries (any status): a waiting one leaves the list; each keeps its package and times, not the person. */
export async function eraseWaitlistOf(orgId: string, email: string, at: string): Promise<void> {
  for (const entry of await listEntriesOf(orgId, email)) {
    // Still waiting: it leaves the list (no time is offered to no one). Not waiting: nothing.
    await tryTransact([endEntryItem(orgId, entry.id, 'left', at)]);
    await updateIfThere(entryKey(orgId, entry.id), 'SET firstName = :e, lastName = :e, email = :e, phoneNumber = :e REMOVE gsi3pk, gsi3sk, tokenHashes', { ':e': '' });
  }
}

/** The hold claims keyed by their email or phone (their keys spell the address). */
export async function eraseHoldClaims(orgId: string, emails: string[], phones: string[]): Promise<void> {
  await batchDelete([...emails.map((e) => claimKey(orgId, emailClaim(e).sk)), ...phones.map((ph) => claimKey(orgId, phoneClaim(ph).sk))]);
}

/** Their Stripe Customer: deleted on Stripe (its name, email, phone and cards; the payments stay there), then forgotten here. */
export async function eraseStripeCustomer(orgId: string, email: string): Promise<void> {
  const customerId = await getStripeCustomerId(orgId, email);
  if (!customerId) return;
  await deleteCustomer(customerId);
  await deleteStripeCustomerRow(orgId, email);
}
