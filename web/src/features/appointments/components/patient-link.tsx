// A list row's patient: their name, linking to the appointment.
import { Link } from 'react-router-dom';
import type { Appointment } from '../api/appointments';
import { appointmentPath } from '../lib';

export function PatientLink({ appointment }: { appointment: Pick<Appointment, 'id' | 'fullName'> }) {
  return (
    <Link to={appointmentPath(appointment.id)} className="fw-semibold text-body-emphasis">
      {appointment.fullName}
    </Link>
  );
}
