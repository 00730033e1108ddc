// The sign-out confirmation (spec section 2): removes the token, clears the user, goes to /auth.
import { createContext, useContext } from 'react';
import Modal from '../../components/modal';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { endThisSession } from '../../lib/account-session';
import { useAuth } from '../../lib/auth';

export const SignOutContext = createContext<() => void>(() => undefined);
/** Opens the sign-out dialog. */
export const useSignOut = () => useContext(SignOutContext);

export function SignOutDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const confirm = () => {
    onHide();
    // The server ends the session too (a copy of the token stops working); no need to wait for it.
    void endThisSession();
    logout();
    navigate(paths.auth.root, { replace: true });
  };
  return (
    <Modal show={show} onHide={onHide} centered size="sm" aria-labelledby="sign-out-title" aria-describedby="sign-out-text">
      <Modal.Body className="text-center p-4">
        <div className="sign-out-icon mx-auto mb-3" aria-hidden="true">
          <i className="bi bi-box-arrow-right" />
        </div>
        <h2 id="sign-out-title" className="h5 fw-bold mb-2">
          Are you sure?
        </h2>
        <p id="sign-out-text" className="text-body-secondary mb-4">
          You will be logged out of your account.
        </p>
        <div className="d-flex gap-2 justify-content-center">
          <button type="button" className="btn btn-danger" onClick={confirm}>
            Yes, log out
          </button>
          {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the dialog focuses its safe answer as it opens (WAI-ARIA dialog pattern) */}
          <button type="button" className="btn btn-light" onClick={onHide} autoFocus>
            Cancel
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
