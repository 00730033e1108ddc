// /member: the organisation's members with search, paging, and (with the flags for it) edit,
// remove with confirmation, and resend a pending invitation.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AddLink } from '../../../components/row-actions';
import { ACTIONS, ListCard, SearchBox } from '../../../components/list-card';
import { Busy } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/layout';
import { useDebounced } from '../../../lib/use-debounced';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { displayName, useMembers, type MemberView } from '../../../lib/members';
import { resendInvite } from '../api/members';
import { rolesSummary } from '../components/permissions-matrix';
import { RemoveMemberDialog } from '../components/remove-member-dialog';

export const memberPath = (id: string) => `${paths.members.list}/${encodeURIComponent(id)}`;

function StatusBadge({ member }: { member: MemberView }) {
  if (member.isOwner) return <span className="badge bg-primary-subtle text-primary-emphasis">Owner</span>;
  if (member.status === 'invited') return <span className="badge bg-warning-subtle text-warning-emphasis">Invited</span>;
  return <span className="badge bg-success-subtle text-success-emphasis">Active</span>;
}

export function MembersListPage() {
  usePageTitle('All Members', [{ title: 'User Management' }, { title: 'Members', path: paths.members.list }]);
  const canAccess = useAccess();
  const { currentUser } = useAuth();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const list = useMembers(term);
  const members = list.items;
  const [removing, setRemoving] = useState<MemberView | null>(null);
  const [resending, setResending] = useState<string>();
  const canWrite = canAccess({ module: 'Members', action: 'write' });
  const canDelete = canAccess({ module: 'Members', action: 'delete' });

  const resend = async (m: MemberView) => {
    setResending(m.userId);
    try {
      const result = await resendInvite(m.userId);
      if (result.success) notify.success(result.message, { long: true });
      else notify.error(result.message || 'The invitation could not be sent.');
    } catch {
      notify.error('The invitation could not be sent. Please check your connection.');
    } finally {
      setResending(undefined);
    }
  };

  return (
    <ListCard
      titleId="members-title"
      title="Members"
      actions={
        <>
          <SearchBox label="Search members" placeholder="Search by name or email" value={search} onChange={setSearch} maxWidth={320} />
          {canWrite && <AddLink to={paths.members.add} icon="bi-person-plus">Add Member</AddLink>}
        </>
      }
      list={list}
      noun="members"
      empty={members.length === 0}
      emptyText={term ? `No member matches "${term}".` : 'No members yet.'}
      columns={['Name', 'Email', 'Status', 'Permissions', ACTIONS]}
      dialogs={
        <RemoveMemberDialog
          member={removing}
          onHide={() => setRemoving(null)}
          onRemoved={(message) => {
            setRemoving(null);
            notify.success(message);
            void list.reload();
          }}
        />
      }
    >
      {members.map((m) => {
        const self = m.userId === currentUser?.id;
        const editable = !m.isOwner && !self;
        return (
          <tr key={m.userId}>
            <td className="ps-4 fw-semibold text-body-emphasis">
              {displayName(m)}
              {self && <span className="text-body-secondary fw-normal"> (you)</span>}
            </td>
            <td>{m.email}</td>
            <td>
              <StatusBadge member={m} />
            </td>
            <td className="small text-body-secondary">{m.isOwner ? 'Everything' : rolesSummary(m.roles)}</td>
            <td className="text-end pe-4 text-nowrap">
              {canWrite && m.status === 'invited' && (
                <button type="button" className="btn btn-sm btn-light me-1" onClick={() => resend(m)} disabled={resending === m.userId}>
                  {resending === m.userId ? <Busy>Sending...</Busy> : 'Resend invitation'}
                </button>
              )}
              {canWrite && editable && (
                <Link to={memberPath(m.userId)} className="btn btn-sm btn-light me-1" aria-label={`Edit permissions of ${displayName(m)}`}>
                  <i className="bi bi-pencil" aria-hidden="true" /> Edit
                </Link>
              )}
              {canDelete && editable && (
                <button type="button" className="btn btn-sm btn-light text-danger" onClick={() => setRemoving(m)} aria-label={`Remove ${displayName(m)}`}>
                  <i className="bi bi-trash" aria-hidden="true" /> Remove
                </button>
              )}
            </td>
          </tr>
        );
      })}
    </ListCard>
  );
}

export { MembersListPage as Component };
