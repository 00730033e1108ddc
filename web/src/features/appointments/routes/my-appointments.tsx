// /appointments/my (non-owners with Appointment read): the appointments assigned to me.
import { useState } from 'react';
import { ListCard, PagerFooter } from '../../../components/list-card';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useMyAppointments, type StatusFilter } from '../api/appointments';
import { PatientLink } from '../components/patient-link';
import { StatusBadge } from '../components/status-badge';
import { formatBooking } from '../lib';

export function MyAppointmentsPage() {
  usePageTitle('My Appointments', [{ title: 'Service Management' }, { title: 'Appointments', path: paths.appointments.list }]);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [ascending, setAscending] = useState(true);
  // A new filter or order starts again at page 1 (a new query for usePaged).
  const list = useMyAppointments({ pageSize: 20, filter, ascending });

  return (
    <ListCard
      titleId="my-title"
      title="Assigned to me"
      actions={
        <>
          <select className="form-select w-auto" aria-label="Show" value={filter} onChange={(e) => setFilter(e.target.value as StatusFilter)}>
            <option value="all">All statuses</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
          <select className="form-select w-auto" aria-label="Order" value={ascending ? 'asc' : 'desc'} onChange={(e) => setAscending(e.target.value === 'asc')}>
            <option value="asc">Earliest first</option>
            <option value="desc">Latest first</option>
          </select>
        </>
      }
      list={list}
      retry={false}
      loadingLabel="Loading your appointments..."
      errorText="Your appointments could not be loaded."
      empty={list.page.length === 0}
      emptyText="No appointments are assigned to you here."
      columns={['Patient', 'Booking', 'Type', 'Status']}
      footer={<PagerFooter list={list} />}
    >
      {list.page.map((a) => (
        <tr key={a.id}>
          <td className="ps-4">
            <PatientLink appointment={a} />
          </td>
          <td>{formatBooking(a.bookingDate, a.bookingTime)}</td>
          <td className="small">{a.appointmentType ?? 'Not Provided'}</td>
          <td>
            <StatusBadge status={a.status} />
          </td>
        </tr>
      ))}
    </ListCard>
  );
}

export { MyAppointmentsPage as Component };
