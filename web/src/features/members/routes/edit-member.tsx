// /member/:id: a member's details and permissions (Members write to change them, delete to remove).
// The owner and oneself are shown read-only, as the API refuses to change them.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { allPermissions, type PermissionEntry } from '#shared/permissions';
import { Busy, Loading } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess, useRoles } from '../../../lib/roles';
import { displayName, type MemberView } from '../../../lib/members';
import { updateMember, useMember } from '../api/members';
import { fullRoles, PermissionsMatrix } from '../components/permissions-matrix';
import { RemoveMemberDialog } from '../components/remove-member-dialog';
import { grantable } from '../lib';
import { failureText } from '../../../lib/api';

function MemberEditor({ member, onSaved }: { member: MemberView; onSaved: (m: MemberView) => void }) {
  const navigate = useNavigate();
  const roles = useRoles();
  const canAccess = useAccess();
  const { currentUser } = useAuth();
  const [value, setValue] = useState<PermissionEntry[]>(() => fullRoles(member.roles));
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [removing, setRemoving] = useState(false);
  const self = member.userId === currentUser?.id;
  const locked = member.isOwner || self || !canAccess({ module: 'Members', action: 'write' });
  const changed = JSON.stringify(value) !== JSON.stringify(fullRoles(member.roles));

  const save = async () => {
    setSaving(true);
    setStatus(null);
    try {
      const result = await updateMember(member.userId, value);
      if (result.success && result.data.data) {
        notify.success(result.message);
        onSaved(result.data.data);
      } else setStatus({ kind: 'danger', text: result.message || 'The permissions could not be saved.' });
    } catch {
      setStatus({ kind: 'danger', text: 'The permissions could not be saved. Please check your connection.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="member-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="member-title" className="h6 fw-bold mb-1">
          {displayName(member)}
        </h2>
        <div className="small text-body-secondary">
          {member.email} · {member.isOwner ? 'Owner' : member.status === 'invited' ? 'Invitation pending' : 'Active'}
        </div>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        {member.isOwner && <p className="text-body-secondary">The owner has every permission; they cannot be changed.</p>}
        {self && !member.isOwner && <p className="text-body-secondary">You cannot change your own permissions.</p>}
        <PermissionsMatrix value={member.isOwner ? allPermissions() : value} onChange={setValue} canChange={grantable(roles)} disabled={locked || saving} />
      </div>
      <div className="card-footer bg-transparent d-flex justify-content-between gap-2 py-3">
        <div>
          {!member.isOwner && !self && canAccess({ module: 'Members', action: 'delete' }) && (
            <button type="button" className="btn btn-outline-danger" onClick={() => setRemoving(true)}>
              Remove member
            </button>
          )}
        </div>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-light" onClick={() => navigate(paths.members.list)}>
            Back
          </button>
          {!locked && (
            <button type="button" className="btn btn-primary" onClick={save} disabled={saving || !changed}>
              {saving ? <Busy /> : 'Save permissions'}
            </button>
          )}
        </div>
      </div>
      <RemoveMemberDialog
        member={removing ? member : null}
        onHide={() => setRemoving(false)}
        onRemoved={(message) => {
          notify.success(message);
          navigate(paths.members.list, { replace: true });
        }}
      />
    </section>
  );
}

export function EditMemberPage() {
  const { id } = useParams();
  const { data, error, isLoading, mutate } = useMember(id);
  usePageTitle('Member', [{ title: 'User Management' }, { title: 'Members', path: paths.members.list }]);
  if (isLoading) return <Loading label="Loading member..." showLabel />;
  if (error || !data) {
    return (
      <div className="alert alert-danger" role="alert">
        {failureText(error, 'This member was not found.')}
      </div>
    );
  }
  return <MemberEditor key={`${data.userId}-${data.updatedAt}`} member={data} onSaved={(m) => void mutate(m, { revalidate: false })} />;
}

export { EditMemberPage as Component };
