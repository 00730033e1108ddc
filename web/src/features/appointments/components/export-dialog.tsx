// Export to CSV: the appointments booked in a date range (inclusive).
import { useState } from 'react';
import Modal from '../../../components/modal';
import { Busy } from '../../../components/loading';
import { downloadCsv } from '../api/appointments';

// The local calendar day (toISOString would give the UTC day: east of UTC, the day before local midnight).
const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function ExportDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const now = new Date();
  const [startDate, setStart] = useState(iso(new Date(now.getFullYear(), now.getMonth(), 1)));
  const [endDate, setEnd] = useState(iso(new Date(now.getFullYear(), now.getMonth() + 1, 0)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const invalid = !startDate || !endDate || startDate > endDate;

  const exportCsv = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const problem = await downloadCsv(startDate, endDate);
      if (problem) setError(problem);
      else onHide();
    } catch {
      setError('The export failed. Please check your connection.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={() => !busy && onHide()} centered aria-labelledby="export-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="export-title" as="h2" className="h5 fw-bold">
          Export appointments to CSV
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">Appointments booked from the start date to the end date, both included.</p>
        <div className="row g-3">
          <div className="col-6">
            <label htmlFor="export-start" className="form-label fw-semibold small">
              Start date
            </label>
            <input id="export-start" type="date" className="form-control" value={startDate} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div className="col-6">
            <label htmlFor="export-end" className="form-label fw-semibold small">
              End date
            </label>
            <input id="export-end" type="date" className="form-control" value={endDate} min={startDate} onChange={(e) => setEnd(e.target.value)} />
          </div>
        </div>
        {startDate > endDate && <div className="text-danger small mt-2">Start date must be on or before the end date</div>}
        {error && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onHide} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void exportCsv()} disabled={busy || invalid}>
          {busy ? <Busy>Exporting...</Busy> : 'Export CSV'}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
