// /customers (Appointment read): the people the clinic serves, by name; search by a name prefix, an
// email or a phone number. Adding needs Appointment write.
import { useState } from 'react';
import Modal from '../../../components/modal';
import { Link, useNavigate } from 'react-router-dom';
import { ListCard, PagerFooter, SearchBox } from '../../../components/list-card';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { useDebounced } from '../../../lib/use-debounced';
import { useCustomers } from '../api/customers';
import { CustomerForm } from '../components/customer-form';

export const customerPath = (id: string) => `/customers/${encodeURIComponent(id)}`;

export function CustomersListPage() {
  usePageTitle('Customers', [{ title: 'Service Management' }]);
  const navigate = useNavigate();
  const canWrite = useAccess()({ module: 'Appointment', action: 'write' });
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  // A new search starts again at page 1 (a new query for usePaged).
  const list = useCustomers({ search: term || undefined });
  const [adding, setAdding] = useState(false);

  return (
    <ListCard
      titleId="customers-title"
      title="Customers"
      actions={
        <>
          <SearchBox label="Search customers" placeholder="Name, email or phone" value={search} onChange={setSearch} />
          {canWrite && <button type="button" className="btn btn-primary text-nowrap" onClick={() => setAdding(true)}>Add customer</button>}
        </>
      }
      list={list}
      retry={false}
      noun="customers"
      empty={list.page.length === 0}
      emptyText={term ? `No customer matches "${term}".` : 'No customers yet. Bookings add them.'}
      columns={['Name', 'Email', 'Phone', 'Appointments', 'Last booked']}
      footer={<PagerFooter list={list} />}
      dialogs={
        <Modal show={adding} onHide={() => setAdding(false)} centered size="lg" aria-labelledby="add-customer-title">
          <Modal.Header closeButton>
            <Modal.Title id="add-customer-title" as="h2" className="h5 fw-bold">Add customer</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <CustomerForm onCancel={() => setAdding(false)} onSaved={(c) => navigate(customerPath(c.id))} />
          </Modal.Body>
        </Modal>
      }
    >
      {list.page.map((c) => (
        <tr key={c.id}>
          <td className="ps-4"><Link to={customerPath(c.id)} className="fw-semibold text-body-emphasis">{c.fullName}</Link></td>
          <td className="small">{c.email ?? 'Not Provided'}</td>
          <td className="small">{c.phone ?? 'Not Provided'}</td>
          <td>{c.appointmentCount}</td>
          <td className="small">{formatDate(c.lastAppointmentAt, { dateStyle: 'medium' })}</td>
        </tr>
      ))}
    </ListCard>
  );
}

export { CustomersListPage as Component };
