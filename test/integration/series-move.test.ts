// Issue 37.1, moving and cancelling visits of a series, over the embedded stack (DynamoDB Local, the
// real handlers): "this and the following" moved across the spring clock change keeps 10:00 local; a
// week taken since the preview refuses the whole move (409, nothing moved); the old times each write one
// time-freed event; a retry with the same Idempotency-Key moves nothing again; and the patient's manage
// link cancels "this and the following" visit by visit under the clinic's policy, once.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { api, uniqueEmail, uniquePhone, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { newClinic, paidBooking, slotCounts, ZONE, type Clinic } from './booking-support';
import type { DomainEvent } from '../../functions/data/event-types';
import { bookingKey } from '../../functions/data/bookings';
import { transact } from '../../functions/data/core';
import { newManageToken } from '../../functions/data/manage-tokens';
import { outboxKey } from '../../functions/data/outbox';

const SLOW = 120_000;

type Visit = { id: string; startUtc: string; bookingDate: string; bookingTime: string; status: string };

const tuesdayIn = (weeks: number) => {
  const now = DateTime.now().setZone(ZONE);
  return now.plus({ days: ((2 - now.weekday + 7) % 7) + 7 + weeks * 7 }).toISODate()!;
};
const plusDays = (date: string, days: number) => DateTime.fromISO(date, { zone: ZONE }).plus({ days }).toISODate()!;
const patient = (tag: string) => ({ firstName: 'Sam', lastName: tag, email: uniqueEmail(tag), phoneNumber: uniquePhone() });

async function bookSeries(c: Clinic, tag: string, start: string, count: number) {
  const who = patient(tag);
  const visits = Array.from({ length: count }, (_, i) => ({ date: plusDays(start, 7 * i), time: '10:00' }));
  const res = await api('POST', '/bookings/series', { token: c.owner.token, body: { packageId: c.packageId, ...who, startDate: start, time: '10:00', everyWeeks: 1, count, visits } });
  expect(res.status).toBe(201);
  return { who, series: res.body.data as { id: string; visits: Visit[] } };
}

async function eventsOf(orgId: string, type: DomainEvent['type']): Promise<DomainEvent[]> {
  const { client, table } = testDb();
  const out = await client.send(new QueryCommand({ TableName: table, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#EVENTS` } }));
  return (out.Items ?? []).map((i) => (i.payload as { event: DomainEvent }).event).filter((e) => e.type === type);
}

const freedIds = async (c: Clinic) => (await eventsOf(c.owner.orgId, 'time-freed')).map((e) => (e as { freedBy: { id: string } }).freedBy.id).sort();
const local = (startUtc: string) => DateTime.fromISO(startUtc).setZone(ZONE).toFormat('yyyy-MM-dd ccc HH:mm');

describe('moving visits of a series', () => {
  it('moves "this and the following" a day later across the spring clock change, keeping 10:00 local, once', { timeout: SLOW }, async () => {
    const c = await newClinic('smove-dst');
    // A Tuesday 19 days before the second Sunday of March: six weeks cross the change.
    const now = DateTime.now().setZone(ZONE);
    const startBefore = (year: number) => {
      const march = DateTime.fromObject({ year, month: 3, day: 1 }, { zone: ZONE });
      return march.plus({ days: ((7 - march.weekday) % 7) + 7 - 19 });
    };
    const start = (startBefore(now.year) > now.plus({ days: 1 }) ? startBefore(now.year) : startBefore(now.year + 1)).toISODate()!;
    const { who, series } = await bookSeries(c, 'dst', start, 6);
    const second = series.visits[1];
    const body = { bookingId: second.id, scope: 'following', bookingDate: plusDays(second.bookingDate, 1), bookingTime: '10:00' };

    const seen = await api('POST', `/bookings/series/${series.id}/move/preview`, { token: c.owner.token, body });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ shiftDays: 1, free: 5, conflicts: 0 });
    expect(seen.body.data.visits.map((v: { bookingId: string }) => v.bookingId)).toEqual(series.visits.slice(1).map((v) => v.id));
    // Nothing moved by the preview.
    for (const v of series.visits) expect((await slotCounts(c, v.startUtc)).taken).toBe(1);

    const key = `smove-${Date.now()}`;
    const moved = await api('POST', `/bookings/series/${series.id}/move`, { token: c.owner.token, body, headers: { 'idempotency-key': key } });
    expect(moved.status).toBe(200);
    const after = moved.body.data.series.visits as Visit[];
    expect(after.map((v) => local(v.startUtc))).toEqual([
      local(series.visits[0].startUtc),
      ...series.visits.slice(1).map((v) => `${plusDays(v.bookingDate, 1)} Wed 10:00`),
    ]);
    // Both offsets among the moved visits: 15:00Z before the change, 14:00Z after it.
    expect(new Set(after.slice(1).map((v) => v.startUtc.slice(11, 16)))).toEqual(new Set(['15:00', '14:00']));
    // Old times free, new ones taken; one time-freed event per moved visit, for its old time.
    for (const v of series.visits.slice(1)) expect((await slotCounts(c, v.startUtc)).taken).toBe(0);
    for (const v of after) expect((await slotCounts(c, v.startUtc)).taken).toBe(1);
    const freed = await eventsOf(c.owner.orgId, 'time-freed');
    expect(freed.map((e) => (e as { freedBy: { id: string } }).freedBy.id).sort()).toEqual(series.visits.slice(1).map((v) => v.id).sort());
    expect(freed.map((e) => (e as { startUtc: string }).startUtc).sort()).toEqual(series.visits.slice(1).map((v) => v.startUtc).sort());
    expect(freed.every((e) => (e as { reason: string }).reason === 'rescheduled')).toBe(true);

    // One mail listing the new times, each visit's own event updated (its UID, SEQUENCE 1).
    const mail = await eventually(async () => (await waitForMails(who.email, 2)).find((m) => m.subject.startsWith('Visits moved')), 'the move mail');
    expect(mail.subject).toBe('Visits moved: Consultation (5 visits)');
    const files = mail.attachments.filter((a) => a.filename?.startsWith('visit-'));
    expect(files).toHaveLength(5);
    for (const [i, f] of files.entries()) {
      const ics = Buffer.from(f.content, 'base64').toString('utf8');
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain(`UID:booking-${after[i + 1].id}@`);
      expect(ics).toContain('SEQUENCE:1');
      expect(ics).toContain(`DTSTART:${after[i + 1].startUtc.replace(/[-:]/g, '').replace('.000', '')}`);
    }

    // The same request again (a retried click): the first answer, nothing moved, no event or mail more.
    const again = await api('POST', `/bookings/series/${series.id}/move`, { token: c.owner.token, body, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(200);
    expect(again.body.data.moved.map((v: Visit) => v.id)).toEqual(moved.body.data.moved.map((v: Visit) => v.id));
    // Asked again without the key: every visit is where it was asked to be, so nothing moves.
    const repeat = await api('POST', `/bookings/series/${series.id}/move`, { token: c.owner.token, body });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data.moved).toEqual([]);
    expect(await eventsOf(c.owner.orgId, 'time-freed')).toHaveLength(5);
    expect((await waitForMails(who.email, 2)).filter((m) => m.subject.startsWith('Visits moved'))).toHaveLength(1);
  });

  it('refuses the whole move (409, nothing moved) when a week is taken, and moves with the alternative chosen', { timeout: SLOW }, async () => {
    const c = await newClinic('smove-taken');
    const start = tuesdayIn(1);
    const { series } = await bookSeries(c, 'taken', start, 4);
    const first = series.visits[0];
    // Everything to 14:00 the same days; week 3's 14:00 is someone else's.
    const taken = await paidBooking(c, series.visits[2].bookingDate, '14:00');
    const body = { bookingId: first.id, scope: 'all', bookingDate: first.bookingDate, bookingTime: '14:00' };

    const seen = await api('POST', `/bookings/series/${series.id}/move/preview`, { token: c.owner.token, body });
    expect(seen.status).toBe(200);
    expect(seen.body.data.visits.map((v: { status: string }) => v.status)).toEqual(['free', 'free', 'taken', 'free']);
    const week3 = seen.body.data.visits[2] as { alternatives: { date: string; time: string; startUtc: string }[] };
    expect(week3.alternatives.slice(0, 2).map((a) => `${a.date} ${a.time}`)).toEqual([`${series.visits[2].bookingDate} 13:00`, `${series.visits[2].bookingDate} 15:00`]);

    const refused = await api('POST', `/bookings/series/${series.id}/move`, { token: c.owner.token, body });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Nothing was moved');
    const still = (await api('GET', `/bookings/series/${series.id}`, { token: c.owner.token })).body.data.visits as Visit[];
    expect(still.map((v) => v.startUtc)).toEqual(series.visits.map((v) => v.startUtc));
    for (const v of series.visits) expect((await slotCounts(c, v.startUtc)).taken).toBe(1);
    expect(await freedIds(c)).toEqual([]);

    // With 13:00 chosen for week 3: all four move.
    const alt = week3.alternatives[0];
    const moved = await api('POST', `/bookings/series/${series.id}/move`, { token: c.owner.token, body: { ...body, visits: [{ bookingId: series.visits[2].id, date: alt.date, time: alt.time }] } });
    expect(moved.status).toBe(200);
    expect((moved.body.data.series.visits as Visit[]).map((v) => v.bookingTime)).toEqual(['14:00', '14:00', '13:00', '14:00']);
    expect((await slotCounts(c, taken.startUtc)).taken).toBe(1);
    expect(await freedIds(c)).toEqual(series.visits.map((v) => v.id).sort());

    // Another clinic's staff do not find the series; a visit of no series is refused.
    const other = await newClinic('smove-other');
    expect((await api('POST', `/bookings/series/${series.id}/move/preview`, { token: other.owner.token, body })).status).toBe(404);
    expect((await api('POST', `/bookings/series/${series.id}/move`, { token: other.owner.token, body })).status).toBe(404);
    const notOurs = await api('POST', `/bookings/series/${series.id}/move/preview`, { token: c.owner.token, body: { ...body, bookingId: taken.id } });
    expect(notOurs.status).toBe(400);
  });
});

/** A manage link's token for a visit (as its reminder or a moved-visit mail carries one). */
async function manageToken(orgId: string, bookingId: string) {
  const { token, item } = newManageToken(orgId, { bookingId }, new Date(Date.now() + 60 * 86_400_000).toISOString());
  await transact([item]);
  return token;
}

describe("the patient's manage page of a visit of a series", () => {
  it('lists the series and cancels this visit and the following ones, each under the policy, once', { timeout: SLOW }, async () => {
    const c = await newClinic('smanage');
    const { who, series } = await bookSeries(c, 'manage', tuesdayIn(1), 5);
    // Visit 4 was paid online (as a patient's series paid per visit is): its cancellation refunds it in full (the default policy).
    const { client, table } = testDb();
    const paid = series.visits[3];
    await client.send(new UpdateCommand({
      TableName: table, Key: bookingKey(c.owner.orgId, paid.id),
      UpdateExpression: 'SET paymentStatus = :p, paymentIntentId = :pi, amountPaidCents = :a',
      ExpressionAttributeValues: { ':p': 'paid', ':pi': `pi_series_${paid.id}`, ':a': 4950 },
    }));
    const token = await manageToken(c.owner.orgId, series.visits[2].id);

    const view = await api('POST', '/public/manage/booking', { body: { token } });
    expect(view.status).toBe(200);
    expect(view.body.data.series).toMatchObject({ id: series.id, following: 3, refundFollowingCents: 4950 });
    // Staff booked it to be paid at the clinic: the page does not say it was paid by card.
    expect(view.body.data.paymentPolicy).toMatchObject({ mode: 'at_clinic', dueNowMinor: 0, dueAtVisitMinor: 4950 });
    expect(view.body.data.series.visits.map((v: { bookingId: string; current: boolean }) => [v.bookingId, v.current])).toEqual(series.visits.map((v, i) => [v.id, i === 2]));

    const res = await api('POST', '/public/manage/cancel-following', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('3 visits are cancelled.');
    expect(res.body.data.status).toBe('cancelled');
    expect(res.body.data.series.visits.map((v: { status: string }) => v.status)).toEqual(['confirmed', 'confirmed', 'cancelled', 'cancelled', 'cancelled']);
    expect(res.body.data.series.following).toBe(0);
    for (const [i, v] of series.visits.entries()) expect((await slotCounts(c, v.startUtc)).taken).toBe(i < 2 ? 1 : 0);
    const freed = await eventsOf(c.owner.orgId, 'time-freed');
    expect(freed.map((e) => (e as { freedBy: { id: string } }).freedBy.id).sort()).toEqual(series.visits.slice(2).map((v) => v.id).sort());
    // The refund of visit 4 alone, under the single cancellation's Stripe key.
    for (const v of series.visits.slice(2)) {
      const row = await client.send(new GetCommand({ TableName: table, Key: outboxKey(`booking-patient-cancelled-refund-${c.owner.orgId}-${v.id}`), ConsistentRead: true }));
      expect(row.Item?.payload?.refund ?? null).toEqual(v.id === paid.id ? expect.objectContaining({ amountCents: 4950, idempotencyKey: `manage-cancel-${c.owner.orgId}-${v.id}` }) : null);
    }
    const mail = await eventually(async () => (await waitForMails(who.email, 2)).find((m) => m.subject.startsWith('Visits cancelled')), 'the cancellation mail');
    expect(mail.body.text).toContain('You cancelled these 3 visits');
    expect(mail.attachments.filter((a) => a.filename?.startsWith('cancel-'))).toHaveLength(3);

    // Again: nothing more is cancelled, freed, refunded or mailed.
    const again = await api('POST', '/public/manage/cancel-following', { body: { token } });
    expect(again.status).toBe(200);
    expect(again.body.data.series.visits.map((v: { status: string }) => v.status)).toEqual(['confirmed', 'confirmed', 'cancelled', 'cancelled', 'cancelled']);
    expect(await eventsOf(c.owner.orgId, 'time-freed')).toHaveLength(3);
    expect((await waitForMails(who.email, 2)).filter((m) => m.subject.startsWith('Visits cancelled'))).toHaveLength(1);
    // An unknown token is refused as the single cancel refuses it.
    expect((await api('POST', '/public/manage/cancel-following', { body: { token: 'short' } })).status).toBe(404);
  });
});
