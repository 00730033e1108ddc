// /patients/:id (Appointment read): one patient and everything that is theirs, newest first, 25 at a
// time: bookings, appointments, form answers, payments and refunds, the mails and texts sent to them,
// staff notes. Notes need Appointment write; merging two records and erasing a patient need Appointment
// delete; the export (JSON with signed links to their files) needs read.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { PATIENT_ACCESS } from '#shared/permissions';
import { exportPatient, usePatient, usePatientItems, type Patient } from '../api/patients';
import { EraseDialog, MergeDialog } from '../components/patient-dialogs';
import { NoteForm } from '../components/note-form';
import { PatientRecord } from '../components/patient-record';

/** Saves the export as a JSON file the member keeps (or hands to the patient). */
async function download(p: Patient) {
  const result = await exportPatient(p.id).catch(() => undefined);
  const exported = result?.success ? result.data.data : undefined;
  if (!exported) {
    notify.error(result?.message || 'The export could not be made.');
    return;
  }
  const url = URL.createObjectURL(new Blob([JSON.stringify(exported, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `patient-${p.id}.json`;
  a.click();
  URL.revokeObjectURL(url);
  notify.success(`Exported. The links to their files work for ${Math.round(exported.expiresInSeconds / 60)} minutes.`);
}

function Contact({ p }: { p: Patient }) {
  const rows: [string, string | undefined][] = [
    ['Email', p.email],
    ['Phone', p.phone],
    ['Other emails', p.otherEmails.join(', ') || undefined],
    ['Other phones', p.otherPhones.join(', ') || undefined],
    ['Date of birth', p.dob],
    ['Patient since', formatDate(p.createdAt, { dateStyle: 'medium' })],
  ];
  return (
    <dl className="row mb-0">
      {rows.filter(([label, value]) => value || label === 'Email' || label === 'Phone').map(([label, value]) => (
        <div key={label} className="col-sm-6 col-xl-4 mb-3">
          <dt className="small text-body-secondary fw-normal">{label}</dt>
          <dd className="mb-0 text-break">{value || 'Not Provided'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PatientDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: p, error, isLoading, mutate } = usePatient(id);
  const items = usePatientItems(p ? id : undefined);
  usePageTitle(p?.fullName || 'Patient', [{ title: 'Service Management' }, { title: 'Patients', path: paths.patients.list }]);
  const canAccess = useAccess();
  const canNote = canAccess(PATIENT_ACCESS.note);
  const canMerge = canAccess(PATIENT_ACCESS.merge);
  const canErase = canAccess(PATIENT_ACCESS.erase);
  const [dialog, setDialog] = useState<'merge' | 'erase' | null>(null);
  const [exporting, setExporting] = useState(false);

  if (isLoading) return <Loading label="Loading patient..." showLabel />;
  if (error || !p) return <div className="alert alert-danger" role="alert">{failureText(error, 'The patient could not be loaded.')} <Link to={paths.patients.list}>Back to patients</Link></div>;

  return (
    <div className="row g-4">
      <div className="col-12">
        <section className="card border-0 shadow-sm" aria-labelledby="patient-title">
          <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 justify-content-between align-items-center">
            <h2 id="patient-title" className="h5 fw-bold mb-0 text-break">{p.fullName || 'No name given'}</h2>
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-sm btn-light" disabled={exporting} onClick={() => { setExporting(true); void download(p).finally(() => setExporting(false)); }}>
                <i className="bi bi-download me-1" aria-hidden="true" />
                {exporting ? 'Exporting...' : 'Export data'}
              </button>
              {canMerge && <button type="button" className="btn btn-sm btn-light" onClick={() => setDialog('merge')}>Merge a duplicate</button>}
              {canErase && (
                <button type="button" className="btn btn-sm btn-light text-danger" onClick={() => setDialog('erase')}>
                  <i className="bi bi-trash me-1" aria-hidden="true" />
                  Erase personal data
                </button>
              )}
            </div>
          </div>
          <div className="card-body"><Contact p={p} /></div>
        </section>
      </div>
      <div className="col-12">
        <section className="card border-0 shadow-sm" aria-labelledby="record-title">
          <div className="card-header bg-transparent py-3">
            <h2 id="record-title" className="h6 fw-bold mb-0">Record</h2>
          </div>
          {canNote && <div className="card-body border-bottom"><NoteForm patientId={p.id} onAdded={() => void items.reload()} /></div>}
          <PatientRecord list={items} />
        </section>
      </div>
      <MergeDialog patient={p} show={dialog === 'merge'} onHide={() => setDialog(null)} onMerged={() => { setDialog(null); void mutate(); void items.reload(); }} />
      <EraseDialog patient={p} show={dialog === 'erase'} onHide={() => setDialog(null)} onErased={() => navigate(paths.patients.list)} />
    </div>
  );
}

export { PatientDetailPage as Component };
