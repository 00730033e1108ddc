// /customers (Appointment read): the people the clinic serves, by name; search by a name prefix, an
// email or a phone number. Adding needs Appointment write.
import { useState } from 'react';
import Modal from '../../../components/modal';
import { Link, useNavigate } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { useDebounced } from '../lib';
import { useCustomers } from '../api/customers';
import { CustomerForm } from '../components/customer-form';
import { ResponsiveTable } from '../../../components/responsive-table';

export const customerPath = (id: string) => `/customers/${encodeURIComponent(id)}`;

export function CustomersListPage() {
  usePageTitle('Customers', [{ title: 'Service Management' }]);
  const navigate = useNavigate();
  const canWrite = useAccess()({ module: 'Appointment', action: 'write' });
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [termSeen, setTermSeen] = useState('');
  if (term !== termSeen) {
    setTermSeen(term);
    setCursors([undefined]);
  }
  const { data, error, isLoading } = useCustomers({ search: term || undefined, cursor: cursors.at(-1) });
  const [adding, setAdding] = useState(false);

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="customers-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <h2 id="customers-title" className="h6 fw-bold mb-0">Customers</h2>
        <div className="d-flex gap-2">
          <input type="search" className="form-control" style={{ maxWidth: 300 }} placeholder="Name, email or phone" aria-label="Search customers" value={search} onChange={(e) => setSearch(e.target.value)} />
          {canWrite && <button type="button" className="btn btn-primary text-nowrap" onClick={() => setAdding(true)}>Add customer</button>}
        </div>
      </div>
      {isLoading && !data ? (
        <Loading label="Loading customers..." showLabel />
      ) : error ? (
        <div className="alert alert-danger m-3" role="alert">{error.message}</div>
      ) : !data?.items.length ? (
        <p className="text-body-secondary text-center my-5">{term ? `No customer matches "${term}".` : 'No customers yet. Bookings add them.'}</p>
      ) : (
        <ResponsiveTable>
          <thead>
            <tr>
              <th scope="col" className="ps-4">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Phone</th>
              <th scope="col">Appointments</th>
              <th scope="col">Last booked</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((c) => (
              <tr key={c.id}>
                <td className="ps-4"><Link to={customerPath(c.id)} className="fw-semibold text-body-emphasis">{c.fullName}</Link></td>
                <td className="small">{c.email ?? 'Not Provided'}</td>
                <td className="small">{c.phone ?? 'Not Provided'}</td>
                <td>{c.appointmentCount}</td>
                <td className="small">{formatDate(c.lastAppointmentAt, { dateStyle: 'medium' })}</td>
              </tr>
            ))}
          </tbody>
          </ResponsiveTable>
      )}
      <div className="card-footer bg-transparent d-flex justify-content-end gap-2 py-3">
        <button type="button" className="btn btn-sm btn-light" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>Previous</button>
        <button type="button" className="btn btn-sm btn-light" disabled={!data?.nextCursor} onClick={() => setCursors((c) => [...c, data?.nextCursor])}>Next</button>
      </div>
      <Modal show={adding} onHide={() => setAdding(false)} centered size="lg" aria-labelledby="add-customer-title">
        <Modal.Header closeButton>
          <Modal.Title id="add-customer-title" as="h2" className="h5 fw-bold">Add customer</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <CustomerForm onCancel={() => setAdding(false)} onSaved={(c) => navigate(customerPath(c.id))} />
        </Modal.Body>
      </Modal>
    </section>
  );
}

export { CustomersListPage as Component };
