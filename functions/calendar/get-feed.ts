// GET /calendar/feed/{token}: a private calendar feed as text/calendar, for Google, Apple and Outlook to
// poll. The confirmed bookings (and, when its maker could read them, appointments) from 30 days back to
// 180 days ahead: the clinic's feed shows all, a practitioner's feed those with that practitioner. Each
// event names the patient and what is booked, nothing more (no email, phone or notes: the URL may end
// up in a shared calendar). UIDs are stable, so a poll updates events in place and drops gone ones.
import { localParts } from '#shared/bookings/zone';
import { DEFAULT_TIME_ZONE } from '#shared/bookings/slots';
import { CALENDAR_FEED_MESSAGES, FEED_DAYS_AHEAD, FEED_DAYS_BACK } from '#shared/calendar/feed-schemas';
import { config } from '#lib/config';
import { notFound } from '#lib/errors';
import { endpoint, rawReply } from '#http/http';
import { log } from '#lib/log';
import { appointmentStartUtc } from '#domain/appointments/when';
import { buildFeed, type FeedEvent } from '#domain/bookings/ics';
import { practitionerNameOf } from '#domain/bookings/mail';
import { findCalendarFeedToken } from '../data/calendar-feeds';
import { practitionerNameFor } from '../data/practitioner-names';
import { appointmentsBetween, type Appointment } from '../data/appointments';
import { bookingsBetween, type BookingRecord } from '../data/bookings';
import { getOrganization } from '../data/organizations';

/** Items of each kind one feed shows at most (a busy clinic's seven months; the body stays far below 6 MB). */
const MAX_PER_KIND = 5000;
const DAY_MS = 86_400_000;
/** Appointments made before they had a length. */
const DEFAULT_APPOINTMENT_MINUTES = 30;

const host = () => {
  try {
    return new URL(config.appUrl).hostname || 'clinic-suite.local';
  } catch {
    return 'clinic-suite.local';
  }
};
const two = (n: number) => String(n).padStart(2, '0');
const localDate = (ms: number, zone: string) => {
  const p = localParts(ms, zone);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
};

/** The practitioner an item is with (absent on items from before practitioners). */
const practitionerIdOf = (r: { id: string; practitionerId?: string | null }) => r.practitionerId ?? null;

function bookingEvent(b: BookingRecord, withPractitioner: boolean): FeedEvent {
  const practitioner = practitionerNameOf(b);
  return {
    uid: `booking-${b.id}.feed@${host()}`,
    start: b.startUtc,
    end: b.endUtc,
    sequence: b.sequence ?? 0,
    updated: b.updatedAt,
    summary: `${b.firstName} ${b.lastName} · ${b.packageName}`,
    description: [`Booking: ${b.packageName}`, ...(withPractitioner && practitioner ? [`With: ${practitioner}`] : []), `Reference: ${b.id}`, `${config.appUrl}/bookings/booking/${b.id}`].join('\n'),
  };
}

function appointmentEvent(a: Appointment & { durationMinutes?: number }, zone: string, practitioner: string | null): FeedEvent {
  const start = appointmentStartUtc(a, zone);
  return {
    uid: `appointment-${a.id}.feed@${host()}`,
    start,
    end: new Date(Date.parse(start) + (a.durationMinutes ?? DEFAULT_APPOINTMENT_MINUTES) * 60_000).toISOString(),
    sequence: a.version,
    updated: a.updatedAt,
    summary: `${a.firstName} ${a.lastName} · ${a.appointmentType || 'Appointment'}`,
    description: [...(practitioner ? [`With: ${practitioner}`] : []), `Reference: ${a.id}`, `${config.appUrl}/appointments/${a.id}`].join('\n'),
  };
}

export const handler = endpoint({ reply: rawReply('text/calendar') }, async ({ params }) => {
  // The subscription URL ends in .ics (some apps want it); the token is what comes before.
  const feed = await findCalendarFeedToken((params.token ?? '').replace(/\.ics$/, ''));
  const org = feed && (await getOrganization(feed.orgId));
  if (!feed || !org || (org as { status?: string }).status === 'deleting') throw notFound(CALENDAR_FEED_MESSAGES.notFound);
  const zone = org.timeZone || DEFAULT_TIME_ZONE;
  const now = Date.now();
  const from = now - FEED_DAYS_BACK * DAY_MS;
  const to = now + FEED_DAYS_AHEAD * DAY_MS;
  const mine = (r: { id: string; practitionerId?: string | null }) => feed.practitionerId === null || practitionerIdOf(r) === feed.practitionerId;

  const [bookings, appointments] = await Promise.all([
    bookingsBetween(feed.orgId, new Date(from).toISOString(), new Date(to).toISOString(), MAX_PER_KIND),
    feed.includesAppointments ? appointmentsBetween(feed.orgId, localDate(from, zone), localDate(to, zone), MAX_PER_KIND) : undefined,
  ]);
  if (bookings.truncated || appointments?.truncated) log.warn('A calendar feed shows only part of its range', { orgId: feed.orgId, feedId: feed.feedId });
  const clinicWide = feed.practitionerId === null;
  const shown = (appointments?.items ?? []).filter((a) => a.status === 'confirmed' && mine(a));
  // Appointments carry only the practitioner's id: the clinic's feed names them (a few reads, one per practitioner).
  const ids = clinicWide ? [...new Set(shown.map(practitionerIdOf).filter((id): id is string => Boolean(id)))] : [];
  const names = new Map(await Promise.all(ids.map(async (id) => [id, (await practitionerNameFor(feed.orgId, id)) ?? null] as const)));
  const events: FeedEvent[] = [
    ...bookings.items.filter((b) => b.status === 'confirmed' && mine(b)).map((b) => bookingEvent(b, clinicWide)),
    ...shown.map((a) => appointmentEvent(a, zone, names.get(practitionerIdOf(a) ?? '') ?? null)),
  ].sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));

  return {
    rawBody: buildFeed({ name: feed.name, events }),
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="calendar.ics"',
      // Personal data: no shared cache keeps it; calendar apps poll on their own schedule anyway.
      'cache-control': 'private, no-store',
    },
  };
});
