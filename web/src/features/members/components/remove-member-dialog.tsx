// Confirmation before removing a member: their access ends at once.
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { displayName, type MemberView } from '../../../lib/members';
import { removeMember } from '../api/members';

export function RemoveMemberDialog({ member, onHide, onRemoved }: { member: MemberView | null; onHide: () => void; onRemoved: (message: string) => void }) {
  const confirm = async () => {
    if (!member) return;
    const result = await removeMember(member.userId);
    if (result.success) return onRemoved(result.message || 'The member is removed.');
    return result.message || 'The member could not be removed.';
  };
  return (
    <ConfirmDialog
      show={member !== null}
      title={`Remove ${member ? displayName(member) : 'member'}?`}
      confirmText="Yes, remove"
      busyText="Removing..."
      networkError="The member could not be removed. Please check your connection."
      onHide={onHide}
      onConfirm={confirm}
    >
      <p className="mb-0">
        {member?.email} will lose access to the organisation at once{member?.status === 'invited' ? ' and the invitation link will stop working' : ''}.
      </p>
    </ConfirmDialog>
  );
}
