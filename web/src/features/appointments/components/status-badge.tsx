import { STATUS_LABELS, type AppointmentStatus } from '#shared/appointments/form';

const TONES: Record<AppointmentStatus, string> = {
  requested: 'bg-warning-subtle text-warning-emphasis',
  confirmed: 'bg-info-subtle text-info-emphasis',
  completed: 'bg-success-subtle text-success-emphasis',
  cancelled: 'bg-secondary-subtle text-secondary-emphasis',
  'no-show': 'bg-danger-subtle text-danger-emphasis',
};

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return <span className={`badge ${TONES[status] ?? 'bg-secondary-subtle'}`}>{STATUS_LABELS[status] ?? status}</span>;
}
