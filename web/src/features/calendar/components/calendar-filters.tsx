// The line above the calendar: the time zone of the dates shown, and the filters the data allows (the
// kinds when there are two, the assignee for appointments, the practitioner when there is a team).
import type { CalendarKind } from '#shared/calendar/schemas';
import type { CalendarView } from '../api/calendar';
import type { CalendarPractitioner } from '../api/practitioners';
import { zoneText } from '../lib';

const KIND_LABELS: Record<CalendarKind, string> = { appointment: 'Appointments', booking: 'Bookings' };

export function CalendarFilters({ data, range, isLoading, hidden, onHidden, assignee, onAssignee, assignees, team, practitionerId, onPractitioner }: {
  data?: CalendarView;
  range: { start: string; end: string } | null;
  isLoading: boolean;
  /** The kinds not shown. */
  hidden: CalendarKind[];
  onHidden: (update: (hidden: CalendarKind[]) => CalendarKind[]) => void;
  assignee: string;
  onAssignee: (userId: string) => void;
  assignees: { userId: string; name: string }[];
  team: CalendarPractitioner[];
  practitionerId: string;
  onPractitioner: (id: string) => void;
}) {
  return (
    <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
      {data && range && (
        <p className="mb-0 small text-body-secondary" data-testid="calendar-zone">
          <i className="bi bi-globe2 me-1" aria-hidden="true" />
          {zoneText(data.timeZone, range.start, range.end, data.timeZoneName)}
        </p>
      )}
      {(data?.kinds.length ?? 0) > 1 &&
        data!.kinds.map((k) => (
          <div className="form-check form-check-inline mb-0" key={k}>
            <input
              className="form-check-input" type="checkbox" id={`kind-${k}`} checked={!hidden.includes(k)}
              onChange={(e) => onHidden((h) => (e.target.checked ? h.filter((x) => x !== k) : [...h, k]))}
            />
            <label className="form-check-label" htmlFor={`kind-${k}`}>{KIND_LABELS[k]}</label>
          </div>
        ))}
      {data?.kinds.includes('appointment') && (
        <div className="d-flex align-items-center gap-2">
          <label htmlFor="calendar-assignee" className="small text-body-secondary text-nowrap">Assigned to</label>
          <select id="calendar-assignee" className="form-select form-select-sm" value={assignee} onChange={(e) => onAssignee(e.target.value)}>
            <option value="">Everyone</option>
            <option value="-">Nobody yet</option>
            {assignees.map((a) => <option key={a.userId} value={a.userId}>{a.name}</option>)}
          </select>
        </div>
      )}
      {team.length > 0 && (
        <div className="d-flex align-items-center gap-2">
          <label htmlFor="calendar-practitioner" className="small text-body-secondary text-nowrap">Practitioner</label>
          <select id="calendar-practitioner" className="form-select form-select-sm" value={practitionerId} onChange={(e) => onPractitioner(e.target.value)}>
            <option value="">Everyone</option>
            {team.map((p) => <option key={p.id} value={p.id}>{p.name}{p.isActive ? '' : ' (inactive)'}</option>)}
          </select>
        </div>
      )}
      {/* A slot of its own, there while nothing loads too: showing it moves nothing (issue 35: the
          spinner's block, as tall as two rows, pushed the grid down while another range loaded). */}
      <span className="spinner-border spinner-border-sm text-primary" style={isLoading ? undefined : { visibility: 'hidden' }} role="status">
        <span className="visually-hidden">{isLoading ? 'Loading...' : ''}</span>
      </span>
    </div>
  );
}
