// /appointments/my (non-owners with Appointment read): the appointments assigned to me.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useMyAppointments, type StatusFilter } from '../api/appointments';
import { StatusBadge } from '../components/status-badge';
import { appointmentPath, formatBooking } from '../lib';
import { ResponsiveTable } from '../../../components/responsive-table';
import { failureText } from '../../../lib/api';

export function MyAppointmentsPage() {
  usePageTitle('My Appointments', [{ title: 'Service Management' }, { title: 'Appointments', path: paths.appointments.list }]);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [ascending, setAscending] = useState(true);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const { data, error, isLoading } = useMyAppointments({ pageSize: 20, cursor: cursors.at(-1), filter, ascending });
  const restart = () => setCursors([undefined]);

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="my-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <h2 id="my-title" className="h6 fw-bold mb-0">
          Assigned to me
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <select className="form-select w-auto" aria-label="Show" value={filter} onChange={(e) => { setFilter(e.target.value as StatusFilter); restart(); }}>
            <option value="all">All statuses</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
          <select className="form-select w-auto" aria-label="Order" value={ascending ? 'asc' : 'desc'} onChange={(e) => { setAscending(e.target.value === 'asc'); restart(); }}>
            <option value="asc">Earliest first</option>
            <option value="desc">Latest first</option>
          </select>
        </div>
      </div>
      <div className="card-body p-0">
        {isLoading && !data ? (
          <Loading label="Loading your appointments..." showLabel />
        ) : error ? (
          <div className="alert alert-danger m-3" role="alert">
            {failureText(error, 'Your appointments could not be loaded.')}
          </div>
        ) : !data?.items.length ? (
          <p className="text-body-secondary text-center my-5">No appointments are assigned to you here.</p>
        ) : (
          <ResponsiveTable>
            <thead>
              <tr>
                <th scope="col" className="ps-4">Patient</th>
                <th scope="col">Booking</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((a) => (
                <tr key={a.id}>
                  <td className="ps-4">
                    <Link to={appointmentPath(a.id)} className="fw-semibold text-body-emphasis">
                      {a.fullName}
                    </Link>
                  </td>
                  <td>{formatBooking(a.bookingDate, a.bookingTime)}</td>
                  <td className="small">{a.appointmentType ?? 'Not Provided'}</td>
                  <td>
                    <StatusBadge status={a.status} />
                  </td>
                </tr>
              ))}
            </tbody>
            </ResponsiveTable>
        )}
      </div>
      <div className="card-footer bg-transparent d-flex justify-content-end gap-2 py-3">
        <button type="button" className="btn btn-sm btn-light" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous
        </button>
        <button type="button" className="btn btn-sm btn-light" disabled={!data?.nextCursor} onClick={() => setCursors((c) => [...c, data?.nextCursor])}>
          Next
        </button>
      </div>
    </section>
  );
}

export { MyAppointmentsPage as Component };
