// The calendar attachment of a booking's mails (RFC 5545; iTIP METHOD:REQUEST for a confirmation or a
// move, METHOD:CANCEL for a cancellation, same UID and a higher SEQUENCE). Written by
// hand rather than with ical-generator: one event needs about twenty lines, and a library would add
// to every bundle that mails a confirmation. Times are UTC ('Z'), so no VTIMEZONE block is needed and
// every calendar shows the event at the right instant in its reader's zone.
import { bareAddress } from '#lib/mail-address';

export interface CalendarEvent {
  uid: string;
  /** ISO instants. */
  start: string;
  end: string;
  stamp?: string;
  summary: string;
  description?: string;
  location?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  sequence?: number;
  /** REQUEST (default): add or update the event; CANCEL: remove it (STATUS:CANCELLED, no alarm). */
  method?: 'REQUEST' | 'CANCEL';
}

/** Escapes a TEXT value: backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A parameter value (CN=...): always quoted (a name may hold ',', ';' or ':'), without the characters
 * a quoted value cannot hold: DQUOTE and control characters (RFC 5545 3.1, QSAFE-CHAR).
 */
export const paramValue = (value: string) => `"${value.replace(/["\u0000-\u001f\u007f]/g, '').trim()}"`;

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** 20260309T130000Z */
export const icsTime = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function buildIcs(event: CalendarEvent): string {
  const cancel = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinic Suite//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${cancel ? 'CANCEL' : 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(event.stamp ?? new Date().toISOString())}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${bareAddress(event.organizer.email)}`,
    `ATTENDEE;CN=${paramValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${bareAddress(event.attendee.email)}`,
    cancel ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    cancel ? 'TRANSP:TRANSPARENT' : 'TRANSP:OPAQUE',
    ...(cancel ? [] : ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Reminder', 'TRIGGER:-PT1H', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** One event of a subscribed calendar (no organizer or attendee: a feed is read, not replied to). */
export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description?: string;
  location?: string;
  /** The last change (LAST-MODIFIED): calendars refresh an event only when it moved on. */
  updated?: string;
  sequence?: number;
}

/**
 * A subscribed calendar (METHOD:PUBLISH) that Google, Apple and Outlook poll: its name
 * (X-WR-CALNAME), a refresh hint, and the events with stable UIDs, so a poll updates them in place.
 */
export function buildFeed(feed: { name: string; events: FeedEvent[]; stamp?: string }): string {
  const stamp = icsTime(feed.stamp ?? new Date().toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinic Suite//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    'X-PUBLISHED-TTL:PT1H',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    ...feed.events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsTime(e.start)}`,
      `DTEND:${icsTime(e.end)}`,
      `SEQUENCE:${e.sequence ?? 0}`,
      ...(e.updated ? [`LAST-MODIFIED:${icsTime(e.updated)}`] : []),
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
