// Issue 37.4, the reports' series and waitlist figures, over the embedded stack (real handlers,
// DynamoDB Local, the outbox delivering the domain events): a series booked by staff counts its visits
// on their days and itself on the day it was booked; a time offered from the waitlist and taken from
// the offer's link counts one offer and one time filled on that time's day. Figures another member
// may not read (Bookings) are not in their report.
import { describe, expect, it } from 'vitest';
import { api, mailsTo, uniqueEmail, uniquePhone } from '../support/api';
import { eventually } from '../support/eventually';
import { addMember, perms } from '../support/members';
import { dayAhead, newClinic, ZONE } from './booking-support';
import { weekStartOf } from '../../shared/reports/schemas';

type Week = { week: string; series?: { visits: number; booked: number }; waitlist?: { offered: number; filled: number } };

const report = async (token: string, from: string, to: string) => {
  const res = await api('GET', `/reports?from=${from}&to=${to}`, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.weeks as Week[];
};
const total = (weeks: Week[], pick: (w: Week) => number) => weeks.reduce((s, w) => s + pick(w), 0);

describe('the reports: visits from series and times filled from the waitlist', () => {
  it('move when a series is booked and when a waitlist offer is taken', { timeout: 60_000 }, async () => {
    const c = await newClinic('report-series');
    const token = c.owner.token;
    const today = dayAhead(0, ZONE);
    const [from, to] = [today, dayAhead(40, ZONE)];
    const before = await report(token, from, to);
    expect(total(before, (w) => w.series!.visits + w.series!.booked + w.waitlist!.offered + w.waitlist!.filled)).toBe(0);

    // A weekly series of three visits at 09:00 from the day after tomorrow.
    const who = { firstName: 'Sam', lastName: 'Series', email: uniqueEmail('series'), phoneNumber: uniquePhone() };
    const start = dayAhead(2, ZONE);
    const rule = { packageId: c.packageId, ...who, startDate: start, time: '09:00', everyWeeks: 1, count: 3 };
    const preview = await api('POST', '/bookings/series/preview', { token, body: rule });
    expect(preview.status, preview.body.message).toBe(200);
    const visits = (preview.body.data.visits as { date: string; time: string }[]).map((v) => ({ date: v.date, time: v.time }));
    const booked = await api('POST', '/bookings/series', { token, body: { ...rule, visits } });
    expect(booked.status, booked.body.message).toBe(201);

    // A patient waits; staff offer them a time by hand (an at-clinic package: taking it confirms at once).
    expect((await api('PUT', `/bookings/packages/${c.packageId}`, { token, body: { paymentMode: 'at_clinic' } })).status).toBe(200);
    const email = uniqueEmail('waiting');
    const joined = await api('POST', '/waitlist/join', {
      body: { apiKey: c.apiKey, packageId: c.packageId, firstName: 'Wyn', lastName: 'Waiting', email, phoneNumber: uniquePhone(), days: [1, 2, 3, 4, 5, 6, 7], fromTime: '09:00', toTime: '12:00', until: dayAhead(7, ZONE) },
    });
    expect(joined.status, joined.body.message).toBe(201);
    const offerDay = dayAhead(3, ZONE);
    const offered = await api('POST', `/waitlist/entries/${joined.body.data.entryId}/offer`, { token, body: { bookingDate: offerDay, bookingTime: '11:00' } });
    expect(offered.status, offered.body.message).toBe(201);
    const mail = await eventually(async () => (await mailsTo(email)).find((m) => m.subject.startsWith('A time is free for you')), 'the offer mail', 15_000);
    const link = new URL(/Book this time: (\S+)/.exec(mail.body.text ?? '')![1]);
    const taken = await api('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, offerId: link.searchParams.get('waitlistOffer'), token: link.searchParams.get('token') } });
    expect(taken.body.data, taken.body.message).toMatchObject({ status: 'confirmed' });

    // The time is counted filled when the booking-confirmed event reaches the waitlist (through the outbox).
    const weeks = await eventually(async () => {
      const w = await report(token, from, to);
      return total(w, (x) => x.waitlist!.filled) === 1 ? w : undefined;
    }, 'the filled time in the report', 15_000);
    const week = (date: string) => weeks.find((w) => w.week === weekStartOf(date))!;
    expect(total(weeks, (w) => w.series!.visits)).toBe(3);
    expect(total(weeks, (w) => w.series!.booked)).toBe(1);
    expect(week(today).series!.booked).toBe(1);
    for (const v of visits) expect(week(v.date).series!.visits).toBeGreaterThanOrEqual(1);
    expect(week(offerDay).waitlist).toEqual({ offered: 1, filled: 1 });
    expect(total(weeks, (w) => w.waitlist!.offered)).toBe(1);

    // A member without Bookings read sees neither part.
    const reader = await addMember(c.owner, perms({ Appointment: 'r' }), { tag: 'appointments-only' });
    for (const w of await report(reader.token, from, to)) expect(w.series ?? w.waitlist).toBeUndefined();
  });
});
