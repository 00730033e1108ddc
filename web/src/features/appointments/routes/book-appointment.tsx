// /appointments/book (Appointment write): Book Appointment. A booking by staff is confirmed at once;
// the patient is mailed and becomes (or is found as) a customer.
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { bookAppointment } from '../api/appointments';
import { BookingForm, serviceOption } from '../../../components/booking-form';
import { appointmentPath } from '../lib';
import { useApi } from '../../../lib/swr';

export function BookAppointmentPage() {
  usePageTitle('Book Appointment', [{ title: 'Service Management' }, { title: 'Appointments', path: paths.appointments.list }]);
  const navigate = useNavigate();
  const canReadServices = useAccess()({ module: 'Appointment' });
  const services = useApi(canReadServices ? '/services' : null, { query: { active: true, pageSize: 100 } }).data?.items ?? [];
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="book-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="book-title" className="h6 fw-bold mb-0">
          New appointment
        </h2>
      </div>
      <div className="card-body">
        <BookingForm
          appointmentTypes={services.map((s) => serviceOption(s))}
          submitLabel="Book Appointment"
          onSubmit={async (form) => {
            const result = await bookAppointment(form);
            return { success: result.success, message: result.message, errors: result.data.errors, id: result.data.data?.id };
          }}
          onBooked={(result) => {
            notify.success(result.message || 'The appointment is booked.');
            navigate(result.id ? appointmentPath(result.id) : paths.appointments.list);
          }}
        />
      </div>
    </section>
  );
}

export { BookAppointmentPage as Component };
