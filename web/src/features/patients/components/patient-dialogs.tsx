// The two writes that remove personal data for good (Appointment delete): merging a duplicate record
// into this patient, and erasing this patient (GDPR article 17). Each says what will happen first.
import { useState } from 'react';
import Modal from '../../../components/modal';
import { useDebounced } from '../../../lib/use-debounced';
import { notify } from '../../../lib/notify';
import { erasePatient, mergePatients, usePatients, type Patient } from '../api/patients';

interface DialogProps {
  patient: Patient;
  show: boolean;
  onHide: () => void;
}

export function MergeDialog({ patient, show, onHide, onMerged }: DialogProps & { onMerged: () => void }) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const list = usePatients({ search: term || undefined });
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const candidates = show ? list.page.filter((p) => p.id !== patient.id) : [];

  const merge = async () => {
    if (!chosen) return;
    setBusy(true);
    const result = await mergePatients(patient.id, chosen).catch(() => undefined);
    setBusy(false);
    if (result?.success) {
      notify.success(result.message);
      setChosen(null);
      onMerged();
    } else notify.error(result?.message || 'The records could not be merged.');
  };

  return (
    <Modal show={show} onHide={onHide} centered size="lg" fullscreen="sm-down" aria-labelledby="merge-title">
      <Modal.Header closeButton>
        <Modal.Title id="merge-title" as="h2" className="h5 fw-bold">Merge a duplicate into {patient.fullName || 'this patient'}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small">Everything of the record you choose (bookings, appointments, form answers, payments, mails and notes) moves here, its email and phone find this patient from now on, and that record is removed.</p>
        <label htmlFor="merge-search" className="form-label small fw-semibold">Find the duplicate</label>
        <input id="merge-search" type="search" className="form-control mb-3" placeholder="Name, email or phone" value={search} onChange={(e) => setSearch(e.target.value)} />
        {candidates.length === 0 ? (
          <p className="text-body-secondary small">{list.isLoading ? 'Searching...' : 'No other patient matches.'}</p>
        ) : (
          <fieldset>
            <legend className="visually-hidden">Record to merge</legend>
            {candidates.map((p) => (
              <div className="form-check py-1" key={p.id}>
                <input className="form-check-input" type="radio" name="merge-from" id={`merge-${p.id}`} checked={chosen === p.id} onChange={() => setChosen(p.id)} />
                <label className="form-check-label text-break" htmlFor={`merge-${p.id}`}>
                  {p.fullName || 'No name given'} <span className="text-body-secondary small">{[p.email, p.phone].filter(Boolean).join(' · ')}</span>
                </label>
              </div>
            ))}
          </fieldset>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onHide}>Cancel</button>
        <button type="button" className="btn btn-primary" disabled={!chosen || busy} onClick={() => void merge()}>{busy ? 'Merging...' : 'Merge records'}</button>
      </Modal.Footer>
    </Modal>
  );
}

export function EraseDialog({ patient, show, onHide, onErased }: DialogProps & { onErased: () => void }) {
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);

  const erase = async () => {
    setBusy(true);
    const result = await erasePatient(patient.id).catch(() => undefined);
    setBusy(false);
    if (result?.success) {
      notify.success(result.message);
      onErased();
    } else notify.error(result?.message || 'The patient could not be erased.');
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="erase-title">
      <Modal.Header closeButton>
        <Modal.Title id="erase-title" as="h2" className="h5 fw-bold">Erase {patient.fullName || 'this patient'}?</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small">Their name, contact details, answers, files, notes and the content of the mails and texts sent to them are removed everywhere, for good. Amounts paid and refunded stay, without a name, for your books. Export their data first if they asked for a copy.</p>
        <div className="form-check">
          <input className="form-check-input" type="checkbox" id="erase-sure" checked={sure} onChange={(e) => setSure(e.target.checked)} />
          <label className="form-check-label" htmlFor="erase-sure">I understand this cannot be undone</label>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onHide}>Cancel</button>
        <button type="button" className="btn btn-danger" disabled={!sure || busy} onClick={() => void erase()}>{busy ? 'Erasing...' : 'Erase personal data'}</button>
      </Modal.Footer>
    </Modal>
  );
}
