// /member: the organisation's members with search, paging, and (with the flags for it) edit,
// remove with confirmation, and resend a pending invitation.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListBody } from '../../../components/list-body';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { Busy } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { resendInvite, useMembers, type MemberView } from '../api/members';
import { rolesSummary } from '../components/permissions-matrix';
import { RemoveMemberDialog } from '../components/remove-member-dialog';
import { displayName } from '../lib';
import { ResponsiveTable } from '../../../components/responsive-table';

export const memberPath = (id: string) => `${paths.members.list}/${encodeURIComponent(id)}`;

function useDebounced(value: string, ms = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

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
  const { members, error, isLoading, isLoadingMore, hasMore, loadMore, reload } = useMembers(term);
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
    <section className="card border-0 shadow-sm" aria-labelledby="members-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-3 align-items-center justify-content-between">
        <h2 id="members-title" className="h6 fw-bold mb-0">
          Members
        </h2>
        <div className="d-flex flex-wrap gap-2 flex-grow-1 justify-content-end">
          <div className="input-group" style={{ maxWidth: 320 }}>
            <span className="input-group-text bg-transparent" aria-hidden="true">
              <i className="bi bi-search" />
            </span>
            <input type="search" className="form-control" placeholder="Search by name or email" aria-label="Search members" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          {canWrite && (
            <Link to={paths.members.add} className="btn btn-primary text-nowrap">
              <i className="bi bi-person-plus me-1" aria-hidden="true" />
              Add Member
            </Link>
          )}
        </div>
      </div>
      <div className="card-body p-0">
        <ListBody
          loading={isLoading}
          loadingLabel="Loading members..."
          error={error}
          errorText="The members could not be loaded."
          onRetry={reload}
          empty={members.length === 0}
          emptyText={term ? `No member matches "${term}".` : 'No members yet.'}
        >
          <ResponsiveTable>
            <thead>
              <tr>
                <th scope="col" className="ps-4">
                  Name
                </th>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Permissions</th>
                <th scope="col" className="text-end pe-4">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
            </ResponsiveTable>
        </ListBody>
      </div>
      <LoadMoreFooter hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} />
      <RemoveMemberDialog
        member={removing}
        onHide={() => setRemoving(null)}
        onRemoved={(message) => {
          setRemoving(null);
          notify.success(message);
          void reload();
        }}
      />
    </section>
  );
}

export { MembersListPage as Component };
