// One exception of the practitioner editor: its dates (one, or a range), time off or other hours (with
// their intervals), and a note.
import { Controller, useWatch } from 'react-hook-form';
import { DayHours } from '../../../components/day-hours';
import { datesOf } from '../exception-ranges';
import { NINE_TO_FIVE, WORKING, type PractitionerFormApi } from '../practitioner-form-values';

const dateLabel = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
};

/** What a range is, in words: 'Mon, 1 Jul 2030 to Sun, 14 Jul 2030 (14 days)'. */
function rangeSummary(date: string, endDate: string): string {
  if (!date) return 'Choose the dates';
  const days = datesOf({ date, endDate }).length;
  return endDate && endDate !== date && days > 1 ? `${dateLabel(date)} to ${dateLabel(endDate)} (${days} days)` : dateLabel(date);
}

/** One exception: its dates (one, or a range), time off or other hours (with their intervals), and a note. */
export function ExceptionRow({ form, index, readOnly, errors, onRemove }: { form: PractitionerFormApi; index: number; readOnly: boolean; errors: string[]; onRemove: () => void }) {
  const { control, register, setValue } = form;
  const date = useWatch({ control, name: `exceptions.${index}.date` });
  const endDate = useWatch({ control, name: `exceptions.${index}.endDate` });
  const hours = useWatch({ control, name: `exceptions.${index}.hours` }) ?? [];
  const which = date ? `on ${date}` : `of exception ${index + 1}`;
  const id = `exception-${index}`;
  const invalid = errors.length ? ' is-invalid' : '';
  return (
    <li className="border rounded p-2 mb-2" aria-label={`Exception ${index + 1}`}>
      <div className="d-flex align-items-center justify-content-between gap-2 mb-1">
        <span className="small fw-semibold">{rangeSummary(date, endDate)}</span>
        {!readOnly && (
          <button type="button" className="btn btn-sm btn-link text-danger" onClick={onRemove} aria-label={`Remove exception ${index + 1}`}>
            <i className="bi bi-x-lg" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="row g-2 align-items-end">
        <div className="col-6 col-md-3">
          <label htmlFor={`${id}-from`} className="form-label small mb-1">From</label>
          <input {...register(`exceptions.${index}.date`)} id={`${id}-from`} type="date" className={`form-control form-control-sm${invalid}`} aria-label={`First date of exception ${index + 1}`} />
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor={`${id}-to`} className="form-label small mb-1">To (optional)</label>
          <input {...register(`exceptions.${index}.endDate`)} id={`${id}-to`} type="date" min={date || undefined} className={`form-control form-control-sm${invalid}`} aria-label={`Last date of exception ${index + 1}`} />
        </div>
        <div className="col-md-3">
          <label htmlFor={`${id}-kind`} className="form-label small mb-1">Those days</label>
          <select
            id={`${id}-kind`}
            className="form-select form-select-sm"
            aria-label={`Hours ${which}`}
            value={hours.length ? 'hours' : 'off'}
            onChange={(e) => setValue(`exceptions.${index}.hours`, e.target.value === 'off' ? [] : NINE_TO_FIVE, { shouldDirty: true })}
          >
            <option value="off">Time off, all day</option>
            <option value="hours">Working other hours</option>
          </select>
        </div>
        <div className="col-md-3">
          <label htmlFor={`${id}-note`} className="form-label small mb-1">Note</label>
          <input {...register(`exceptions.${index}.note`)} id={`${id}-note`} type="text" className="form-control form-control-sm" placeholder="e.g. conference" aria-label={`Note of exception ${index + 1}`} />
        </div>
      </div>
      {hours.length > 0 && (
        <Controller
          control={control}
          name={`exceptions.${index}.hours`}
          render={({ field }) => (
            <DayHours flush label={date || `Exception ${index + 1}`} heading={<span className="small text-body-secondary">{endDate && endDate !== date ? 'Hours each day' : 'Hours'}</span>} intervals={field.value ?? []} onChange={field.onChange} disabled={readOnly} words={WORKING} />
          )}
        />
      )}
      {errors.map((m) => <div key={m} className="invalid-feedback d-block">{m}</div>)}
    </li>
  );
}
