// Wall-clock time in an IANA zone with nothing but Intl (no time-zone library: it would add ~75 KB to
// every function that books). Offsets are read from Intl.DateTimeFormat, which carries the IANA
// database of the runtime (Node's full ICU, or the browser's).

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock date and time of an instant in a zone. */
export function localParts(instantMs: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(new Date(instantMs))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute };
}

/** Minutes the zone is ahead of UTC at an instant (New York in winter: -300). */
export function offsetMinutes(instantMs: number, timeZone: string): number {
  const p = localParts(instantMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - Math.floor(instantMs / 60_000) * 60_000) / 60_000);
}

const same = (a: LocalParts, b: LocalParts) => a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/**
 * The instants at which a zone's clocks show a wall-clock time: none in a gap (clocks going
 * forward), two in an overlap (clocks going back), else one. In increasing order.
 */
export function instantsOf(local: LocalParts, timeZone: string): number[] {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const day = 86_400_000;
  const candidates = new Set([asUtc - offsetMinutes(asUtc - day, timeZone) * 60_000, asUtc - offsetMinutes(asUtc + day, timeZone) * 60_000, asUtc - offsetMinutes(asUtc, timeZone) * 60_000]);
  return [...candidates].filter((t) => same(localParts(t, timeZone), local)).sort((a, b) => a - b);
}

/** The instant a local day starts (midnight, or the end of a gap that swallows midnight). */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): number {
  const local = { year, month, day, hour: 0, minute: 0 };
  const found = instantsOf(local, timeZone);
  if (found.length) return found[0];
  const asUtc = Date.UTC(year, month - 1, day);
  return asUtc - offsetMinutes(asUtc - 86_400_000, timeZone) * 60_000;
}

const labelFormatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat; short: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();

function zoneName(f: Intl.DateTimeFormat, instant: Date, fallback: string) {
  return f.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? fallback;
}

/**
 * An instant as people read it in a zone: 'Monday, March 9, 2026', '9:00 AM', 'EDT', 'Eastern Daylight
 * Time'; in another language (the patient's: 'es' gives 'lunes, 9 de marzo de 2026', '9:00'), its words.
 */
export function describeInZone(instantMs: number, timeZone: string, locale = 'en-US') {
  const key = `${locale}|${timeZone}`;
  let f = labelFormatters.get(key);
  if (!f) {
    f = {
      date: new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
      time: new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }),
      short: new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
      long: new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }),
    };
    labelFormatters.set(key, f);
  }
  const instant = new Date(instantMs);
  return {
    date: f.date.format(instant),
    time: f.time.format(instant),
    /** Short zone name, e.g. EDT (or an offset such as GMT+9 where English has no abbreviation). */
    zoneAbbreviation: zoneName(f.short, instant, timeZone),
    /** Long zone name, e.g. Eastern Daylight Time. */
    zoneLongName: zoneName(f.long, instant, timeZone),
    timeZone,
  };
}
