// /customers/:id (Appointment read): a customer, their appointments and their text messages; edit and
// text them with Appointment write, delete (only without appointments) with Appointment delete.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Loading } from '../../../components/loading';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { StatusBadge } from '../components/status-badge';
import { appointmentPath, formatBooking } from '../lib';
import { SendSmsForm } from '../components/send-sms-form';
import { SmsList } from '../components/sms-list';
import { deleteCustomer, useCustomer } from '../api/customers';
import { CustomerForm } from '../components/customer-form';
import { failureText } from '../../../lib/api';

export function CustomerDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: c, error, isLoading, mutate } = useCustomer(id);
  usePageTitle(c?.fullName ?? 'Customer', [{ title: 'Service Management' }, { title: 'Customers', path: paths.customers.list }]);
  const canAccess = useAccess();
  const canWrite = canAccess({ module: 'Appointment', action: 'write' });
  const canDelete = canAccess({ module: 'Appointment', action: 'delete' });
  const [editing, setEditing] = useState(false);
  const { mutate: mutateAll } = useSWRConfig();

  if (isLoading) return <Loading label="Loading customer..." showLabel />;
  if (error || !c) return <div className="alert alert-danger" role="alert">{failureText(error, 'The customer could not be loaded.')} <Link to={paths.customers.list}>Back to customers</Link></div>;

  const remove = async () => {
    if (!window.confirm(`Delete ${c.fullName}?`)) return;
    const result = await deleteCustomer(c.id, c.version).catch(() => undefined);
    if (result?.success) {
      notify.success(result.message);
      navigate(paths.customers.list);
    } else notify.error(result?.message || 'The customer could not be deleted.');
  };

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <section className="card border-0 shadow-sm mb-4" aria-labelledby="customer-title">
          <div className="card-header bg-transparent py-3 d-flex justify-content-between align-items-center">
            <h2 id="customer-title" className="h5 fw-bold mb-0">{c.fullName}</h2>
            <div className="d-flex gap-2">
              {canWrite && !editing && <button type="button" className="btn btn-sm btn-light" onClick={() => setEditing(true)}>Edit</button>}
              {canDelete && c.appointmentCount === 0 && <button type="button" className="btn btn-sm btn-light text-danger" onClick={() => void remove()}>Delete</button>}
            </div>
          </div>
          <div className="card-body">
            {editing ? (
              <CustomerForm customer={c} onCancel={() => setEditing(false)} onSaved={() => { setEditing(false); void mutate(); }} />
            ) : (
              <dl className="row mb-0">
                {([['Email', c.email], ['Phone', c.phone], ['Gender', c.gender], ['Date of birth', c.dob], ['Notes', c.notes]] as const).map(([label, value]) => (
                  <div key={label} className="col-md-6 mb-3">
                    <dt className="small text-body-secondary fw-normal">{label}</dt>
                    <dd className="mb-0" style={{ whiteSpace: 'pre-line' }}>{value || 'Not Provided'}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </section>
        <section className="card border-0 shadow-sm" aria-labelledby="customer-appointments-title">
          <div className="card-header bg-transparent py-3">
            <h2 id="customer-appointments-title" className="h6 fw-bold mb-0">Appointments ({c.appointmentCount})</h2>
          </div>
          {c.appointments.length === 0 ? (
            <p className="text-body-secondary text-center my-4">No appointments yet.</p>
          ) : (
            <ul className="list-group list-group-flush">
              {c.appointments.map((a) => (
                <li key={a.id} className="list-group-item d-flex justify-content-between align-items-center">
                  <Link to={appointmentPath(a.id)}>{formatBooking(a.bookingDate, a.bookingTime)}</Link>
                  <span className="small text-body-secondary">{a.appointmentType}</span>
                  <StatusBadge status={a.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="col-lg-5">
        <section className="card border-0 shadow-sm" aria-labelledby="customer-sms-title">
          <div className="card-header bg-transparent py-3">
            <h2 id="customer-sms-title" className="h6 fw-bold mb-0">Text messages</h2>
          </div>
          {canWrite && (
            <div className="card-body border-bottom">
              <SendSmsForm customerId={c.id} customerPhone={c.phone} onSent={() => void mutateAll((key) => typeof key === 'string' && key.startsWith('/sms'))} />
            </div>
          )}
          <SmsList customerId={c.id} />
          <div className="small text-body-secondary px-3 pb-3">Customer since {formatDate(c.createdAt, { dateStyle: 'medium' })}</div>
        </section>
      </div>
    </div>
  );
}

export { CustomerDetailPage as Component };
