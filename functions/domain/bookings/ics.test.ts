import { describe, expect, it } from 'vitest';
import { bareAddress } from '#lib/mail-address';
import { buildFeed, buildIcs, escapeText, foldLine, icsTime, paramValue } from './ics';

describe('booking calendar file (RFC 5545)', () => {
  const ics = buildIcs({
    uid: 'abc123@clinic.example.com',
    start: '2026-03-09T13:00:00.000Z',
    end: '2026-03-09T13:30:00.000Z',
    stamp: '2026-03-01T10:00:00.000Z',
    summary: 'Consultation, first visit; Dr. Müller',
    description: 'Line one\nLine two with a back\\slash',
    organizer: { name: 'Sunny "Clinic"', email: 'no-reply@example.com' },
    attendee: { name: 'Pat Visitor', email: 'pat@example.com' },
  });

  it('is a METHOD:REQUEST calendar with one event in UTC, lines ending in CRLF', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nMETHOD:REQUEST\r\n');
    expect(ics).toContain('\r\nDTSTART:20260309T130000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20260309T133000Z\r\n');
    expect(ics).toContain('\r\nUID:abc123@clinic.example.com\r\n');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('escapes text values and quotes parameters', () => {
    expect(ics).toContain('SUMMARY:Consultation\\, first visit\\; Dr. Müller');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two with a back\\\\slash');
    expect(ics).toContain('\r\nORGANIZER;CN="Sunny Clinic":mailto:no-reply@example.com\r\n');
    expect(escapeText('a,b;c\\d\r\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('formats instants as UTC basic times', () => {
    expect(icsTime('2026-11-01T06:30:00.000Z')).toBe('20261101T063000Z');
  });

  it('names the organizer by a bare address, whatever the sender string holds', () => {
    const named = buildIcs({
      uid: 'u1@x', start: '2026-03-09T13:00:00.000Z', end: '2026-03-09T13:30:00.000Z', summary: 'S',
      organizer: { name: 'Sunny, Clinic; Ltd: "Main"', email: 'Clinic Suite <no-reply@mail.example.com>' },
      attendee: { name: 'Pat', email: 'pat@example.com' },
    });
    expect(named).toContain('\r\nORGANIZER;CN="Sunny, Clinic; Ltd: Main":mailto:no-reply@mail.example.com\r\n');
    expect(named).not.toContain('Clinic Suite <');
    expect(bareAddress('Clinic Suite <no-reply@x.org>')).toBe('no-reply@x.org');
    expect(bareAddress(' hello@x.org ')).toBe('hello@x.org');
    expect(paramValue('A\r\nB\u0007"C"')).toBe('"ABC"');
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED, the same UID, the SEQUENCE given and no alarm', () => {
    const cancel = buildIcs({
      method: 'CANCEL', uid: 'abc123@clinic.example.com', sequence: 3, stamp: '2026-03-02T10:00:00.000Z',
      start: '2026-03-09T13:00:00.000Z', end: '2026-03-09T13:30:00.000Z', summary: 'S',
      organizer: { name: 'Sunny', email: 'no-reply@example.com' }, attendee: { name: 'Pat', email: 'pat@example.com' },
    });
    const lines = cancel.replace(/\r\n /g, '').split('\r\n'); // unfolded
    for (const line of ['METHOD:CANCEL', 'UID:abc123@clinic.example.com', 'SEQUENCE:3', 'STATUS:CANCELLED', 'DTSTAMP:20260302T100000Z', 'DTSTART:20260309T130000Z']) expect(lines).toContain(line);
    expect(lines).toContain('ATTENDEE;CN="Pat";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:pat@example.com');
    expect(cancel).not.toContain('METHOD:REQUEST');
    expect(cancel).not.toContain('STATUS:CONFIRMED');
    expect(cancel).not.toContain('VALARM');
  });
});

describe('subscribed calendar feed', () => {
  const feed = buildFeed({
    name: 'Sunny Clinic, Dr Ruiz',
    stamp: '2026-03-01T10:00:00.000Z',
    events: [
      { uid: 'booking-b1@x', start: '2026-03-09T13:00:00.000Z', end: '2026-03-09T13:30:00.000Z', summary: 'Consultation: Pat Visitor', sequence: 2, updated: '2026-03-02T08:00:00.000Z' },
      { uid: 'appointment-a1@x', start: '2026-03-10T09:00:00.000Z', end: '2026-03-10T09:30:00.000Z', summary: 'Check-up: Sam Lee', description: 'Reference: a1' },
    ],
  });
  const lines = feed.split('\r\n');

  it('is a METHOD:PUBLISH calendar named by X-WR-CALNAME with one VEVENT per item, in order', () => {
    expect(lines.slice(0, 5)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Clinic Suite//Calendar feed//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH']);
    expect(lines).toContain('X-WR-CALNAME:Sunny Clinic\\, Dr Ruiz');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('UID:'))).toEqual(['UID:booking-b1@x', 'UID:appointment-a1@x']);
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('LAST-MODIFIED:20260302T080000Z');
    expect(lines).toContain('SUMMARY:Consultation: Pat Visitor');
    expect(lines.filter((l) => l === 'DTSTAMP:20260301T100000Z')).toHaveLength(2);
    expect(feed).not.toMatch(/ORGANIZER|ATTENDEE|mailto:/);
    expect(feed.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });

  it('is a valid empty calendar when there is nothing to show', () => {
    expect(buildFeed({ name: 'Empty', events: [] })).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*X-WR-CALNAME:Empty\r\n[\s\S]*END:VCALENDAR\r\n$/);
  });
});
