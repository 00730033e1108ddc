// /bookings/practitioners (Bookings read): the clinic's practitioners (active first, as the API orders
// them) with their colour, title, who signs in as them, and the packages they offer. Add and Edit need
// write, Delete needs delete (refused while they have upcoming bookings: the dialog shows why).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyBookingLinkButton, useBookingPageKey } from '../../../components/booking-page-link';
import { DeleteDialog } from '../../../components/delete-dialog';
import { ACTIONS, ListCard } from '../../../components/list-card';
import { AddLink, EditDeleteActions } from '../../../components/row-actions';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { useBookingPackages } from '../../../lib/booking-packages';
import { ActiveBadge } from '../../../components/active-badge';
import { displayName, useAllMembers } from '../../../lib/members';
import { deletePractitioner, usePractitioners, type PractitionerView } from '../../../lib/practitioners';
import { practitionerEditPath } from '../lib';

export function PractitionersListPage() {
  usePageTitle('Practitioners', [{ title: 'Bookings', path: paths.bookings.list }]);
  const canAccess = useAccess();
  const canWrite = canAccess({ module: 'Bookings', action: 'write' });
  const canDelete = canAccess({ module: 'Bookings', action: 'delete' });
  const list = usePractitioners();
  const { practitioners } = list;
  const packages = useBookingPackages(100).items;
  const members = useAllMembers();
  const { apiKey } = useBookingPageKey();
  const [deleting, setDeleting] = useState<PractitionerView | null>(null);

  const packageNames = new Map(packages.map((p) => [p.id, p.packageName]));
  const memberNames = new Map(members.items.map((m) => [m.userId, displayName(m)]));
  const offered = (p: PractitionerView) => p.packageIds.map((id) => packageNames.get(id)).filter((n): n is string => Boolean(n));

  return (
    <ListCard
      titleId="practitioners-title"
      title="Practitioners"
      description={
        <>
          Each has their own hours and packages. Packages nobody offers keep the clinic&apos;s <Link to={paths.bookings.availability}>availability</Link>.
        </>
      }
      actions={canWrite && <AddLink to={paths.bookings.addPractitioner}>Add practitioner</AddLink>}
      list={list}
      noun="practitioners"
      empty={(practitioners ?? []).length === 0}
      emptyText="No practitioners yet: every package follows the clinic's availability."
      columns={['Practitioner', 'Signs in as', 'Packages', 'Status', ACTIONS]}
      dialogs={
        <DeleteDialog item={deleting} nameOf={(p) => p.name} noun="practitioner" deletedText="Practitioner deleted." cancelText="Keep them" remove={(p) => deletePractitioner(p.id)} onClose={() => setDeleting(null)} onDeleted={list.reload}>
          <p className="mb-0">They are no longer offered for booking. Past bookings keep their name.</p>
        </DeleteDialog>
      }
    >
      {(practitioners ?? []).map((p) => {
        const names = offered(p);
        return (
          <tr key={p.id}>
            <td className="ps-4">
              <div className="d-flex align-items-center gap-2">
                <span className="rounded-circle flex-shrink-0 border" style={{ width: 14, height: 14, background: p.color }} title={`Colour ${p.color}`} aria-hidden="true" />
                <div>
                  <Link to={practitionerEditPath(p.id)} className="fw-semibold text-body-emphasis text-decoration-none">{p.name}</Link>
                  {p.title && <div className="small text-body-secondary">{p.title}</div>}
                </div>
              </div>
            </td>
            <td className="small">
              {p.memberId ? memberNames.get(p.memberId) ?? 'A member' : <span className="text-body-secondary">Does not sign in</span>}
            </td>
            <td className="small">{names.length ? names.join(', ') : <span className="text-body-secondary">None yet</span>}</td>
            <td><ActiveBadge active={p.isActive} /></td>
            <td className="text-end pe-4 text-nowrap">
              {apiKey && p.isActive && <CopyBookingLinkButton apiKey={apiKey} practitionerId={p.id} name={p.name} />}
              <EditDeleteActions name={p.name} editTo={practitionerEditPath(p.id)} canEdit={canWrite} canDelete={canDelete} onDelete={() => setDeleting(p)} />
            </td>
          </tr>
        );
      })}
    </ListCard>
  );
}

export { PractitionersListPage as Component };
