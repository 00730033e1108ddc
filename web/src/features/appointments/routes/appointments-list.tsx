// /appointments (Appointment read): All Appointments. Search, sort, active/inactive filter and page
// size; pages go forward with the API's cursor and back to the pages already seen (usePaged). With
// Appointment write, each row has a status menu and an assign menu; Export to CSV takes a date range.
import { useState } from 'react';
import { AddLink } from '../../../components/row-actions';
import { ACTIONS, ListCard, PagerFooter, SearchBox } from '../../../components/list-card';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { useAppointments, useAssignees, type Sort, type StatusFilter } from '../api/appointments';
import { AssignMenu, StatusMenu } from '../components/appointment-actions';
import { ExportDialog } from '../components/export-dialog';
import { PatientLink } from '../components/patient-link';
import { StatusBadge } from '../components/status-badge';
import { useDebounced } from '../../../lib/use-debounced';
import { formatBooking } from '../lib';

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
  const [exporting, setExporting] = useState(false);
  // Any change of the list state starts again at page 1 (a new query for usePaged).
  const list = useAppointments({ pageSize, search: term || undefined, sort, filter });
  const total = list.reply?.total;
  const assignees = useAssignees(canWrite).data?.items ?? [];
  const pages = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : undefined;
  const reload = () => void list.reload();
  // The pager comes with the first page, not under the placeholder rows: the rows are taller than
  // those, so a pager shown early moved down as they came in (issue 35, the page's layout shift).
  // Once shown it stays (a new page size or search keeps its controls where they are).
  const [firstPageIn, setFirstPageIn] = useState(false);
  if (!firstPageIn && !list.isLoading) setFirstPageIn(true);

  return (
    <ListCard
      titleId="appointments-title"
      title={`Appointments${total !== undefined ? ` (${total})` : ''}`}
      actions={
        <>
          <SearchBox label="Search appointments" placeholder="Name, email or phone" value={search} onChange={setSearch} />
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
          {canWrite && <AddLink to={paths.appointments.book} icon="bi-calendar-plus">Book Appointment</AddLink>}
        </>
      }
      list={list}
      noun="appointments"
      empty={list.page.length === 0}
      emptyText={term ? `No appointment matches "${term}".` : 'No appointments here yet.'}
      columns={['Patient', 'Booking', 'Contact', 'Type', 'Status', 'Assigned to', canWrite && ACTIONS]}
      footer={
        firstPageIn && <PagerFooter list={list} showPage pages={pages}>
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
        </PagerFooter>
      }
      dialogs={<ExportDialog show={exporting} onHide={() => setExporting(false)} />}
    >
      {list.page.map((a) => (
        <tr key={a.id}>
          <td className="ps-4">
            <PatientLink appointment={a} />
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
    </ListCard>
  );
}

export { AppointmentsListPage as Component };
