// /appointments (Appointment read): All Appointments. Search, sort, active/inactive filter and page
// size; pages go forward with the API's cursor and back through the cursors already seen. With
// Appointment write, each row has a status menu and an assign menu; Export to CSV takes a date range.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListBody } from '../../../components/list-body';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { useAppointments, useAssignees, type Sort, type StatusFilter } from '../api/appointments';
import { AssignMenu, StatusMenu } from '../components/appointment-actions';
import { ExportDialog } from '../components/export-dialog';
import { StatusBadge } from '../components/status-badge';
import { appointmentPath, formatBooking, useDebounced } from '../lib';
import { ResponsiveTable } from '../../../components/responsive-table';

const SORTS: { value: Sort; label: string }[] = [
  { value: 'date-desc', label: 'Latest booking first' },
  { value: 'date-asc', label: 'Earliest booking first' },
  { value: 'name-asc', label: 'Name A-Z' },
  { value: 'name-desc', label: 'Name Z-A' },
  { value: 'updated', label: 'Recently updated' },
];

export function AppointmentsListPage() {
  usePageTitle('All Appointments', [{ title: 'Service Management' }, { title: 'Appointments', path: paths.appointments.list }]);
  const canAccess = useAccess();
  const canWrite = canAccess({ module: 'Appointment', action: 'write' });
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const [sort, setSort] = useState<Sort>('date-desc');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [pageSize, setPageSize] = useState(20);
  // cursors[i] opens page i + 1 (page 1 needs none). Any change of the list state starts again at page 1.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [exporting, setExporting] = useState(false);
  const [stateKey, setStateKey] = useState('');
  const key = JSON.stringify([term, sort, filter, pageSize]);
  if (key !== stateKey) {
    setStateKey(key);
    setCursors([undefined]);
  }
  const pageNumber = cursors.length;
  const { data, error, isLoading, mutate } = useAppointments({ pageSize, pageNumber, cursor: cursors.at(-1), search: term || undefined, sort, filter });
  const assignees = useAssignees(canWrite).data?.items ?? [];
  const pages = data?.total !== undefined ? Math.max(1, Math.ceil(data.total / pageSize)) : undefined;
  const reload = () => void mutate();

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="appointments-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <h2 id="appointments-title" className="h6 fw-bold mb-0">
          Appointments{data?.total !== undefined ? ` (${data.total})` : ''}
        </h2>
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          <div className="input-group" style={{ maxWidth: 300 }}>
            <span className="input-group-text bg-transparent" aria-hidden="true">
              <i className="bi bi-search" />
            </span>
            <input type="search" className="form-control" placeholder="Name, email or phone" aria-label="Search appointments" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <select className="form-select w-auto" aria-label="Show" value={filter} onChange={(e) => setFilter(e.target.value as StatusFilter)}>
            <option value="all">All statuses</option>
            <option value="active">Active (requested, confirmed)</option>
            <option value="inactive">Inactive (completed, cancelled, no-show)</option>
          </select>
          <select className="form-select w-auto" aria-label="Sort by" value={sort} onChange={(e) => setSort(e.target.value as Sort)} disabled={Boolean(term)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-light text-nowrap" onClick={() => setExporting(true)}>
            <i className="bi bi-download me-1" aria-hidden="true" />
            Export CSV
          </button>
          {canWrite && (
            <Link to={paths.appointments.book} className="btn btn-primary text-nowrap">
              <i className="bi bi-calendar-plus me-1" aria-hidden="true" />
              Book Appointment
            </Link>
          )}
        </div>
      </div>
      <div className="card-body p-0">
        <ListBody
          loading={isLoading && !data}
          loadingLabel="Loading appointments..."
          error={error}
          errorText="The appointments could not be loaded."
          onRetry={reload}
          empty={!data?.items.length}
          emptyText={term ? `No appointment matches "${term}".` : 'No appointments here yet.'}
        >
          <ResponsiveTable>
            <thead>
              <tr>
                <th scope="col" className="ps-4">Patient</th>
                <th scope="col">Booking</th>
                <th scope="col">Contact</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Assigned to</th>
                {canWrite && (
                  <th scope="col" className="text-end pe-4">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {(data?.items ?? []).map((a) => (
                <tr key={a.id}>
                  <td className="ps-4">
                    <Link to={appointmentPath(a.id)} className="fw-semibold text-body-emphasis">
                      {a.fullName}
                    </Link>
                    {a.source === 'public' && <div className="small text-body-secondary">Public request</div>}
                  </td>
                  <td className="text-nowrap">{formatBooking(a.bookingDate, a.bookingTime)}</td>
                  <td className="small">
                    <div>{a.email}</div>
                    <div className="text-body-secondary">{a.phone}</div>
                  </td>
                  <td className="small">{a.appointmentType ?? <span className="text-body-secondary">Not Provided</span>}</td>
                  <td>
                    <StatusBadge status={a.status} />
                  </td>
                  <td className="small">{a.assignee?.name ?? <span className="text-body-secondary">Nobody</span>}</td>
                  {canWrite && (
                    <td className="text-end pe-4">
                      <div className="d-inline-flex gap-1">
                        <StatusMenu appointment={a} onChanged={reload} size="sm" />
                        <AssignMenu appointment={a} assignees={assignees} onChanged={reload} size="sm" />
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            </ResponsiveTable>
        </ListBody>
      </div>
      <div className="card-footer bg-transparent d-flex flex-wrap gap-2 align-items-center justify-content-between py-3">
        <div className="d-flex align-items-center gap-2 small">
          <label htmlFor="page-size" className="text-body-secondary">
            Per page
          </label>
          <select id="page-size" className="form-select form-select-sm w-auto" value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))}>
            {[10, 20, 50, 100].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <nav aria-label="Pages" className="d-flex align-items-center gap-2">
          <button type="button" className="btn btn-sm btn-light" disabled={pageNumber === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </button>
          <span className="small text-body-secondary">
            Page {pageNumber}
            {pages ? ` of ${pages}` : ''}
          </span>
          <button type="button" className="btn btn-sm btn-light" disabled={!data?.nextCursor} onClick={() => setCursors((c) => [...c, data?.nextCursor])}>
            Next
          </button>
        </nav>
      </div>
      <ExportDialog show={exporting} onHide={() => setExporting(false)} />
    </section>
  );
}

export { AppointmentsListPage as Component };
