import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, icsTime } from './ics';

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
    expect(ics).toContain('ORGANIZER;CN="Sunny Clinic":mailto:no-reply@example.com');
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
});
