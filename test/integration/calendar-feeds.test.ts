// Calendar feeds over HTTP: a private ICS URL per practitioner or for the clinic, shown once and stored
// hashed, that answers text/calendar with the confirmed bookings and appointments of its range (no
// contact details), stops at once when revoked, and is no one else's to list or revoke.
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { testDb } from '../support/db';
import { addMember, logs, perms } from '../support/members';
import { book as bookAppointment } from './appointments-support';
import { dayAhead, holdBooking, newClinic, paidBooking, type Clinic } from './booking-support';

/** The feed's path below /api, from the URL the creation answered. */
const feedPath = (url: string) => `/calendar/feed/${url.split('/calendar/feed/')[1]}`;
const fetchFeed = (token: string) => api('GET', `/calendar/feed/${token}`);
const tokenOf = (url: string) => url.split('/calendar/feed/')[1].replace(/\.ics$/, '');
/** The calendar's content lines, unfolded (RFC 5545 3.1). */
const linesOf = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('calendar feeds', () => {
  let clinic: Clinic;
  let confirmed: Awaited<ReturnType<typeof paidBooking>>;
  let held: Awaited<ReturnType<typeof holdBooking>>;
  beforeAll(async () => {
    clinic = await newClinic('calfeed');
    confirmed = await paidBooking(clinic, dayAhead(3), '09:00');
    held = await holdBooking(clinic, dayAhead(3), '11:00');
  });

  it('creates the clinic feed, shown once and stored hashed; it answers a VCALENDAR with the confirmed booking and appointment, no contact details', async () => {
    const appointment = await bookAppointment(clinic.owner.token, { bookingDate: dayAhead(4), bookingTime: '10:00' });
    expect(appointment.status).toBe('confirmed');
    const created = await api('POST', '/calendar/feeds', { token: clinic.owner.token, body: { practitionerId: null } });
    expect(created.status).toBe(201);
    const feed = created.body.data;
    expect(feed).toMatchObject({ practitionerId: null, name: 'calfeed Clinic', includesAppointments: true, createdBy: clinic.owner.userId });
    expect(feed.url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace(/^https?:/, 'webcal:'));

    // Only the hash is kept: the list never shows the URL again.
    const { client, table } = testDb();
    const stored = await client.send(new GetCommand({ TableName: table, Key: { pk: `CALFEED#${createHash('sha256').update(tokenOf(feed.url)).digest('hex')}`, sk: 'TOKEN' } }));
    expect(stored.Item).toMatchObject({ orgId: clinic.owner.orgId, feedId: feed.id });
    const listed = await api('GET', '/calendar/feeds', { token: clinic.owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.map((f: { id: string }) => f.id)).toEqual([feed.id]);
    expect(JSON.stringify(listed.body)).not.toContain(tokenOf(feed.url));

    const res = await api('GET', feedPath(feed.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = res.body.message; // not JSON: the helper keeps the text
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = linesOf(text);
    expect(lines).toContain('X-WR-CALNAME:calfeed Clinic');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    const uids = lines.filter((l) => l.startsWith('UID:'));
    expect(uids).toEqual([expect.stringMatching(new RegExp(`^UID:booking-${confirmed.id}\\.feed@`)), expect.stringMatching(new RegExp(`^UID:appointment-${appointment.id}\\.feed@`))]);
    expect(lines).toContain(`DTSTART:${confirmed.startUtc.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(lines).toContain('SUMMARY:Pat Visitor · Consultation');
    // The held booking (mid-payment) is not in it; nor is anyone's email or phone.
    expect(text).not.toContain(held.id);
    expect(text).not.toContain(confirmed.email);
    expect(text).not.toMatch(/\+1555|mailto:|@example\.com/);
    // Stable: a second poll gives the same events.
    expect(linesOf((await fetchFeed(tokenOf(feed.url))).body.message).filter((l) => l.startsWith('UID:'))).toEqual(uids);

    expect((await logs(clinic.owner)).some((e: { recordType: string; recordId: string; action: string }) => e.recordType === 'calendar-feed' && e.recordId === feed.id && e.action === 'create')).toBe(true);
  });

  it("a practitioner's feed shows only that practitioner's bookings and appointments, named after them", async () => {
    const { client, table } = testDb();
    const orgId = clinic.owner.orgId;
    // The practitioner record and the booking's practitioner as docs/practitioners.md stores them.
    await client.send(new PutCommand({ TableName: table, Item: { pk: `ORG#${orgId}#PRACTITIONERS`, sk: 'pr_ruiz', id: 'pr_ruiz', orgId, name: 'Dr Ana Ruiz', isActive: true } }));
    const theirs = await paidBooking(clinic, dayAhead(5), '09:00');
    await client.send(
      new UpdateCommand({ TableName: table, Key: { pk: `ORG#${orgId}#BOOKING#${theirs.id}`, sk: 'BOOKING' }, UpdateExpression: 'SET practitionerId = :p, practitionerName = :n', ExpressionAttributeValues: { ':p': 'pr_ruiz', ':n': 'Dr Ana Ruiz' } }),
    );
    // An appointment carries only the practitioner's id.
    const appointment = await bookAppointment(clinic.owner.token, { bookingDate: dayAhead(6), bookingTime: '15:00' });
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${orgId}#APPT`, sk: appointment.id }, UpdateExpression: 'SET practitionerId = :p', ExpressionAttributeValues: { ':p': 'pr_ruiz' } }));
    const created = await api('POST', '/calendar/feeds', { token: clinic.owner.token, body: { practitionerId: 'pr_ruiz' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ practitionerId: 'pr_ruiz', name: 'Dr Ana Ruiz (calfeed Clinic)' });
    const lines = linesOf((await fetchFeed(tokenOf(created.body.data.url))).body.message);
    expect(lines).toContain('X-WR-CALNAME:Dr Ana Ruiz (calfeed Clinic)');
    expect(lines.filter((l) => l.startsWith('UID:'))).toEqual([
      expect.stringMatching(new RegExp(`^UID:booking-${theirs.id}\\.feed@`)),
      expect.stringMatching(new RegExp(`^UID:appointment-${appointment.id}\\.feed@`)),
    ]);
    // The clinic's feed has them too, and says whom each is with.
    const clinicFeed = await api('POST', '/calendar/feeds', { token: clinic.owner.token, body: { practitionerId: null } });
    const all = (await fetchFeed(tokenOf(clinicFeed.body.data.url))).body.message;
    const eventOf = (id: string) => all.replace(/\r\n /g, '').split('BEGIN:VEVENT').find((e) => e.includes(`UID:${id}`)) ?? '';
    expect(eventOf(`booking-${theirs.id}.feed@`)).toContain('With: Dr Ana Ruiz');
    expect(eventOf(`appointment-${appointment.id}.feed@`)).toContain('With: Dr Ana Ruiz');
    expect(eventOf(`booking-${confirmed.id}.feed@`)).not.toContain('With:');

    // An unknown practitioner is refused, and nothing is made.
    const before = (await api('GET', '/calendar/feeds', { token: clinic.owner.token })).body.data.items.length;
    const unknown = await api('POST', '/calendar/feeds', { token: clinic.owner.token, body: { practitionerId: 'pr_nobody' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This practitioner was not found.');
    expect((await api('GET', '/calendar/feeds', { token: clinic.owner.token })).body.data.items).toHaveLength(before);
    expect((await api('POST', '/calendar/feeds', { token: clinic.owner.token, body: {} })).status).toBe(400);
  });

  it('revoked, its URL answers 404 at once; unknown and malformed tokens are 404 too', async () => {
    const created = await api('POST', '/calendar/feeds', { token: clinic.owner.token, body: { practitionerId: null } });
    const token = tokenOf(created.body.data.url);
    expect((await fetchFeed(token)).status).toBe(200);
    const revoked = await api('DELETE', `/calendar/feeds/${created.body.data.id}`, { token: clinic.owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('The calendar feed is revoked.');
    const gone = await fetchFeed(token);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This calendar feed was not found.');
    expect((await api('GET', '/calendar/feeds', { token: clinic.owner.token })).body.data.items.map((f: { id: string }) => f.id)).not.toContain(created.body.data.id);
    expect((await api('DELETE', `/calendar/feeds/${created.body.data.id}`, { token: clinic.owner.token })).status).toBe(404);
    expect((await fetchFeed(`${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await fetchFeed('short')).status).toBe(404);
  });

  it("another organisation's feed is not found; without the permission 403, without a token 401", async () => {
    const created = await api('POST', '/calendar/feeds', { token: clinic.owner.token, body: { practitionerId: null } });
    const other = await newClinic('calfeedother');
    expect((await api('DELETE', `/calendar/feeds/${created.body.data.id}`, { token: other.owner.token })).status).toBe(404);
    expect((await api('GET', '/calendar/feeds', { token: other.owner.token })).body.data.items).toEqual([]);
    expect((await fetchFeed(tokenOf(created.body.data.url))).status).toBe(200); // still there

    const reader = await addMember(clinic.owner, perms({ BOOKING_PACKAGES: 'r' }));
    expect((await api('GET', '/calendar/feeds', { token: reader.token })).status).toBe(200);
    expect((await api('POST', '/calendar/feeds', { token: reader.token, body: { practitionerId: null } })).status).toBe(403);
    expect((await api('DELETE', `/calendar/feeds/${created.body.data.id}`, { token: reader.token })).status).toBe(403);
    const none = await addMember(clinic.owner, perms({ Appointment: 'rw' }));
    expect((await api('GET', '/calendar/feeds', { token: none.token })).status).toBe(403);
    expect((await api('GET', '/calendar/feeds')).status).toBe(401);

    // A member who may not read appointments makes a feed without them.
    const bookingsOnly = await addMember(clinic.owner, perms({ BOOKING_PACKAGES: 'rw' }));
    const theirs = await api('POST', '/calendar/feeds', { token: bookingsOnly.token, body: { practitionerId: null } });
    expect(theirs.body.data.includesAppointments).toBe(false);
    expect((await fetchFeed(tokenOf(theirs.body.data.url))).body.message).not.toContain('UID:appointment-');
  });
});
