// What the reports page makes of a report: periods, per-week rows, totals and the CSV download. Pure,
// so it is tested without a browser.
import { formatMoney, toInputValue } from '#shared/currency';
import { dateTimeFormat } from '#shared/i18n/intl-cache';
import { APPOINTMENT_STATUSES, STATUS_LABELS, type AppointmentStatus } from '#shared/appointments/form';
import { addDays, isoWeekOf, weekStartOf } from '#shared/reports/schemas';
import type { CollectionsCurrency, CollectionsReport } from './api/get-collections-report';
import type { PractitionerReport } from './api/get-practitioner-report';
import type { Money, Report, WeekFigures } from './api/get-report';

export const PERIODS = [
  { id: 'last4', label: 'Last 4 weeks', weeksBack: 3, weeksAhead: 0 },
  { id: 'last12', label: 'Last 12 weeks', weeksBack: 11, weeksAhead: 0 },
  { id: 'next4', label: 'This week and the next 4', weeksBack: 0, weeksAhead: 4 },
  { id: 'around', label: 'Last 8 weeks and the next 4', weeksBack: 7, weeksAhead: 4 },
  { id: 'last26', label: 'Last 26 weeks', weeksBack: 25, weeksAhead: 0 },
] as const;
export type PeriodId = (typeof PERIODS)[number]['id'] | 'custom';

/** A preset period as local dates: whole weeks around the week of `today`. */
export function periodDates(id: Exclude<PeriodId, 'custom'>, today: string): { from: string; to: string } {
  const p = PERIODS.find((x) => x.id === id)!;
  const monday = weekStartOf(today);
  return { from: addDays(monday, -7 * p.weeksBack), to: addDays(monday, 7 * p.weeksAhead + 6) };
}

/** A week's label as the reader writes it: 'W48 · 23 Nov' (en-GB), 'W48 · Nov 23' (en-US). */
export function weekLabel(week: string, locale?: string): string {
  const { week: n } = isoWeekOf(week);
  const [y, m, d] = week.split('-').map(Number) as [number, number, number];
  // The reader's locale (the browser's); dates only, the console's words stay English.
  // One formatter per locale (toLocaleDateString builds one per call: a report's first render labels
  // each week in every chart and table, about 18 ms of a desktop's main thread for 13 weeks).
  const date = dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
  return `W${n} · ${date}`;
}

/** Appointments that week that are not cancelled (what the clinic sees or saw). */
export const activeAppointments = (w: WeekFigures) => (w.appointments ? APPOINTMENT_STATUSES.filter((s) => s !== 'cancelled').reduce((sum, s) => sum + w.appointments![s], 0) : 0);

/** Currencies in order: usd first, then by code. */
const currencyOrder = (a: string, b: string) => (a === 'usd' ? -1 : b === 'usd' ? 1 : a.localeCompare(b));

/** The currencies that appear in a report (usd first). */
export function currenciesOf(report: Report): string[] {
  const all = new Set(report.weeks.flatMap((w) => Object.keys(w.revenue ?? {})));
  return [...all].sort(currencyOrder);
}

/** Minor units as money by Stripe's rules: 4950 'usd' is '$49.50', 5000 'jpy' '¥5,000'. */
export { formatMoney };

export interface StatusShare {
  status: AppointmentStatus;
  label: string;
  count: number;
  /** Of all appointments of the period, in percent (one decimal). */
  percent: number;
}

/** The status mix of the period's appointments. */
export function statusMix(report: Report): StatusShare[] {
  const counts = APPOINTMENT_STATUSES.map((status) => ({ status, count: report.weeks.reduce((sum, w) => sum + (w.appointments?.[status] ?? 0), 0) }));
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return counts.map((c) => ({ ...c, label: STATUS_LABELS[c.status], percent: total ? Math.round((c.count / total) * 1000) / 10 : 0 }));
}

const csvCell = (value: string | number) => (typeof value === 'number' ? String(value) : /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The report as CSV: one row per week, the columns of the parts the member sees; money in major units. */
export function reportCsv(report: Report): string {
  const first = report.weeks[0];
  const currencies = currenciesOf(report);
  const header = ['Week starting', 'ISO week'];
  if (first?.appointments) header.push(...APPOINTMENT_STATUSES.map((s) => `Appointments ${STATUS_LABELS[s].toLowerCase()}`));
  if (first?.bookings) header.push('Paid bookings', 'Paid bookings cancelled');
  if (first?.revenue) for (const c of currencies) header.push(`Received (${c.toUpperCase()})`, `Refunded (${c.toUpperCase()})`);
  if (first?.leads) header.push('Leads received', 'Leads paid');
  if (first?.series) header.push('Visits from series', 'Series booked');
  if (first?.waitlist) header.push('Waitlist offers made', 'Times filled from the waitlist');
  const rows = report.weeks.map((w) => {
    const { year, week } = isoWeekOf(w.week);
    const row: (string | number)[] = [w.week, `${year}-W${String(week).padStart(2, '0')}`];
    if (w.appointments) row.push(...APPOINTMENT_STATUSES.map((s) => w.appointments![s]));
    if (w.bookings) row.push(w.bookings.confirmed, w.bookings.cancelled);
    if (w.revenue) for (const c of currencies) row.push(toInputValue(w.revenue[c]?.paid ?? 0, c), toInputValue(w.revenue[c]?.refunded ?? 0, c));
    if (w.leads) row.push(w.leads.received, w.leads.paid);
    if (w.series) row.push(w.series.visits, w.series.booked);
    if (w.waitlist) row.push(w.waitlist.offered, w.waitlist.filled);
    return row;
  });
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------------------------------------
// Practitioners

/** A share as people read it: 0.0652 -> '6.5%'; null (no working time) -> '—'. */
export const formatUtilisation = (u: number | null) => (u === null ? '—' : `${Math.round(u * 1000) / 10}%`);

/** Minutes as hours and minutes: 90 -> '1 h 30 min', 1380 -> '23 h', 45 -> '45 min'. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m || !h ? `${m} min` : ''].filter(Boolean).join(' ');
}

/** A practitioner's money of a week, each currency on its own (never added up across currencies). */
export function revenueText(revenue: Record<string, Money>): string {
  const parts = Object.keys(revenue)
    .sort(currencyOrder)
    .filter((c) => revenue[c].paid || revenue[c].refunded)
    .map((c) => formatMoney(revenue[c].paid, c) + (revenue[c].refunded ? ` (${formatMoney(revenue[c].refunded, c)} refunded)` : ''));
  return parts.length ? parts.join(', ') : '—';
}

/** Whether a practitioner report has anyone in it (a clinic without practitioners has nothing to show). */
export const hasPractitioners = (report: PractitionerReport) => report.weeks.some((w) => w.practitioners.length > 0);

/** One practitioner's figures over the whole period (or everyone's, for the totals row). */
export interface PeriodFigures {
  practitionerId: string;
  name: string;
  bookings: number;
  revenue: Record<string, Money>;
  bookedMinutes: number;
  workingMinutes: number;
  /** Booked over working minutes of the whole period; null without working time. */
  utilisation: number | null;
}

const addFigures = (into: PeriodFigures, p: Omit<PeriodFigures, 'utilisation'>) => {
  into.bookings += p.bookings;
  into.bookedMinutes += p.bookedMinutes;
  into.workingMinutes += p.workingMinutes;
  for (const [c, m] of Object.entries(p.revenue)) {
    const sum = (into.revenue[c] ??= { paid: 0, refunded: 0 });
    sum.paid += m.paid;
    sum.refunded += m.refunded;
  }
};
const withUtilisation = (f: PeriodFigures): PeriodFigures => ({ ...f, utilisation: f.workingMinutes > 0 ? f.bookedMinutes / f.workingMinutes : null });

/**
 * The period at a glance: each practitioner's weeks added up (by name, then id; the name of their last
 * week, should it have changed), and everyone's total. Utilisation is worked out again from the sums,
 * never averaged; money stays per currency.
 */
export function practitionerTotals(report: PractitionerReport): { rows: PeriodFigures[]; total: PeriodFigures } {
  const byId = new Map<string, PeriodFigures>();
  const total: PeriodFigures = { practitionerId: '', name: 'Total', bookings: 0, revenue: {}, bookedMinutes: 0, workingMinutes: 0, utilisation: null };
  for (const w of report.weeks) {
    for (const p of w.practitioners) {
      const row = byId.get(p.practitionerId) ?? { practitionerId: p.practitionerId, name: p.name, bookings: 0, revenue: {}, bookedMinutes: 0, workingMinutes: 0, utilisation: null };
      row.name = p.name;
      byId.set(p.practitionerId, row);
      addFigures(row, p);
      addFigures(total, p);
    }
  }
  const rows = [...byId.values()].map(withUtilisation).sort((a, b) => a.name.localeCompare(b.name) || a.practitionerId.localeCompare(b.practitionerId));
  return { rows, total: withUtilisation(total) };
}

/** The practitioner report as CSV: one row per practitioner and week; money in major units, per currency. */
export function practitionerCsv(report: PractitionerReport): string {
  const currencies = [...new Set(report.weeks.flatMap((w) => w.practitioners.flatMap((p) => Object.keys(p.revenue))))].sort(currencyOrder);
  const header = ['Week starting', 'ISO week', 'Practitioner', 'Paid bookings', 'Booked minutes', 'Working minutes', 'Utilisation (%)'];
  for (const c of currencies) header.push(`Received (${c.toUpperCase()})`, `Refunded (${c.toUpperCase()})`);
  const rows = report.weeks.flatMap((w) => {
    const { year, week } = isoWeekOf(w.week);
    return w.practitioners.map((p) => [
      w.week,
      `${year}-W${String(week).padStart(2, '0')}`,
      // A name read as a formula by a spreadsheet is kept as text.
      /^[=+\-@]/.test(p.name) ? `'${p.name}` : p.name,
      p.bookings,
      p.bookedMinutes,
      p.workingMinutes,
      p.utilisation === null ? '' : (p.utilisation * 100).toFixed(1),
      ...currencies.flatMap((c) => [toInputValue(p.revenue[c]?.paid ?? 0, c), toInputValue(p.revenue[c]?.refunded ?? 0, c)]),
    ]);
  });
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------------------------------------
// Payments: expected and collected (GET /reports/collections)

/** One line of the collections table: its label, a note that says what it counts, and its value in a currency's row. */
export interface CollectionsLine {
  label: string;
  note?: string;
  /** Money (minor units of the row's currency) or a count. */
  kind: 'money' | 'count';
  value: (row: CollectionsCurrency) => number;
  /** A line that sums the others up (shown bold). */
  total?: boolean;
}

export const COLLECTIONS_LINES: CollectionsLine[] = [
  { label: 'Visits kept', kind: 'count', value: (r) => r.visits },
  { label: 'No-shows and late cancellations', kind: 'count', value: (r) => r.noShows + r.lateCancellations },
  { label: 'Expected', note: 'Prices of the visits kept, and the fees agreed for no-shows and late cancellations', kind: 'money', value: (r) => r.expectedMinor, total: true },
  { label: 'Due online when booking', note: 'The price or the deposit the patients were asked to pay online', kind: 'money', value: (r) => r.dueNowMinor },
  { label: 'Collected online', kind: 'money', value: (r) => r.onlineMinor },
  { label: 'of which deposits', kind: 'money', value: (r) => r.depositsMinor },
  { label: 'Paid at the clinic', note: 'Balances and prices recorded by staff', kind: 'money', value: (r) => r.atClinicMinor },
  { label: 'Fees charged', kind: 'money', value: (r) => r.feesMinor },
  { label: 'Fees declined or awaiting authentication', note: 'Asked for on the saved card, not received', kind: 'money', value: (r) => r.feesUnpaidMinor },
  { label: 'Refunds', kind: 'money', value: (r) => r.refundedMinor },
  { label: 'Collected', note: 'Online, at the clinic and fees, less refunds', kind: 'money', value: (r) => r.collectedMinor, total: true },
  { label: 'Outstanding', note: 'What each visit was expected to bring and did not, added up', kind: 'money', value: (r) => r.outstandingMinor, total: true },
];

/** A line's value as people read it: money in the row's currency, counts as numbers. */
export const collectionsCell = (line: CollectionsLine, row: CollectionsCurrency) => (line.kind === 'money' ? formatMoney(line.value(row), row.currency) : line.value(row));

/** Currencies in the page's order (usd first, then by code). */
export const collectionsCurrencies = (report: CollectionsReport) => [...report.currencies].sort((a, b) => currencyOrder(a.currency, b.currency));

/** The collections as CSV: one row per currency, money in major units. */
export function collectionsCsv(report: CollectionsReport): string {
  const header = ['From', 'To', 'Currency', ...COLLECTIONS_LINES.map((l) => l.label.replace(/^of which /, 'Of which '))];
  const rows = collectionsCurrencies(report).map((r) => [report.from, report.to, r.currency.toUpperCase(), ...COLLECTIONS_LINES.map((l) => (l.kind === 'money' ? toInputValue(l.value(r), r.currency) : l.value(r)))]);
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
