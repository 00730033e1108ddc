// Account deletion with a confirmation dialog; on success the session ends and /auth opens.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { deleteAccount } from '../api/delete-account';

export function DeleteAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  const [asking, setAsking] = useState(false);

  const remove = async () => {
    const result = await deleteAccount();
    if (!result.success) return result.message || 'Your account could not be deleted.';
    setAsking(false);
    logout();
    notify.success(result.message || 'Your account has been deleted.', { long: true });
    navigate(paths.auth.root, { replace: true });
  };

  return (
    <Card
      titleId="delete-title"
      title="Delete account"
      footer={
        <button type="button" className="btn btn-danger" disabled={!confirmed} onClick={() => setAsking(true)}>
          Delete Account
        </button>
      }
    >
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
      <ConfirmDialog
        show={asking}
        title="Delete your account?"
        confirmText="Yes, delete my account"
        busyText="Deleting..."
        networkError="Your account could not be deleted. Please check your connection."
        onHide={() => setAsking(false)}
        onConfirm={remove}
      >
        <p className="mb-0">Your account will be deleted permanently and you will be signed out.</p>
      </ConfirmDialog>
    </Card>
  );
}
