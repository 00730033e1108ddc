// /lead-generation/list (Forms read): the form packages (pricing tiers) with image, price and whether
// they can be paid online; edit and delete with the flags for it.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { needsFallbackImage } from '#shared/forms/page';
import { currencyOf, formatMoney, minimumOf } from '#shared/currency';
import { DeleteButton, EditLink } from '../../../components/row-actions';
import { DeleteDialog } from '../../../components/delete-dialog';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { ListBody } from '../../../components/list-body';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { deletePackage, usePackages, type PackageView } from '../api/forms';
import { packageEditPath } from '../lib';
import { ResponsiveTable } from '../../../components/responsive-table';

function Thumb({ pkg }: { pkg: PackageView }) {
  const [failed, setFailed] = useState(false);
  if (needsFallbackImage({ src: pkg.imageUrl, failed })) {
    return <div className="rounded bg-body-secondary d-flex align-items-center justify-content-center text-body-tertiary" style={{ width: 56, height: 40 }} aria-hidden="true"><i className="bi bi-image" /></div>;
  }
  return <img src={pkg.imageUrl!} alt="" className="rounded object-fit-cover" width={56} height={40} onError={() => setFailed(true)} />;
}

/** The price in the package's own currency; a custom amount shows its floor when it has one. */
export const priceText = (p: PackageView) => {
  const currency = currencyOf(p.currency);
  const money = formatMoney(p.priceCents, currency);
  return p.customAmountEnabled ? `Custom amount${p.priceCents >= minimumOf(currency) ? ` from ${money}` : ''}` : money;
};

export function PackagesListPage() {
  usePageTitle('Packages', [{ title: 'Form Builder', path: paths.formBuilder.list }]);
  const canAccess = useAccess();
  const { items, error, isLoading, isLoadingMore, hasMore, loadMore, reload } = usePackages();
  const [deleting, setDeleting] = useState<PackageView | null>(null);
  const canWrite = canAccess({ module: 'Forms', action: 'write' });
  const canDelete = canAccess({ module: 'Forms', action: 'delete' });
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="packages-title">
      <div className="card-header bg-transparent py-3 d-flex justify-content-between align-items-center">
        <h2 id="packages-title" className="h6 fw-bold mb-0">Packages</h2>
        {canWrite && <Link to={paths.leadGeneration.add} className="btn btn-primary"><i className="bi bi-plus-lg me-1" aria-hidden="true" />Add Package</Link>}
      </div>
      <div className="card-body p-0">
        <ListBody
          loading={isLoading}
          loadingLabel="Loading packages..."
          error={error}
          errorText="The packages could not be loaded."
          empty={items.length === 0}
          emptyText="No packages yet."
        >
          <ResponsiveTable>
            <thead>
              <tr>
                <th scope="col" className="ps-4"><span className="visually-hidden">Image</span></th>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col">Online payment</th>
                <th scope="col" className="text-end pe-4"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id}>
                  <td className="ps-4"><Thumb pkg={p} /></td>
                  <td className="fw-semibold">{p.name}</td>
                  <td>{priceText(p)}</td>
                  <td>{p.isPayable ? <span className="badge bg-success-subtle text-success-emphasis">Payable</span> : <span className="badge bg-secondary-subtle text-secondary-emphasis">No</span>}</td>
                  <td className="text-end pe-4 text-nowrap">
                    {canWrite && <EditLink to={packageEditPath(p.id)} name={p.name} />}
                    {canDelete && <DeleteButton name={p.name} onClick={() => setDeleting(p)} />}
                  </td>
                </tr>
              ))}
            </tbody>
            </ResponsiveTable>
        </ListBody>
      </div>
      <LoadMoreFooter hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} />
      <DeleteDialog item={deleting} nameOf={(p) => p.name} noun="package" deletedText="Package deleted." remove={(p) => deletePackage(p.id)} onClose={() => setDeleting(null)} onDeleted={reload}>
        <p className="mb-0">Forms stop offering it. Leads and payments keep its name.</p>
      </DeleteDialog>
    </section>
  );
}

export { PackagesListPage as Component };
