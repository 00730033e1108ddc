// /appointments/:id (Appointment read): everything about one appointment, its attachments and its
// log; with Appointment write, the status and assign menus.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { openSignedLink } from '../../../lib/signed-link';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { attachmentLink, useAppointment, useAssignees, type Appointment } from '../api/appointments';
import { AssignMenu, StatusMenu } from '../components/appointment-actions';
import { StatusBadge } from '../components/status-badge';
import { formatBooking } from '../lib';
import { failureText } from '../../../lib/api';

const FIELDS: [keyof Appointment, string][] = [
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['gender', 'Gender'],
  ['dob', 'Date of birth'],
  ['appointmentType', 'Appointment type'],
  ['preferredLocation', 'Preferred location'],
  ['reasonOfAppointment', 'Reason of appointment'],
  ['primaryInsurance', 'Primary insurance'],
  ['insuranceMemberId', 'Insurance member ID'],
  ['additionalNotes', 'Additional notes'],
];

function Attachment({ appointmentId, field, label, fileKey }: { appointmentId: string; field: 'insuranceCardImage' | 'debtorReferralDocument'; label: string; fileKey?: string }) {
  const [busy, setBusy] = useState(false);
  if (!fileKey) return null;
  const isPdf = fileKey.endsWith('.pdf');
  // Patients' documents are private: opened through a short-lived signed link, and each opening is logged.
  const open = async () => {
    setBusy(true);
    await openSignedLink(() => attachmentLink(appointmentId, field));
    setBusy(false);
  };
  return (
    <div className="col-md-6">
      <div className="border rounded p-3 h-100 d-flex align-items-center gap-3">
        <i className={`bi ${isPdf ? 'bi-file-earmark-pdf text-danger' : 'bi-file-earmark-image text-primary'} fs-1`} aria-hidden="true" />
        <div>
          <div className="fw-semibold small mb-1">{label}</div>
          <button type="button" className="btn btn-link p-0" onClick={() => void open()} disabled={busy}>
            {busy ? 'Opening...' : `Open ${isPdf ? 'PDF' : 'image'}`}
          </button>
        </div>
      </div>
    </div>
  );
}

export function AppointmentDetailPage() {
  const { id } = useParams();
  const { data: a, error, isLoading, mutate } = useAppointment(id);
  usePageTitle(a ? a.fullName : 'Appointment', [{ title: 'Service Management' }, { title: 'Appointments', path: paths.appointments.list }]);
  const canWrite = useAccess()({ module: 'Appointment', action: 'write' });
  const assignees = useAssignees(canWrite).data?.items ?? [];

  if (isLoading) return <Loading label="Loading appointment..." showLabel />;
  if (error || !a)
    return (
      <div className="alert alert-danger" role="alert">
        {failureText(error, 'The appointment could not be loaded.')} <Link to={paths.appointments.list}>Back to all appointments</Link>
      </div>
    );
  const reload = () => void mutate();

  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <section className="card border-0 shadow-sm" aria-labelledby="appointment-title">
          <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
            <div>
              <h2 id="appointment-title" className="h5 fw-bold mb-1">
                {a.fullName} <StatusBadge status={a.status} />
              </h2>
              <div className="text-body-secondary small">
                {formatBooking(a.bookingDate, a.bookingTime)} · {a.source === 'public' ? 'Public request' : 'Booked by staff'} · Assigned to {a.assignee?.name ?? 'nobody'}
              </div>
            </div>
            {canWrite && (
              <div className="d-flex gap-2">
                <StatusMenu appointment={a} onChanged={reload} />
                <AssignMenu appointment={a} assignees={assignees} onChanged={reload} />
              </div>
            )}
          </div>
          <div className="card-body">
            <dl className="row mb-0">
              {FIELDS.map(([field, label]) => (
                <div key={field} className="col-md-6 mb-3">
                  <dt className="small text-body-secondary fw-normal">{label}</dt>
                  <dd className="mb-0" style={{ whiteSpace: 'pre-line' }}>
                    {(a[field] as string | undefined) || 'Not Provided'}
                  </dd>
                </div>
              ))}
            </dl>
            {(a.attachments.insuranceCardImage || a.attachments.debtorReferralDocument) && (
              <>
                <h3 className="h6 fw-bold mt-2">Attachments</h3>
                <div className="row g-3">
                  <Attachment appointmentId={a.id} field="insuranceCardImage" label="Insurance card image" fileKey={a.attachments.insuranceCardImage} />
                  <Attachment appointmentId={a.id} field="debtorReferralDocument" label="Debtor referral document" fileKey={a.attachments.debtorReferralDocument} />
                </div>
              </>
            )}
          </div>
        </section>
      </div>
      <div className="col-lg-4">
        <section className="card border-0 shadow-sm" aria-labelledby="log-title">
          <div className="card-header bg-transparent py-3">
            <h2 id="log-title" className="h6 fw-bold mb-0">
              History
            </h2>
          </div>
          <ul className="list-group list-group-flush">
            {a.log.map((entry) => (
              <li key={entry.id} className="list-group-item">
                <div className="small fw-semibold">{entry.summary}</div>
                <div className="small text-body-secondary">
                  {entry.actorName} · {formatDate(entry.at)}
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

export { AppointmentDetailPage as Component };
