// The month view of the booking page and of the manage page's reschedule: a table of day buttons, the
// days with free times marked and the others disabled, Previous/Next month, and arrow keys between the
// free days (one tab stop: the chosen day, or the first free one). Its weeks start on the first day of
// the page's Intl locale (the patient's language in the clinic's country: Monday in Spanish or German,
// Sunday in en-US; shared/i18n/intl.ts). Its own few lines instead of a calendar library, which would
// double the page's script. English names by hand: the first Intl formatter costs a slow phone tens of
// milliseconds; other languages take theirs from Intl. Right to left, the arrows follow the mirrored grid.
// Always six rows of seven cells, from the prerendered first paint on (empty cells until the browser
// knows the month), so nothing below it moves when the days arrive or the month changes.
import { useRef, useState, type KeyboardEvent } from 'react';
import { dateTimeFormat, weekStart } from '#shared/i18n/intl-cache';
import { isRtl, type Locale } from '#shared/i18n/locales';
import { useI18n } from '../../i18n/i18n';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** A day button and its cell: at least 36 px to tap, the cell's height fixed so the grid never grows. */
const BUTTON_HEIGHT = 36;
const CELL_HEIGHT = 44;

/** 'YYYY-MM' of a 'YYYY-MM-DD'. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month `by` months after 'YYYY-MM'. */
export function addMonths(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const dateIn = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;
const utcDate = (date: string) => new Date(`${date}T12:00:00Z`);
export const monthLabel = (month: string, locale: Locale = 'en', intl: string = locale) =>
  locale === 'en' ? `${MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}` : dateTimeFormat(intl, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(utcDate(`${month}-01`));

/**
 * The weekdays from `first` (0 Sunday ... 6 Saturday): full names (the header's abbr) and the header's
 * short ones ('lun', 'Mo'; Arabic, whose short names are the full ones, its one-letter names).
 */
export function weekdayNames(locale: Locale, intl: string, first: number): { long: string; short: string }[] {
  const order = [0, 1, 2, 3, 4, 5, 6].map((i) => (first + i) % 7);
  if (locale === 'en') return order.map((d) => ({ long: WEEKDAYS[d], short: WEEKDAYS[d].slice(0, 2) }));
  const long = dateTimeFormat(intl, { timeZone: 'UTC', weekday: 'long' });
  const short = dateTimeFormat(intl, { timeZone: 'UTC', weekday: 'short' });
  const narrow = dateTimeFormat(intl, { timeZone: 'UTC', weekday: 'narrow' });
  // 2030-09-01 is a Sunday.
  return order.map((d) => {
    const date = utcDate(`2030-09-0${d + 1}`);
    const name = short.format(date).replace(/\.$/, '');
    return { long: long.format(date), short: name.length > 3 ? narrow.format(date) : name };
  });
}

/** The header's seven columns before the month is known: unnamed. */
const UNNAMED_WEEK: undefined[] = Array.from({ length: 7 }, () => undefined);

/** A day button's date for screen readers ('Monday, March 2'). */
const dayName = (date: string, locale: Locale, intl: string) => {
  if (locale !== 'en') return dateTimeFormat(intl, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(utcDate(date));
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${MONTHS[m - 1]} ${d}`;
};

export interface MonthViewProps {
  /** The month heading's id (the grid is labelled by it): one per page. */
  id?: string;
  /** 'YYYY-MM'; undefined on the prerendered paint (the visitor's today is not known there). */
  month?: string;
  onMonth: (month: string) => void;
  /** Free start times per date; undefined while unknown (every day disabled). */
  free?: Record<string, number>;
  /** The first date that can be booked (the clinic's today). */
  minDate?: string;
  /** The last month Next goes to. */
  maxMonth?: string;
  selected: string;
  onSelect: (date: string) => void;
  disabled?: boolean;
  /** Under the month: why no day can be chosen, or that the days are loading. */
  note?: string;
  /** The id of what describes the grid besides its heading (the form's error list, when no day is chosen). */
  describedBy?: string;
}

export function MonthView({ id = 'booking-month', month, onMonth, free, minDate, maxMonth, selected, onSelect, disabled, note, describedBy }: MonthViewProps) {
  const { t, locale, intl } = useI18n();
  const rtl = isRtl(locale);
  // The week's first day and the day names only once the month is known: none shows before (empty
  // cells), and the first call asks the browser's week and date data (Intl.Locale#getWeekInfo, a
  // formatter), tens of milliseconds of a phone's load that the first paint's render does not need.
  const first = month ? weekStart(intl) : 0;
  const table = useRef<HTMLTableElement>(null);
  const [focusDate, setFocusDate] = useState<string>();
  const count = month ? daysInMonth(month) : 0;
  // Empty cells before the 1st: its weekday counted from the week's first day.
  const lead = month ? (new Date(`${month}-01T00:00:00Z`).getUTCDay() - first + 7) % 7 : 0;
  const open = (date: string) => !disabled && (!minDate || date >= minDate) && (free?.[date] ?? 0) > 0;
  const openDays = month ? Array.from({ length: count }, (_, i) => dateIn(month, i + 1)).filter(open) : [];
  // One tab stop in the grid: the day last moved to, the chosen day, or the first free day.
  const tabStop = [focusDate, selected].find((d) => d && openDays.includes(d)) ?? openDays[0];

  const moveFocus = (date: string) => {
    setFocusDate(date);
    table.current?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)?.focus();
  };

  const onKey = (ev: KeyboardEvent<HTMLElement>, from: string) => {
    const steps: Record<string, number> = { ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1, ArrowUp: -7, ArrowDown: 7 };
    let target: string | undefined;
    if (ev.key === 'Home') target = openDays[0];
    else if (ev.key === 'End') target = openDays[openDays.length - 1];
    else if (steps[ev.key] && month) {
      // The next free day that way, within this month.
      const step = steps[ev.key];
      for (let day = Number(from.slice(8)) + step; day >= 1 && day <= count; day += step) {
        if (open(dateIn(month, day))) {
          target = dateIn(month, day);
          break;
        }
      }
    } else return;
    ev.preventDefault();
    if (target) moveFocus(target);
  };

  const label = month ? monthLabel(month, locale, intl) : '';
  const dayLabel = (date: string) => t('booking.month.dayLabel', { date: dayName(date, locale, intl), count: open(date) ? (free?.[date] ?? 0) : 0 });
  const canBack = Boolean(month && !disabled && (!minDate || month > monthOf(minDate)));
  const canNext = Boolean(month && !disabled && (!maxMonth || month < maxMonth));

  return (
    <section className="mb-3" aria-label={t('booking.month.freeDays')} aria-describedby={describedBy}>
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <button type="button" className="btn btn-outline-secondary month-step" onClick={() => month && onMonth(addMonths(month, -1))} disabled={!canBack} aria-label={t('booking.month.previous')}>
          <span aria-hidden="true">{rtl ? '\u203a' : '\u2039'}</span>
        </button>
        {/* Until the month is known the heading still has a name (axe: empty-heading); the grid is labelled by it. */}
        <h2 id={id} className="h6 fw-bold mb-0 text-center flex-grow-1" style={{ minHeight: '1.5em' }} aria-live="polite">
          {label || <span className="visually-hidden">{t('booking.month.freeDays')}</span>}
        </h2>
        <button type="button" className="btn btn-outline-secondary month-step" onClick={() => month && onMonth(addMonths(month, 1))} disabled={!canNext} aria-label={t('booking.month.next')}>
          <span aria-hidden="true">{rtl ? '\u2039' : '\u203a'}</span>
        </button>
      </div>
      <table ref={table} className="w-100 text-center" style={{ tableLayout: 'fixed' }} aria-labelledby={id}>
        {/* The grid's seven columns before its first row is parsed (a slow network paints the HTML as it
            arrives: with only Sunday's header cell, Sunday was the table's whole width). */}
        <colgroup>
          <col span={7} />
        </colgroup>
        <thead>
          <tr>
            {/* Named once the month is known (the page shows one once the clinic's country sets the week's first
                day), keyed by column: a name laid out on a guessed first day would move. */}
            {(month ? weekdayNames(locale, intl, first) : UNNAMED_WEEK).map((d, column) => (
              <th key={column} scope="col" abbr={d?.long} className="small fw-semibold text-body-secondary pb-1">
                {d?.short ?? '\u00a0'}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[0, 1, 2, 3, 4, 5].map((week) => (
            <tr key={week}>
              {[0, 1, 2, 3, 4, 5, 6].map((weekday) => {
                const day = week * 7 + weekday - lead + 1;
                const date = month && day >= 1 && day <= count ? dateIn(month, day) : undefined;
                return (
                  <td key={weekday} className="p-1" style={{ height: CELL_HEIGHT }}>
                    {date && <DayButton date={date} label={dayLabel(date)} open={open(date)} chosen={date === selected} tabbable={date === tabStop} onSelect={onSelect} onKey={(ev) => onKey(ev, date)} onFocus={() => setFocusDate(date)} />}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Two lines kept: a phone wraps the longer notes. */}
      <p className="small text-body-secondary mb-0 mt-1" style={{ minHeight: '3em' }}>
        {note ?? t('booking.month.hint')}
      </p>
    </section>
  );
}

interface DayButtonProps {
  date: string;
  /** For screen readers: the date and its free times. */
  label: string;
  open: boolean;
  chosen: boolean;
  tabbable: boolean;
  onSelect: (date: string) => void;
  onKey: (ev: KeyboardEvent<HTMLElement>) => void;
  onFocus: () => void;
}

function DayButton({ date, label, open, chosen, tabbable, onSelect, onKey, onFocus }: DayButtonProps) {
  const d = Number(date.slice(8));
  return (
    <button
      type="button"
      data-date={date}
      // No colour fade: a chosen day shows its final colours at once (mid-fade, for 0.15 s, its number
      // was 2.55:1 against the background, as axe measured in CI).
      style={{ height: BUTTON_HEIGHT, transition: 'none' }}
      className={`btn btn-sm w-100 p-0 fw-semibold ${chosen ? 'btn-primary' : open ? 'btn-outline-primary' : 'btn-link text-body-tertiary text-decoration-none'}`}
      aria-label={label}
      aria-pressed={chosen}
      disabled={!open}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onSelect(date)}
      onKeyDown={onKey}
      onFocus={onFocus}
    >
      {d}
    </button>
  );
}
