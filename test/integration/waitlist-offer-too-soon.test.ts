// Issue 37.2: staff offering a waiting patient, by hand, a time that begins in less than 5 minutes are
// told exactly that (409, the waitlist's own message), not that it is not a time of the package; nothing
// is held and the patient keeps their place. The clinic's day opens 2 to 3 minutes from now, so its first
// slot is such a time whatever the clock says (and a later one of the same day is offered as usual);
// only in the last 40 minutes before midnight in the clinic's zone is there no room for both that day.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from '#shared/waitlist/schemas';
import { api, uniqueEmail, uniquePhone } from '../support/api';
import { newClinic, ZONE } from './booking-support';

const nearMidnight = DateTime.now().setZone(ZONE).plus({ minutes: 3 }) > DateTime.now().setZone(ZONE).set({ hour: 23, minute: 20 });

describe('a staff offer by hand of a time about to begin', () => {
  it.skipIf(nearMidnight)('is refused with its own 409 message, and a later time of that day is offered', { timeout: 60_000 }, async () => {
    const c = await newClinic('offer-too-soon');
    const token = c.owner.token;
    // Opening 2-3 minutes from now (whole minutes, the clinic's zone); 15-minute slots until 24:00.
    const opens = DateTime.now().setZone(ZONE).plus({ minutes: 3 }).startOf('minute');
    const hours = [{ start: opens.toFormat('HH:mm'), end: '24:00' }];
    const weeklyHours = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, hours]));
    const saved = await api('PUT', '/bookings/availability', { token, body: { weeklyHours, slotMinutes: 15, capacity: 1, closedDates: [], maxDaysAhead: 400 } });
    expect(saved.status, saved.body.message).toBe(200);
    const joined = await api('POST', '/waitlist/join', {
      body: { apiKey: c.apiKey, packageId: c.packageId, firstName: 'Sue', lastName: 'Soon', email: uniqueEmail('soon'), phoneNumber: uniquePhone(), days: [1, 2, 3, 4, 5, 6, 7], fromTime: '00:00', toTime: '23:59', until: opens.plus({ days: 2 }).toISODate() },
    });
    expect(joined.status, joined.body.message).toBe(201);
    const entryId: string = joined.body.data.entryId;
    const date = opens.toISODate()!;

    const soon = await api('POST', `/waitlist/entries/${entryId}/offer`, { token, body: { bookingDate: date, bookingTime: opens.toFormat('HH:mm') } });
    expect(soon.status).toBe(409);
    expect(soon.body.message).toBe(WAITLIST_MESSAGES.tooSoon);
    // Nothing held: the patient still waits, and the clinic's own page still offers that time.
    const list = await api('GET', '/waitlist', { token });
    expect(list.body.data.items.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([[entryId, 'waiting']]);
    const later = opens.plus({ minutes: 30 }).toFormat('HH:mm');
    const offered = await api('POST', `/waitlist/entries/${entryId}/offer`, { token, body: { bookingDate: date, bookingTime: later } });
    expect(offered.status, offered.body.message).toBe(201);
    expect(offered.body.data).toMatchObject({ entryId, source: 'staff', status: 'open', bookingDate: date, bookingTime: later });
  });
});
