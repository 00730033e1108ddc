// One day's hours as several intervals (the gaps are breaks): add, change, remove an interval. The
// clinic's opening hours (availability page) and a practitioner's weekly hours and dated exceptions
// all edit their days with it, so the three look and behave alike.
import type { ReactNode } from 'react';
import type { Interval, Weekday } from '#shared/bookings/time';

export const DAY_NAMES: Record<Weekday, string> = { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' };

export interface DayHoursWords {
  /** Shown when the day has no interval: 'Closed', 'Not working'. */
  empty: string;
  /** The interval's start and end, after the day's label: 'opens' / 'closes', 'starts' / 'ends'. */
  start: string;
  end: string;
}

interface DayHoursProps {
  /** The day's name ('Monday') or date: the group's name and the start of each control's label. */
  label: string;
  /** Shown in the label column instead of `label` (a weekday in bold); defaults to `label`. */
  heading?: ReactNode;
  intervals: Interval[];
  onChange: (next: Interval[]) => void;
  disabled?: boolean;
  words: DayHoursWords;
  /** Messages for this day (overlaps, an end before its start). */
  errors?: string[];
  /** Inside a box of its own (a dated exception): no separating line. */
  flush?: boolean;
  /** More controls after 'Add hours' (a practitioner's 'Copy to all weekdays'). */
  actions?: ReactNode;
}

/** The nth interval's label: the first keeps the plain one ('Monday opens'), later ones say which. */
const labelOf = (label: string, word: string, n: number) => (n === 0 ? `${label} ${word}` : `${label} ${word} (${n + 1})`);

export function DayHours({ label, heading, intervals, onChange, disabled = false, words, errors = [], flush = false, actions }: DayHoursProps) {
  const set = (i: number, patch: Partial<Interval>) => onChange(intervals.map((iv, n) => (n === i ? { ...iv, ...patch } : iv)));
  return (
    <div className={`row align-items-start g-2 ${flush ? 'pt-2' : 'py-2 border-bottom'}`} role="group" aria-label={label}>
      <div className="col-md-2 fw-semibold pt-1">{heading ?? label}</div>
      <div className="col-md-10">
        {intervals.length === 0 && <span className="text-body-secondary me-3">{words.empty}</span>}
        {intervals.map((iv, i) => (
          <div key={i} className="d-inline-flex align-items-center gap-1 me-3 mb-1">
            <input type="time" className="form-control form-control-sm" aria-label={labelOf(label, words.start, i)} value={iv.start} onChange={(e) => set(i, { start: e.target.value })} disabled={disabled} />
            <span aria-hidden="true">–</span>
            {/* A time input cannot say 24:00: 23:59 stands for the end of the day. */}
            <input type="time" className="form-control form-control-sm" aria-label={labelOf(label, words.end, i)} value={iv.end === '24:00' ? '23:59' : iv.end} onChange={(e) => set(i, { end: e.target.value === '23:59' ? '24:00' : e.target.value })} disabled={disabled} />
            {!disabled && (
              <button type="button" className="btn btn-sm btn-link text-danger" onClick={() => onChange(intervals.filter((_, n) => n !== i))} aria-label={`Remove ${label} ${iv.start} to ${iv.end}`}>
                <i className="bi bi-x-lg" aria-hidden="true" />
              </button>
            )}
          </div>
        ))}
        {!disabled && (
          <button type="button" className="btn btn-sm btn-light" onClick={() => onChange([...intervals, intervals.length ? { start: '13:00', end: '17:00' } : { start: '09:00', end: '17:00' }])}>
            <i className="bi bi-plus" aria-hidden="true" /> Add hours
          </button>
        )}
        {!disabled && actions}
        {errors.map((m) => (
          <div key={m} className="invalid-feedback d-block">{m}</div>
        ))}
      </div>
    </div>
  );
}
