// Confirmation before removing a member: their access ends at once.
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Busy } from '../../../components/loading';
import { removeMember, type MemberView } from '../api/members';
import { displayName } from '../lib';

export function RemoveMemberDialog({ member, onHide, onRemoved }: { member: MemberView | null; onHide(): void; onRemoved(message: string): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const close = () => {
    if (busy) return;
    setError(undefined);
    onHide();
  };
  const confirm = async () => {
    if (!member) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await removeMember(member.userId);
      if (result.success) return onRemoved(result.message || 'The member is removed.');
      setError(result.message || 'The member could not be removed.');
    } catch {
      setError('The member could not be removed. Please check your connection.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal show={member !== null} onHide={close} centered aria-labelledby="remove-member-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="remove-member-title" as="h2" className="h5 fw-bold">
          Remove {member ? displayName(member) : 'member'}?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          {member?.email} will lose access to the organisation at once{member?.status === 'invited' ? ' and the invitation link will stop working' : ''}.
        </p>
        {error && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={close} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={busy}>
          {busy ? <Busy>Removing...</Busy> : 'Yes, remove'}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
