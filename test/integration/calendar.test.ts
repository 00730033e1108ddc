// The calendar over HTTP: range reads (exactly the items of the local dates asked for, across a DST
// change), what each member may read, and moves of bookings (slot rules, capacity, the 20-racer
// guarantee, the mail with the updated .ics) and of appointments.
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, mailsTo, waitForMails } from '../support/api';
import { addMember, perms } from '../support/members';
import { book as bookAppointment } from './appointments-support';
import { ZONE, dayAhead, freeTimes, longDay, getBooking, holdBooking, newClinic, paidBooking, slotCounts, type Clinic } from './booking-support';

/** The first local date ahead (from 2 days on) on which the clinic's zone changes its offset. */
function nextDstChange(): string {
  let day = DateTime.now().setZone(ZONE).plus({ days: 2 }).startOf('day');
  for (let i = 0; i < 380; i++) {
    const next = day.plus({ days: 1 });
    if (next.offset !== day.offset) return day.toISODate()!;
    day = next;
  }
  throw new Error('no DST change within a year');
}

const calendar = (token: string, query: string) => api('GET', `/calendar?${query}`, { token });
/** The .ics of a mail (the SES stand-in keeps attachments as base64). */
const icsOf = (mail: { attachments: { filename?: string; content: string }[] }) => Buffer.from(mail.attachments.find((a) => a.filename === 'booking.ics')!.content, 'base64').toString('utf8');
const ids = (res: { body: { data?: { items: { id: string }[] } } }) => res.body.data!.items.map((i) => i.id).sort();

describe('calendar: range reads', () => {
  let clinic: Clinic;
  beforeAll(async () => {
    clinic = await newClinic('calrange');
  });

  it('returns exactly the appointments and bookings of the local dates asked for, across a DST change', async () => {
    const d = nextDstChange();
    const plus = (n: number) => DateTime.fromISO(d, { zone: ZONE }).plus({ days: n }).toISODate()!;
    const token = clinic.owner.token;
    // Bookings: the evening before (out), the first morning (in), the last evening (in), the morning after (out).
    const before = await holdBooking(clinic, plus(-1), '17:00');
    const first = await holdBooking(clinic, d, '08:00');
    const last = await holdBooking(clinic, plus(6), '17:00');
    const after = await holdBooking(clinic, plus(7), '08:00');
    // Appointments at the edges of the local days.
    const aBefore = await bookAppointment(token, { bookingDate: plus(-1), bookingTime: '23:30' });
    const aFirst = await bookAppointment(token, { bookingDate: d, bookingTime: '00:30' });
    const aLast = await bookAppointment(token, { bookingDate: plus(6), bookingTime: '23:30' });
    const aAfter = await bookAppointment(token, { bookingDate: plus(7), bookingTime: '00:00' });

    const res = await calendar(token, `start=${d}&end=${plus(7)}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([first.id, last.id, aFirst.id, aLast.id].sort());
    expect(ids(res)).not.toContain(before.id);
    expect(ids(res)).not.toContain(after.id);
    expect(ids(res)).not.toContain(aBefore.id);
    expect(ids(res)).not.toContain(aAfter.id);
    const items = res.body.data.items as { id: string; start: string; date: string; time: string; kind: string; status: string; movable: boolean }[];
    // In time order, with the instants the zone gives each local time (offsets differ either side of the change).
    expect(items.map((i) => i.start)).toEqual([...items.map((i) => i.start)].sort());
    const firstItem = items.find((i) => i.id === first.id)!;
    expect(firstItem).toMatchObject({ kind: 'booking', status: 'held', date: d, time: '08:00', movable: false });
    expect(firstItem.start).toBe(DateTime.fromISO(`${d}T08:00`, { zone: ZONE }).toUTC().toISO({ suppressMilliseconds: false }));
    const lastAppointment = items.find((i) => i.id === aLast.id)!;
    expect(lastAppointment).toMatchObject({ kind: 'appointment', date: plus(6), time: '23:30', status: 'confirmed', movable: true });
    expect(lastAppointment.start).toBe(DateTime.fromISO(`${plus(6)}T23:30`, { zone: ZONE }).toUTC().toISO());
    expect(res.body.data).toMatchObject({ timeZone: ZONE, kinds: ['appointment', 'booking'], truncated: false });
    expect(res.body.data.timeZoneName).toMatch(/^Eastern (Standard|Daylight) Time$/);
    // Its country, from the zone: the console's week starts on the country's first day (Sunday here).
    expect(res.body.data.region).toBe('US');

    // Filters: by kind, and by assignee (appointments only).
    expect(ids(await calendar(token, `start=${d}&end=${plus(7)}&kinds=booking`))).toEqual([first.id, last.id].sort());
    const assigned = await api('POST', '/appointments/assign', { token, body: { appointmentId: aFirst.id, userId: clinic.owner.userId } });
    expect(assigned.status).toBe(200);
    expect(ids(await calendar(token, `start=${d}&end=${plus(7)}&assignee=${clinic.owner.userId}`))).toEqual([aFirst.id]);
  });

  it('refuses bad ranges with a clear message', async () => {
    const token = clinic.owner.token;
    const backwards = await calendar(token, 'start=2030-01-10&end=2030-01-03');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('end must be after start');
    const long = await calendar(token, 'start=2030-01-01&end=2030-04-01');
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('The calendar shows at most 62 days at once');
    expect((await calendar(token, 'start=tomorrow&end=2030-01-03')).status).toBe(400);
    expect((await calendar(token, 'start=2030-01-01&end=2030-01-03&kinds=leads')).status).toBe(400);
  });

  it('shows each member what they may read, and nothing without a token or a readable module', async () => {
    const d = dayAhead(10);
    const booking = await holdBooking(clinic, d, '09:00');
    const appointment = await bookAppointment(clinic.owner.token, { bookingDate: d, bookingTime: '10:00' });
    const query = `start=${d}&end=${DateTime.fromISO(d).plus({ days: 1 }).toISODate()}`;
    expect((await api('GET', `/calendar?${query}`)).status).toBe(401);

    const nothing = await addMember(clinic.owner, perms({ FORMS: 'rw' }));
    expect((await calendar(nothing.token, query)).status).toBe(403);

    const appointmentsOnly = await addMember(clinic.owner, perms({ Appointment: 'r' }));
    const seen = await calendar(appointmentsOnly.token, query);
    expect(seen.status).toBe(200);
    expect(seen.body.data.kinds).toEqual(['appointment']);
    expect(ids(seen)).toEqual([appointment.id]);
    expect(seen.body.data.items[0].movable).toBe(false);

    const bookingsOnly = await addMember(clinic.owner, perms({ BOOKING_PACKAGES: 'r' }));
    const theirs = await calendar(bookingsOnly.token, query);
    expect(theirs.body.data.kinds).toEqual(['booking']);
    expect(ids(theirs)).toEqual([booking.id]);

    // Another organisation sees none of it.
    const other = await newClinic('calother');
    expect((await calendar(other.owner.token, query)).body.data.items).toEqual([]);
  });
});

describe('calendar: moving a booking', () => {
  let clinic: Clinic;
  beforeAll(async () => {
    clinic = await newClinic('calmove');
  });

  it('moves a confirmed booking to a free time: place taken before the old one is freed, visitor mailed the new time with an updated .ics', async () => {
    const d = dayAhead(5);
    const paid = await paidBooking(clinic, d, '09:00');
    const confirmation = (await waitForMails(paid.email, 1))[0];
    const firstIcs = icsOf(confirmation);
    const uid = /UID:(.+)\r\n/.exec(firstIcs)![1];
    expect(firstIcs).toContain('SEQUENCE:0');

    const moved = await api('POST', `/bookings/booking/${paid.id}/move`, { token: clinic.owner.token, body: { bookingDate: d, bookingTime: '14:00' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'confirmed', bookingDate: d, bookingTime: '14:00' });
    const newStart = moved.body.data.startUtc;
    expect(await slotCounts(clinic, paid.startUtc)).toEqual({ held: 0, confirmed: 0, taken: 0 });
    expect(await slotCounts(clinic, newStart)).toEqual({ held: 0, confirmed: 1, taken: 1 });
    expect(await freeTimes(clinic, d)).toContain('09:00');
    expect(await freeTimes(clinic, d)).not.toContain('14:00');

    const mails = await waitForMails(paid.email, 2);
    const mail = mails[1];
    expect(mail.subject).toMatch(/^Booking moved: Consultation is now on .+ at 2:00 PM E[SD]T$/);
    expect(mail.body.text).toMatch(/Was: .+ at 9:00 AM/);
    const ics = icsOf(mail);
    expect(ics).toContain(`UID:${uid}\r\n`);
    expect(ics).toContain('SEQUENCE:1\r\n');
    expect(ics).toContain(`DTSTART:${newStart.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}\r\n`);

    // A second move: SEQUENCE 2, same UID.
    expect((await api('POST', `/bookings/booking/${paid.id}/move`, { token: clinic.owner.token, body: { bookingDate: d, bookingTime: '15:00' } })).status).toBe(200);
    const third = icsOf((await waitForMails(paid.email, 3))[2]);
    expect(third).toContain(`UID:${uid}\r\n`);
    expect(third).toContain('SEQUENCE:2\r\n');

    // The calendar shows it at the new time; the audit log has the move.
    const cal = await calendar(clinic.owner.token, `start=${d}&end=${DateTime.fromISO(d).plus({ days: 1 }).toISODate()}`);
    expect(cal.body.data.items.find((i: { id: string }) => i.id === paid.id)).toMatchObject({ time: '15:00', movable: true });
    const log = await api('GET', '/logs?module=BOOKING_PACKAGES', { token: clinic.owner.token });
    expect(JSON.stringify(log.body.data)).toMatch(/Moved the booking of Pat Visitor for \\"Consultation\\" from .+ to .+/);
  });

  it('moves without mailing the patient when notify is false, keeping the audit entry; the next notified move mails the latest time', async () => {
    const d = dayAhead(7);
    const paid = await paidBooking(clinic, d, '09:00');
    expect(await waitForMails(paid.email, 1)).toHaveLength(1); // the confirmation

    const quiet = await api('POST', `/bookings/booking/${paid.id}/move`, { token: clinic.owner.token, body: { bookingDate: d, bookingTime: '13:00', notify: false } });
    expect(quiet.status).toBe(200);
    expect(quiet.body.message).toMatch(/^Booking moved to .+\. The patient was not emailed\.$/);
    expect(quiet.body.data).toMatchObject({ bookingTime: '13:00' });
    expect(await slotCounts(clinic, quiet.body.data.startUtc)).toEqual({ held: 0, confirmed: 1, taken: 1 });
    const log = await api('GET', '/logs?module=BOOKING_PACKAGES', { token: clinic.owner.token });
    expect(JSON.stringify(log.body.data)).toMatch(/Moved the booking of Pat Visitor for \\"Consultation\\" from .+ to .+ \(the patient was not emailed\)/);

    // A notified move after it: its mail is the second one the patient gets (none was sent for the quiet
    // move), says where the booking was (13:00) and carries SEQUENCE 2.
    expect((await api('POST', `/bookings/booking/${paid.id}/move`, { token: clinic.owner.token, body: { bookingDate: d, bookingTime: '15:00', notify: true } })).status).toBe(200);
    const mails = await waitForMails(paid.email, 2);
    expect(mails[1].subject).toMatch(/at 3:00 PM E[SD]T$/);
    expect(mails[1].body.text).toMatch(/Was: .+ at 1:00 PM/);
    expect(icsOf(mails[1])).toContain('SEQUENCE:2\r\n');
    expect(await mailsTo(paid.email)).toHaveLength(2);

    const bad = await api('POST', `/bookings/booking/${paid.id}/move`, { token: clinic.owner.token, body: { bookingDate: d, bookingTime: '16:00', notify: 'no' } });
    expect(bad.status).toBe(400);
  });

  it('counts a moved booking on its new day in the reports, not twice and not on the old day', async () => {
    const from = dayAhead(6);
    const to = dayAhead(13); // a week later: always another report week
    const confirmedOn = async (day: string) => (await api('GET', `/reports?from=${day}&to=${day}`, { token: clinic.owner.token })).body.data.weeks[0].bookings.confirmed as number;
    const paid = await paidBooking(clinic, from, '11:00');
    const before = [await confirmedOn(from), await confirmedOn(to)];
    expect(before[0]).toBeGreaterThanOrEqual(1);
    const moved = await api('POST', `/bookings/booking/${paid.id}/move`, { token: clinic.owner.token, body: { bookingDate: to, bookingTime: '11:00' } });
    expect(moved.status).toBe(200);
    expect([await confirmedOn(from), await confirmedOn(to)]).toEqual([before[0] - 1, before[1] + 1]);
  });

  it('refuses a move into a full slot (409), a time the page would not offer (400), a held booking (409), and others', async () => {
    const d = dayAhead(6);
    const a = await paidBooking(clinic, d, '09:00');
    const b = await paidBooking(clinic, d, '10:00');
    const full = await api('POST', `/bookings/booking/${a.id}/move`, { token: clinic.owner.token, body: { bookingDate: d, bookingTime: '10:00' } });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('That time is full. Please choose another time.');
    // Nothing moved, nothing freed.
    expect((await getBooking(clinic, a.id)).startUtc).toBe(a.startUtc);
    expect(await slotCounts(clinic, a.startUtc)).toEqual({ held: 0, confirmed: 1, taken: 1 });
    expect(await slotCounts(clinic, b.startUtc)).toEqual({ held: 0, confirmed: 1, taken: 1 });

    const closedHour = await api('POST', `/bookings/booking/${a.id}/move`, { token: clinic.owner.token, body: { bookingDate: d, bookingTime: '19:00' } });
    expect(closedHour.status).toBe(400);
    expect(closedHour.body.message).toBe('That time is not offered. Please choose one of the available times.');
    const past = await api('POST', `/bookings/booking/${a.id}/move`, { token: clinic.owner.token, body: { bookingDate: dayAhead(-2), bookingTime: '10:00' } });
    expect(past.status).toBe(400);
    expect((await api('POST', `/bookings/booking/${a.id}/move`, { token: clinic.owner.token, body: { bookingDate: d, bookingTime: '9:00' } })).body.message).toBe('It is at that time already.');
    expect((await api('POST', `/bookings/booking/${a.id}/move`, { token: clinic.owner.token, body: { bookingDate: d } })).status).toBe(400);

    const held = await holdBooking(clinic, d, '12:00');
    const heldMove = await api('POST', `/bookings/booking/${held.id}/move`, { token: clinic.owner.token, body: { bookingDate: d, bookingTime: '13:00' } });
    expect(heldMove.status).toBe(409);
    expect(heldMove.body.message).toBe('This booking is waiting for its payment. It can be moved once it is confirmed.');

    const reader = await addMember(clinic.owner, perms({ BOOKING_PACKAGES: 'r' }));
    expect((await api('POST', `/bookings/booking/${a.id}/move`, { token: reader.token, body: { bookingDate: d, bookingTime: '16:00' } })).status).toBe(403);
    const other = await newClinic('calmoveother');
    expect((await api('POST', `/bookings/booking/${a.id}/move`, { token: other.owner.token, body: { bookingDate: d, bookingTime: '16:00' } })).status).toBe(404);
    expect((await api('POST', `/bookings/booking/${a.id}/move`, { body: { bookingDate: d, bookingTime: '16:00' } })).status).toBe(401);
  });

  it('gives the last place to exactly one of 20 bookings moved into it at once', async () => {
    const c = await newClinic('calrace', { capacity: 2 });
    const target = dayAhead(8);
    await paidBooking(c, target, '11:00'); // one of the two places is taken: one left
    const days = [dayAhead(9), dayAhead(10)];
    const times = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];
    const racers = [];
    for (const day of days) for (const time of times.slice(0, 5)) for (let i = 0; i < 2; i++) racers.push(await paidBooking(c, day, time));
    expect(racers).toHaveLength(20);

    const results = await Promise.all(racers.map((r) => api('POST', `/bookings/booking/${r.id}/move`, { token: c.owner.token, body: { bookingDate: target, bookingTime: '11:00' } })));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect([409, 503]).toContain(r.status);
    }
    expect(results.filter((r) => r.status === 409).length).toBeGreaterThan(0);
    const targetStart = won[0].body.data.startUtc;
    expect(await slotCounts(c, targetStart)).toEqual({ held: 0, confirmed: 2, taken: 2 });
    // The winner's old place is free; every loser is where it was, its place still counted.
    const winner = racers.find((r) => r.id === won[0].body.data.id)!;
    expect((await slotCounts(c, winner.startUtc)).taken).toBe(1);
    for (const r of racers.filter((x) => x !== winner)) expect((await getBooking(c, r.id)).startUtc).toBe(r.startUtc);
    let total = 0;
    for (const day of days) for (const time of times.slice(0, 5)) total += (await slotCounts(c, DateTime.fromISO(`${day}T${time}`, { zone: ZONE }).toUTC().toISO()!)).taken;
    expect(total).toBe(19);
    // 21 paid bookings are set up one by one before the race: 7-10 s alone, 30 s once on CI's shared cores.
  }, 60_000);
});

describe('calendar: moving an appointment', () => {
  it('moves it to another time with the version read, mails the patient, and refuses stale and past moves', async () => {
    const clinic = await newClinic('calappt');
    const token = clinic.owner.token;
    const d = dayAhead(4);
    const appointment = await bookAppointment(token, { bookingDate: d, bookingTime: '09:30' });
    const moved = await api('PATCH', `/appointments/${appointment.id}/reschedule`, { token, body: { bookingDate: d, bookingTime: '15:15', version: appointment.version } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ bookingDate: d, bookingTime: '15:15', version: appointment.version + 1 });
    const mails = await waitForMails(appointment.email, 2);
    expect(mails.at(-1)!.subject).toBe(`Your appointment at calappt Clinic has moved to ${longDay(d)} at 3:15 PM`);

    const stale = await api('PATCH', `/appointments/${appointment.id}/reschedule`, { token, body: { bookingDate: d, bookingTime: '16:00', version: appointment.version } });
    expect(stale.status).toBe(409);
    const past = await api('PATCH', `/appointments/${appointment.id}/reschedule`, { token, body: { bookingDate: dayAhead(-1), bookingTime: '16:00' } });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('That time has already passed. Please choose a later time.');
    const reader = await addMember(clinic.owner, perms({ Appointment: 'r' }));
    expect((await api('PATCH', `/appointments/${appointment.id}/reschedule`, { token: reader.token, body: { bookingDate: d, bookingTime: '16:00' } })).status).toBe(403);
    const other = await newClinic('calapptother');
    expect((await api('PATCH', `/appointments/${appointment.id}/reschedule`, { token: other.owner.token, body: { bookingDate: d, bookingTime: '16:00' } })).status).toBe(404);

    const log = await api('GET', `/appointments/${appointment.id}`, { token });
    expect(log.body.data.log[0]).toMatchObject({ action: 'rescheduled', summary: `Moved from ${d} at 09:30 to ${d} at 15:15` });
  });
});
