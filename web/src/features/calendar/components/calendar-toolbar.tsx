// The calendar card's header: the steps in time, the title of the dates shown and the view buttons.
import { VIEW_LABELS, type ViewName } from '../lib';

export type Step = 'prev' | 'next' | 'today';

export function CalendarToolbar({ title, view, views, narrow, onStep, onView }: {
  title: string;
  view: ViewName;
  /** The views offered, in order. */
  views: ViewName[];
  narrow: boolean;
  onStep: (where: Step) => void;
  onView: (view: ViewName) => void;
}) {
  return (
    <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
      <div className="d-flex align-items-center gap-2">
        <div className="btn-group" role="group" aria-label="Move in time">
          <button type="button" className="btn btn-light" onClick={() => onStep('prev')} aria-label="Previous"><i className="bi bi-chevron-left" aria-hidden="true" /></button>
          <button type="button" className="btn btn-light" onClick={() => onStep('today')}>Today</button>
          <button type="button" className="btn btn-light" onClick={() => onStep('next')} aria-label="Next"><i className="bi bi-chevron-right" aria-hidden="true" /></button>
        </div>
        {/* Until the calendar names its dates, the heading still has a name (axe: empty-heading). */}
        <h2 id="calendar-title" className="h6 fw-bold mb-0">{title || <span className="visually-hidden">Calendar</span>}</h2>
      </div>
      <div className={`btn-group${narrow ? ' btn-group-sm' : ''}`} role="group" aria-label="View">
        {views.map((v) => (
          <button key={v} type="button" className={`btn ${v === view ? 'btn-primary' : 'btn-light'}`} aria-pressed={v === view} onClick={() => onView(v)}>
            {VIEW_LABELS[v]}
          </button>
        ))}
      </div>
    </div>
  );
}
