// The start-time grid of a practitioner's day (issue 34): it steps by the whole visit, buffers included,
// starts again where taken time ends, keeps a package's own interval, and "anyone" offers one grid.
import { describe, expect, it } from 'vitest';
import { BLOCK_MS, busySpan, oneGrid, practitionerDay, type PractitionerSlot, type ServiceTiming, type WorkingHours } from './practitioner-times';
import { localToUtc } from './slots';

const NY = 'America/New_York';
const MONDAY = '2030-01-07';
const NOW = new Date('2030-01-01T12:00:00Z');

const hours = (...intervals: [string, string][]): WorkingHours => {
  const day = intervals.map(([start, end]) => ({ start, end }));
  return { weeklyHours: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day }, exceptions: [] };
};
const timing = (durationMinutes: number, over: Partial<ServiceTiming> = {}): ServiceTiming => ({
  durationMinutes, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, gridMinutes: null, minNoticeMinutes: 0, maxDaysAhead: 3650, ...over,
});

/** The 5-minute blocks a span of local time takes, as the write path takes them. */
function take(taken: Set<number>, date: string, start: string, minutes: number, zone = NY) {
  const from = Date.parse(localToUtc(date, start, zone)!);
  for (let t = from; t < from + minutes * 60_000; t += BLOCK_MS) taken.add(t);
  return taken;
}
/** Takes a booked slot's busy span (its buffers included). */
function book(taken: Set<number>, slot: PractitionerSlot, t: ServiceTiming) {
  const span = busySpan(slot.startUtc, slot.endUtc, t.bufferBeforeMinutes, t.bufferAfterMinutes);
  for (let b = span.startMs; b < span.endMs; b += BLOCK_MS) taken.add(b);
}

const day = (t: ServiceTiming, taken = new Set<number>(), h = hours(['09:00', '17:00']), date = MONDAY, now = NOW) =>
  practitionerDay({ date, timeZone: NY, hours: h, timing: t, closedDates: [], taken, now });
const times = (t: ServiceTiming, taken?: Set<number>, h?: WorkingHours, date?: string) => day(t, taken, h, date).slots.map((s) => s.time);

describe('the default grid steps by the whole visit', () => {
  it('50 minutes with 10 after: 09:00, 10:00, 11:00 (not 09:50, 10:40)', () => {
    expect(times(timing(50, { bufferAfterMinutes: 10 }))).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('a buffer before counts too: 10 before 50 gives one start an hour', () => {
    expect(times(timing(50, { bufferBeforeMinutes: 10 }))).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('without buffers it is the duration, as before', () => {
    expect(times(timing(30), undefined, hours(['09:00', '11:00']))).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });
});

describe('after taken time the grid starts again where it ends', () => {
  it('a booking 09:00-09:50 with 10 after: the next start is 10:00', () => {
    const t = timing(50, { bufferAfterMinutes: 10 });
    const taken = new Set<number>();
    book(taken, day(t).slots[0], t);
    expect(times(t, taken).slice(0, 3)).toEqual(['10:00', '11:00', '12:00']);
  });

  it('a 20-minute appointment at 09:00: the next start is 09:20, then every hour from there', () => {
    const t = timing(50, { bufferAfterMinutes: 10 });
    expect(times(t, take(new Set(), MONDAY, '09:00', 20))).toEqual(['09:20', '10:20', '11:20', '12:20', '13:20', '14:20', '15:20']);
  });

  it('this visit keeps its own buffer before clear of the taken time', () => {
    const t = timing(50, { bufferBeforeMinutes: 10 });
    // 09:00-09:50 taken: a start at 10:00 has its buffer from 09:50.
    expect(times(t, take(new Set(), MONDAY, '09:00', 50)).slice(0, 2)).toEqual(['10:00', '11:00']);
    // 09:00-10:00 taken: 10:10.
    expect(times(t, take(new Set(), MONDAY, '09:00', 60)).slice(0, 2)).toEqual(['10:10', '11:10']);
  });

  it('taken time in the middle of the day: the visits before it stay on the grid, the next starts where it ends', () => {
    const t = timing(50, { bufferAfterMinutes: 10 });
    // 11:00 would run into 11:30; 16:15 would end past 17:00.
    expect(times(t, take(new Set(), MONDAY, '11:30', 45))).toEqual(['09:00', '10:00', '12:15', '13:15', '14:15', '15:15']);
  });

  it('booking the first start again and again fills the day with no minute left between visits', () => {
    for (const [t, appointment] of [
      [timing(50, { bufferAfterMinutes: 10 }), undefined],
      [timing(45, { bufferBeforeMinutes: 5, bufferAfterMinutes: 10 }), undefined],
      [timing(50, { bufferAfterMinutes: 10 }), ['10:35', 25]],
    ] as const) {
      const taken = appointment ? take(new Set(), MONDAY, appointment[0], appointment[1]) : new Set<number>();
      const booked: PractitionerSlot[] = [];
      for (let next = day(t, taken).slots[0]; next; next = day(t, taken).slots[0]) {
        booked.push(next);
        book(taken, next, t);
      }
      // Each visit starts where the taken time before it ends (its own buffer before counted).
      for (const [i, s] of booked.entries()) {
        if (i === 0) continue;
        const start = Date.parse(s.startUtc) - t.bufferBeforeMinutes * 60_000;
        expect(taken.has(start - BLOCK_MS), `${s.time} follows taken time`).toBe(true);
      }
      expect(booked.length).toBeGreaterThanOrEqual(7);
    }
  });

  it('a package with its own interval keeps it: starts stay on it after taken time', () => {
    const t = timing(30, { gridMinutes: 30 });
    expect(times(t, take(new Set(), MONDAY, '09:00', 20), hours(['09:00', '11:00']))).toEqual(['09:30', '10:00', '10:30']);
    const quarter = timing(45, { gridMinutes: 15, bufferAfterMinutes: 15 });
    expect(times(quarter, undefined, hours(['09:00', '11:00']))).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15']);
  });

  it('the grid does not move as the day goes by: a start passed is hidden, the others stay', () => {
    const t = timing(50, { bufferAfterMinutes: 10 });
    const taken = take(new Set(), MONDAY, '09:00', 20);
    const at = (iso: string) => day(t, taken, undefined, MONDAY, new Date(iso)).slots.map((s) => s.time);
    expect(at('2030-01-07T14:30:00Z')).toEqual(['10:20', '11:20', '12:20', '13:20', '14:20', '15:20']); // 09:30 local
    expect(day(t, take(new Set(), MONDAY, '09:00', 480), undefined, MONDAY, new Date('2030-01-07T14:30:00Z')).status).toBe('full');
  });
});

describe('across the clocks going forward (America/New_York, 8 March 2026)', () => {
  it('the skipped hour is never offered, and after taken time the next start is where it ends', () => {
    const night = hours(['01:00', '04:00']);
    const jan = new Date('2026-01-01T00:00:00Z');
    expect(day(timing(30), new Set(), night, '2026-03-08', jan).slots.map((s) => s.time)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    // 01:00-01:40 EST taken: 01:40 EST runs to 02:10 EST, which the clocks read 03:10 EDT.
    const taken = take(new Set(), '2026-03-08', '01:00', 40);
    const slots = day(timing(30), taken, night, '2026-03-08', jan).slots;
    expect(slots.map((s) => s.time)).toEqual(['01:40', '03:10']); // 03:40 would end past 04:00
    expect(slots[0].endUtc).toBe(slots[1].startUtc);
  });
});

describe('"anyone": one grid over several practitioners', () => {
  /** diaryDay's union, in start order, then one grid. */
  const anyone = (t: ServiceTiming, people: { hours: WorkingHours; taken?: Set<number> }[]) => {
    const union = new Map<string, PractitionerSlot & { who: number[] }>();
    people.forEach((p, i) => {
      for (const s of day(t, p.taken ?? new Set(), p.hours).slots) union.set(s.startUtc, { ...s, who: [...(union.get(s.startUtc)?.who ?? []), i] });
    });
    return oneGrid([...union.values()].sort((a, b) => a.startUtc.localeCompare(b.startUtc)), t);
  };
  const t = timing(50, { bufferAfterMinutes: 10 });

  it('two practitioners from 09:00 and 09:30 give 09:00, 10:00, 11:00 (not 09:00, 09:30, 10:00, 10:30)', () => {
    const offered = anyone(t, [{ hours: hours(['09:00', '17:00']) }, { hours: hours(['09:30', '17:30']) }]);
    expect(offered.map((s) => s.time)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(offered.every((s) => s.who.join() === '0')).toBe(true);
  });

  it('one grid after one of them starts again after an appointment; both free at a shared start are both listed', () => {
    const offered = anyone(t, [{ hours: hours(['09:00', '12:00']), taken: take(new Set(), MONDAY, '09:00', 20) }, { hours: hours(['09:00', '12:00']) }]);
    expect(offered.map((s) => [s.time, s.who.join()])).toEqual([['09:00', '1'], ['10:00', '1'], ['11:00', '1']]);
    const same = anyone(t, [{ hours: hours(['09:00', '12:00']) }, { hours: hours(['09:00', '12:00']) }]);
    expect(same.map((s) => [s.time, s.who.join()])).toEqual([['09:00', '0,1'], ['10:00', '0,1'], ['11:00', '0,1']]);
  });

  it('times a step apart whatever comes free: the earliest start leads', () => {
    const ana = take(new Set(), MONDAY, '09:00', 60);
    const offered = anyone(t, [{ hours: hours(['09:00', '12:00']), taken: ana }, { hours: hours(['09:30', '12:30']) }]);
    expect(offered.map((s) => s.time)).toEqual(['09:30', '10:30', '11:30']);
    for (const [i, s] of offered.entries()) if (i) expect(Date.parse(s.startUtc) - Date.parse(offered[i - 1].startUtc)).toBeGreaterThanOrEqual(60 * 60_000);
  });
});
