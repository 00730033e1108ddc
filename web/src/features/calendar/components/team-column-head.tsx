// A column's head on the team's day: the practitioner's name and title, underlined in their colour.
import type { TeamColumn } from './team-day';

export function TeamColumnHead({ column: c }: { column: Pick<TeamColumn, 'name' | 'title' | 'color'> }) {
  return (
    <span className="d-block text-start px-1 py-1 calendar-team-head" style={{ borderBottom: `4px solid ${c.color}` }}>
      <span className="d-flex align-items-center gap-1 fw-semibold text-body">
        <span className="calendar-team-dot flex-shrink-0" style={{ background: c.color }} aria-hidden="true" />
        {c.name}
      </span>
      {c.title && <span className="d-block small text-body-secondary fw-normal">{c.title}</span>}
    </span>
  );
}
