// On a phone the team's day shows one practitioner at a time: this row of their full names picks who.
import type { TeamColumn } from './team-day';

export function PractitionerSwitcher({ columns, shownId, onPick }: { columns: TeamColumn[]; shownId: string; onPick: (id: string) => void }) {
  return (
    <div className="d-flex flex-wrap gap-2 mb-2" role="group" aria-label="Practitioner shown">
      {columns.map((c) => (
        <button
          key={c.id || '-'} type="button" aria-pressed={c.id === shownId} onClick={() => onPick(c.id)}
          className={`btn btn-sm d-inline-flex align-items-center gap-1 ${c.id === shownId ? 'btn-dark' : 'btn-light'}`}
        >
          <span className="calendar-team-dot" style={{ background: c.color }} aria-hidden="true" />
          {c.name}
        </button>
      ))}
    </div>
  );
}
