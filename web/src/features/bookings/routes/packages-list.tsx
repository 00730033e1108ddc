// /bookings/packages (Bookings read): All Booking Packages, with activate/deactivate and edit (write)
// and delete with confirmation (delete). Deleted packages leave the booking page; bookings keep them.
// Above the list, the booking page's address and QR code; each active package's row copies its own
// link (?package=). Both need the integration key: the owner's.
import { useState } from 'react';
import { BookingPageLink, CopyBookingLinkButton, useBookingPageKey } from '../../../components/booking-page-link';
import { ACTIONS, ListCard } from '../../../components/list-card';
import { AddLink, DeleteButton, EditLink } from '../../../components/row-actions';
import { DeleteDialog } from '../../../components/delete-dialog';
import { Busy } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { useRowSwitch } from '../../../lib/row-switch';
import { deleteBookingPackage, updateBookingPackage, useBookingPackages, type BookingPackageView } from '../../../lib/booking-packages';
import { ActiveBadge } from '../../../components/active-badge';
import { formatCents, packageEditPath } from '../lib';
import { usePractitioners } from '../../../lib/practitioners';

function PackagesList() {
  usePageTitle('All Booking Packages', [{ title: 'Bookings', path: paths.bookings.list }]);
  const canAccess = useAccess();
  const canWrite = canAccess({ module: 'Bookings', action: 'write' });
  const canDelete = canAccess({ module: 'Bookings', action: 'delete' });
  const list = useBookingPackages();
  const packages = list.items;
  const [deleting, setDeleting] = useState<BookingPackageView | null>(null);
  const { apiKey } = useBookingPageKey();
  // Names of who offers each package; asked only when some package names practitioners.
  const { practitioners } = usePractitioners(packages.some((p) => p.practitionerIds?.length));
  const practitionerNames = new Map((practitioners ?? []).map((p) => [p.id, p.name]));
  const offeredBy = (p: BookingPackageView) => (p.practitionerIds ?? []).map((id) => practitionerNames.get(id)).filter((n): n is string => Boolean(n));

  const { switching: toggling, flip } = useRowSwitch(list.reload);
  const toggle = (p: BookingPackageView) =>
    flip(p.id, () => updateBookingPackage(p.id, { isActive: !p.isActive }), {
      done: p.isActive ? `"${p.packageName}" is no longer offered.` : `"${p.packageName}" is offered again.`,
      failed: 'The package could not be changed.',
    });

  return (
    <ListCard
      titleId="packages-title"
      title="Booking packages"
      actions={canWrite && <AddLink to={paths.bookings.addPackage}>Add Booking Package</AddLink>}
      list={list}
      noun="packages"
      empty={packages.length === 0}
      emptyText="No booking packages yet."
      columns={['Package', { label: 'Price', className: 'text-end' }, 'Status', 'Updated', ACTIONS]}
      dialogs={
        <DeleteDialog item={deleting} nameOf={(p) => p.packageName} noun="package" deletedText="Booking package deleted." cancelText="Keep it" remove={(p) => deleteBookingPackage(p.id)} onClose={() => setDeleting(null)} onDeleted={list.reload}>
          <p className="mb-0">It is no longer offered on the booking page. Bookings made with it keep their package.</p>
        </DeleteDialog>
      }
    >
      {packages.map((p) => (
        <tr key={p.id}>
          <td className="ps-4">
            <div className="fw-semibold text-body-emphasis">{p.packageName}</div>
            {p.packageDescription && <div className="small text-body-secondary text-truncate" style={{ maxWidth: 360 }}>{p.packageDescription}</div>}
            {/* A duration only where it applies: on the clinic-wide schedule a booking takes the clinic's slot. */}
            {(p.practitionerIds?.length ?? 0) > 0 && (p.durationMinutes || offeredBy(p).length > 0) && (
              <div className="small text-body-secondary">
                {[p.durationMinutes ? `${p.durationMinutes} min` : '', offeredBy(p).length ? `with ${offeredBy(p).join(', ')}` : ''].filter(Boolean).join(' · ')}
              </div>
            )}
          </td>
          <td className="text-end">{formatCents(p.packagePriceCents, p.currency)}</td>
          <td><ActiveBadge active={p.isActive} /></td>
          <td className="small text-body-secondary">{formatDate(p.updatedAt)}</td>
          <td className="text-end pe-4 text-nowrap">
            {apiKey && p.isActive && <CopyBookingLinkButton apiKey={apiKey} packageId={p.id} name={p.packageName} />}
            {canWrite && (
              <>
                <button type="button" className="btn btn-sm btn-light me-1" onClick={() => void toggle(p)} disabled={toggling === p.id}>
                  {toggling === p.id ? <Busy>Saving...</Busy> : p.isActive ? 'Deactivate' : 'Activate'}
                </button>
                <EditLink to={packageEditPath(p.id)} name={p.packageName} />
              </>
            )}
            {canDelete && <DeleteButton name={p.packageName} onClick={() => setDeleting(p)} />}
          </td>
        </tr>
      ))}
    </ListCard>
  );
}

export function PackagesListPage() {
  return (
    <div className="d-grid gap-4">
      <BookingPageLink description="Share it, put it on your website, or print its QR code: visitors choose a package and a time there." />
      <PackagesList />
    </div>
  );
}

export { PackagesListPage as Component };
