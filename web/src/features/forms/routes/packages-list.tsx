// /lead-generation/list (Forms read): the form packages (pricing tiers) with image, price and whether
// they can be paid online; edit and delete with the flags for it.
import { useState } from 'react';
import { needsFallbackImage } from '#shared/forms/page';
import { AddLink, EditDeleteActions } from '../../../components/row-actions';
import { DeleteDialog } from '../../../components/delete-dialog';
import { ACTIONS, ListCard } from '../../../components/list-card';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { deletePackage, usePackages, type PackageView } from '../api/forms';
import { packageEditPath, priceText } from '../lib';

function Thumb({ pkg }: { pkg: PackageView }) {
  const [failed, setFailed] = useState(false);
  if (needsFallbackImage({ src: pkg.imageUrl, failed })) {
    return <div className="rounded bg-body-secondary d-flex align-items-center justify-content-center text-body-tertiary" style={{ width: 56, height: 40 }} aria-hidden="true"><i className="bi bi-image" /></div>;
  }
  return <img src={pkg.imageUrl!} alt="" className="rounded object-fit-cover" width={56} height={40} onError={() => setFailed(true)} />;
}

export function PackagesListPage() {
  usePageTitle('Packages', [{ title: 'Form Builder', path: paths.formBuilder.list }]);
  const canAccess = useAccess();
  const packages = usePackages();
  const [deleting, setDeleting] = useState<PackageView | null>(null);
  const canWrite = canAccess({ module: 'Forms', action: 'write' });
  const canDelete = canAccess({ module: 'Forms', action: 'delete' });
  return (
    <ListCard
      titleId="packages-title"
      title="Packages"
      actions={canWrite && <AddLink to={paths.leadGeneration.add}>Add Package</AddLink>}
      list={packages}
      retry={false}
      noun="packages"
      empty={packages.items.length === 0}
      emptyText="No packages yet."
      columns={[{ label: 'Image', hidden: true }, 'Name', 'Price', 'Online payment', ACTIONS]}
      dialogs={
        <DeleteDialog item={deleting} nameOf={(p) => p.name} noun="package" deletedText="Package deleted." remove={(p) => deletePackage(p.id)} onClose={() => setDeleting(null)} onDeleted={packages.reload}>
          <p className="mb-0">Forms stop offering it. Leads and payments keep its name.</p>
        </DeleteDialog>
      }
    >
      {packages.items.map((p) => (
        <tr key={p.id}>
          <td className="ps-4"><Thumb pkg={p} /></td>
          <td className="fw-semibold">{p.name}</td>
          <td>{priceText(p)}</td>
          <td>{p.isPayable ? <span className="badge bg-success-subtle text-success-emphasis">Payable</span> : <span className="badge bg-secondary-subtle text-secondary-emphasis">No</span>}</td>
          <td className="text-end pe-4 text-nowrap">
            <EditDeleteActions name={p.name} editTo={packageEditPath(p.id)} canEdit={canWrite} canDelete={canDelete} onDelete={() => setDeleting(p)} />
          </td>
        </tr>
      ))}
    </ListCard>
  );
}

export { PackagesListPage as Component };
