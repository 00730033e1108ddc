// Account deletion with a confirmation dialog; on success the session ends and /auth opens.
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router-dom';
import { Busy } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { deleteAccount } from '../api/delete-account';

export function DeleteAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string>();

  const remove = async () => {
    setDeleting(true);
    setError(undefined);
    try {
      const result = await deleteAccount();
      if (!result.success) return setError(result.message || 'Your account could not be deleted.');
      setAsking(false);
      logout();
      notify.success(result.message || 'Your account has been deleted.', { long: true });
      navigate(paths.auth.root, { replace: true });
    } catch {
      setError('Your account could not be deleted. Please check your connection.');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="delete-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="delete-title" className="h6 fw-bold mb-0">
          Delete account
        </h2>
      </div>
      <div className="card-body">
        <div className="alert alert-warning d-flex gap-3 mb-3" role="note">
          <i className="bi bi-exclamation-triangle fs-4" aria-hidden="true" />
          <div>
            <div className="fw-bold">This cannot be undone</div>
            <div className="small">
              Your account, your picture and your sign-in go for good. An owner can delete their account once the organisation has no other members; the
              organisation is deleted with it.
            </div>
          </div>
        </div>
        <div className="form-check">
          <input id="confirm-delete" className="form-check-input" type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          <label className="form-check-label" htmlFor="confirm-delete">
            I confirm my account deletion
          </label>
        </div>
      </div>
      <div className="card-footer bg-transparent d-flex justify-content-end py-3">
        <button type="button" className="btn btn-danger" disabled={!confirmed} onClick={() => setAsking(true)}>
          Delete Account
        </button>
      </div>
      <Modal show={asking} onHide={() => !deleting && setAsking(false)} centered aria-labelledby="delete-dialog-title">
        <Modal.Header closeButton={!deleting}>
          <Modal.Title id="delete-dialog-title" as="h2" className="h5 fw-bold">
            Delete your account?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">Your account will be deleted permanently and you will be signed out.</p>
          {error && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {error}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-light" onClick={() => setAsking(false)} disabled={deleting}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={remove} disabled={deleting}>
            {deleting ? <Busy>Deleting...</Busy> : 'Yes, delete my account'}
          </button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
