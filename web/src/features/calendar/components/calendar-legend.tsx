// The calendar's legend: the looks of the items, and the shadings shown (outside hours, closed).
import { LEGEND, TEAM_LEGEND } from '../lib';

export function CalendarLegend({ shadesHours, chosenName, showsClosed, team = false }: {
  /** Whether hours outside someone's working hours are shaded. */
  shadesHours: boolean;
  /** The practitioner whose hours are shaded, when one is chosen. */
  chosenName?: string;
  /** Whether closed dates or time off are shown. */
  showsClosed: boolean;
  /** The team view, where items take their practitioner's colour. */
  team?: boolean;
}) {
  return (
    <ul className="list-inline small mt-3 mb-0" aria-label="Legend">
      {(team ? TEAM_LEGEND : LEGEND).map((l) => (
        <li key={l.label} className="list-inline-item me-3">
          <span className="d-inline-block rounded me-1 align-middle" style={{ width: 12, height: 12, background: l.background, border: `2px solid ${l.border}` }} aria-hidden="true" />
          {l.label}
        </li>
      ))}
      {shadesHours && (
        <li className="list-inline-item me-3">
          <span className="d-inline-block rounded me-1 align-middle calendar-closed-swatch" style={{ width: 12, height: 12 }} aria-hidden="true" />
          Outside {chosenName ? `${chosenName}'s` : 'working'} hours
        </li>
      )}
      {showsClosed && (
        <li className="list-inline-item me-3">
          <span className="d-inline-block rounded me-1 align-middle calendar-closed-swatch is-hatched" style={{ width: 12, height: 12 }} aria-hidden="true" />
          Closed or time off
        </li>
      )}
    </ul>
  );
}
