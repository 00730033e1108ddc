// Reports (GET /reports) and the set-up wizard's progress (GET/PUT /organization/setup): what the API
// answers and the console reads. Reports are built from per-day figures kept on write in the
// organisation's time zone (functions/data/reports.ts) and shown per ISO week (Monday to Sunday).
import * as z from 'zod/mini';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../appointments/form';
import { parseDate } from '../bookings/time';
import { collectionsReportRecord, moneyRecord, practitionerReportRecord, practitionerWeekFiguresRecord, reportRecord, weekFiguresRecord } from './records';
import { setupProgressRecord } from '../organization/records';

/** The longest period one report covers: a year of whole weeks. */
export const MAX_REPORT_WEEKS = 53;

const MS_PER_DAY = 86_400_000;
const utcOf = (date: string) => {
  const d = parseDate(date)!;
  return Date.UTC(d.year, d.month - 1, d.day);
};
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' moved by whole days. */
export const addDays = (date: string, days: number) => dateOf(utcOf(date) + days * MS_PER_DAY);

/** The Monday of the ISO week of a local date (weeks run Monday to Sunday). */
export function weekStartOf(date: string): string {
  const ms = utcOf(date);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return dateOf(ms - weekday * MS_PER_DAY);
}

/** The ISO week number and its year of a local date: 2026-12-31 -> { year: 2026, week: 53 }. */
export function isoWeekOf(date: string): { year: number; week: number } {
  const thursday = utcOf(weekStartOf(date)) + 3 * MS_PER_DAY;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * MS_PER_DAY)) + 1;
  return { year, week };
}

/** The Mondays of the weeks from the week of `from` to the week of `to`, in order. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let w = weekStartOf(from); w <= to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}

const dateParam = (name: string) => z.optional(z.string().check(z.refine((v) => parseDate(v) !== undefined, `${name} must be a date such as 2030-01-31`)));
const valid = (date: string | undefined) => date === undefined || parseDate(date) !== undefined;

/**
 * GET /reports?from&to: local dates in the organisation's zone, widened to whole weeks. Either may be
 * left out: it is then the other one, or today in the organisation's zone (this week's figures).
 */
export const reportQuerySchema = z.object({ from: dateParam('from'), to: dateParam('to') }).check(
  z.refine((q) => !q.from || !q.to || !valid(q.from) || !valid(q.to) || q.from <= q.to, 'from must not be after to'),
  z.refine(
    (q) => !q.from || !q.to || !valid(q.from) || !valid(q.to) || q.from > q.to || weeksBetween(q.from, q.to).length <= MAX_REPORT_WEEKS,
    `A report covers at most ${MAX_REPORT_WEEKS} weeks. Please choose a shorter period.`,
  ),
);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Amounts in minor units (cents) of one currency. */
export type Money = z.infer<typeof moneyRecord>;

/** One week's figures. Each part is present only when the member may read its module. */
export type WeekFigures = z.infer<typeof weekFiguresRecord>;

export type Report = z.infer<typeof reportRecord>;

/** One practitioner's figures of one week (GET /reports/practitioners). */
export type PractitionerWeekFigures = z.infer<typeof practitionerWeekFiguresRecord>;

export type PractitionerReport = z.infer<typeof practitionerReportRecord>;

export const emptyAppointments = (): Record<AppointmentStatus, number> =>
  Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, 0])) as Record<AppointmentStatus, number>;

// ---------------------------------------------------------------------------------------------
// The set-up wizard

export const SETUP_STEPS = ['organization', 'service', 'hours', 'package', 'form', 'invite'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export const SETUP_STATES = ['done', 'skipped', 'todo'] as const;
export type SetupState = (typeof SETUP_STATES)[number];

export type SetupProgress = z.infer<typeof setupProgressRecord>;

/** PUT /organization/setup: one step's new state. */
export const setupUpdateSchema = z.object({
  step: z.enum(SETUP_STEPS, `step must be one of ${SETUP_STEPS.join(', ')}`),
  state: z.enum(SETUP_STATES, `state must be one of ${SETUP_STATES.join(', ')}`),
});

/** The first step neither done nor skipped: where the wizard resumes (undefined when all are). */
export const nextSetupStep = (p: Pick<SetupProgress, 'steps'>): SetupStep | undefined => SETUP_STEPS.find((s) => p.steps[s] === 'todo');

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of PUT /organization/setup. */
export const updateSetupReply = setupProgressRecord;

/** `data` of GET /reports. */
export const getReportReply = reportRecord;

/** `data` of GET /reports/practitioners. */
export const getPractitionerReportReply = practitionerReportRecord;

/** `data` of GET /reports/collections: expected against collected per currency, for the visits of a period. */
export const getCollectionsReportReply = collectionsReportRecord;
