// Issue 37: moving every visit of a weekly series by exactly one week puts each visit on the next one's
// old time, which the same move frees first: allowed (it was refused as taken). The visits move one
// transaction each; a move that stopped half-way (a process that died after the last visit moved) is
// finished by the same request again, without moving the moved visit a second time.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { api, uniqueEmail, uniquePhone, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { newClinic, slotCounts, ZONE, type Clinic } from './booking-support';
import { seriesKey } from '../../functions/data/series';
import { moveKey } from '../../functions/domain/series/move';

const SLOW = 120_000;
type Visit = { id: string; bookingDate: string; bookingTime: string; startUtc: string; status: string; practitionerId: string | null };
const plusDays = (date: string, days: number) => DateTime.fromISO(date, { zone: ZONE }).plus({ days }).toISODate()!;
const tuesdayIn = (weeks: number) => {
  const now = DateTime.now().setZone(ZONE);
  return now.plus({ days: ((2 - now.weekday + 7) % 7) + 7 * weeks }).toISODate()!;
};

async function bookSeries(c: Clinic, tag: string, start: string, count: number) {
  const who = { firstName: 'Sam', lastName: tag, email: uniqueEmail(tag), phoneNumber: uniquePhone() };
  const visits = Array.from({ length: count }, (_, i) => ({ date: plusDays(start, 7 * i), time: '10:00' }));
  const res = await api('POST', '/bookings/series', { token: c.owner.token, body: { packageId: c.packageId, ...who, startDate: start, time: '10:00', everyWeeks: 1, count, visits } });
  expect(res.status, res.body.message).toBe(201);
  return { who, series: res.body.data as { id: string; visits: Visit[] } };
}

const datesOf = async (c: Clinic, id: string) => ((await api('GET', `/bookings/series/${id}`, { token: c.owner.token })).body.data.visits as Visit[]).map((v) => `${v.bookingDate} ${v.bookingTime}`);

describe('moving a weekly series by one week', () => {
  it('moves "all" a week later (each onto the time the next one frees), and one place each', { timeout: SLOW }, async () => {
    const c = await newClinic('sweek');
    const start = tuesdayIn(1);
    const { who, series } = await bookSeries(c, 'week', start, 4);
    const body = { bookingId: series.visits[0].id, scope: 'all', bookingDate: plusDays(start, 7), bookingTime: '10:00' };
    const preview = await api('POST', `/bookings/series/${series.id}/move/preview`, { token: c.owner.token, body });
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data).toMatchObject({ shiftDays: 7, free: 4, conflicts: 0 });
    const res = await api('POST', `/bookings/series/${series.id}/move`, { token: c.owner.token, body, headers: { 'Idempotency-Key': `week-${series.id}` } });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.moved).toHaveLength(4);
    expect(await datesOf(c, series.id)).toEqual([7, 14, 21, 28].map((d) => `${plusDays(start, d)} 10:00`));
    // The first week is free again; every other week holds one place (the clinic-wide slot counts it once).
    expect((await slotCounts(c, series.visits[0].startUtc)).taken).toBe(0);
    for (const v of series.visits.slice(1)) expect((await slotCounts(c, v.startUtc)).taken).toBe(1);
    const mails = await waitForMails(who.email, 2);
    expect(mails.filter((m) => m.subject.startsWith('Visits moved'))).toHaveLength(1);
  });

  it('finishes a move left half-way when the same request comes again, moving the moved visit once', { timeout: SLOW }, async () => {
    const c = await newClinic('shalf');
    const start = tuesdayIn(1);
    const { who, series } = await bookSeries(c, 'half', start, 3);
    const body = { bookingId: series.visits[0].id, scope: 'all' as const, bookingDate: plusDays(start, 7), bookingTime: '10:00' };
    // What a process that died after the first step leaves: the steps written on the series, the last visit moved.
    const steps = [...series.visits].reverse().map((v) => ({ bookingId: v.id, bookingDate: plusDays(v.bookingDate, 7), bookingTime: '10:00', from: { startUtc: v.startUtc, bookingDate: v.bookingDate, bookingTime: v.bookingTime, practitionerId: v.practitionerId } }));
    const { client, table } = testDb();
    await client.send(new UpdateCommand({ TableName: table, Key: seriesKey(c.owner.orgId, series.id), UpdateExpression: 'SET pendingMove = :p', ExpressionAttributeValues: { ':p': { key: moveKey(body), at: new Date().toISOString(), steps } } }));
    const last = series.visits[2];
    const first = await api('POST', `/bookings/series/${series.id}/move`, { token: c.owner.token, body: { bookingId: last.id, scope: 'one', bookingDate: plusDays(last.bookingDate, 7), bookingTime: '10:00' }, headers: { 'Idempotency-Key': `half-1-${series.id}` } });
    expect(first.status, first.body.message).toBe(200);

    const again = await api('POST', `/bookings/series/${series.id}/move`, { token: c.owner.token, body, headers: { 'Idempotency-Key': `half-2-${series.id}` } });
    expect(again.status, again.body.message).toBe(200);
    expect(await datesOf(c, series.id)).toEqual([7, 14, 21].map((d) => `${plusDays(start, d)} 10:00`));
    // The mail of the finished move lists all three new times.
    const mail = (await waitForMails(who.email, 3)).find((m) => m.subject.startsWith('Visits moved') && m.subject.includes('3 visits'));
    expect(mail, 'the mail of the whole move').toBeTruthy();
    // Done: the same request now moves nothing.
    const third = await api('POST', `/bookings/series/${series.id}/move`, { token: c.owner.token, body, headers: { 'Idempotency-Key': `half-3-${series.id}` } });
    expect(third.body.data.moved).toEqual([]);
    expect(await datesOf(c, series.id)).toEqual([7, 14, 21].map((d) => `${plusDays(start, d)} 10:00`));
  });
});
