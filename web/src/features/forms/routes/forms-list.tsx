// /forms and /form-builder (Forms read): the organisation's forms, newest first, with their
// submissions, the public page (owner: the address needs the integration key), edit and delete.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DeleteButton, EditLink } from '../../../components/row-actions';
import { DeleteDialog } from '../../../components/delete-dialog';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { ListBody } from '../../../components/list-body';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess, useRoles } from '../../../lib/roles';
import { deleteForm, useForms, useIntegrationKey, type FormView } from '../api/forms';
import { formatDate } from '../components/status';
import { formEditPath, formSubmissionsPath, publicFormPath } from '../lib';
import { ResponsiveTable } from '../../../components/responsive-table';

export function FormsListPage() {
  usePageTitle('All Forms', [{ title: 'Forms', path: paths.forms.list }]);
  const canAccess = useAccess();
  const { isOwner } = useRoles();
  const { items, error, isLoading, isLoadingMore, hasMore, loadMore, reload } = useForms();
  const integration = useIntegrationKey(isOwner);
  const [deleting, setDeleting] = useState<FormView | null>(null);
  const canWrite = canAccess({ module: 'Forms', action: 'write' });
  const canDelete = canAccess({ module: 'Forms', action: 'delete' });
  const apiKey = integration.data?.apiKey;

  const copyLink = async (form: FormView) => {
    const url = `${window.location.origin}${publicFormPath(form.id, apiKey!)}`;
    try {
      await navigator.clipboard.writeText(url);
      notify.success('The public link is copied.');
    } catch {
      notify.warn(url);
    }
  };

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="forms-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <h2 id="forms-title" className="h6 fw-bold mb-0">
          Forms
        </h2>
        {canWrite && (
          <div className="d-flex gap-2">
            <Link to={paths.forms.add} className="btn btn-light">
              Add Form
            </Link>
            <Link to={paths.formBuilder.create} className="btn btn-primary">
              <i className="bi bi-ui-checks me-1" aria-hidden="true" />
              Create Form
            </Link>
          </div>
        )}
      </div>
      <div className="card-body p-0">
        <ListBody
          loading={isLoading}
          loadingLabel="Loading forms..."
          error={error}
          errorText="The forms could not be loaded."
          onRetry={reload}
          empty={items.length === 0}
          emptyText="No forms yet."
        >
          <ResponsiveTable>
            <thead>
              <tr>
                <th scope="col" className="ps-4">Name</th>
                <th scope="col">Fields</th>
                <th scope="col">Packages</th>
                <th scope="col">Updated</th>
                <th scope="col" className="text-end pe-4"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {items.map((form) => (
                <tr key={form.id}>
                  <td className="ps-4 fw-semibold text-body-emphasis">
                    <Link to={formEditPath(form.id)} className="text-reset">{form.name}</Link>
                  </td>
                  <td>{form.fields.length}</td>
                  <td>{form.packageIds.length}</td>
                  <td className="small text-body-secondary">{formatDate(form.updatedAt)}</td>
                  <td className="text-end pe-4 text-nowrap">
                    <Link to={formSubmissionsPath(form.id)} className="btn btn-sm btn-light me-1">
                      <i className="bi bi-inbox" aria-hidden="true" /> Submissions
                    </Link>
                    {apiKey && (
                      <>
                        <a href={publicFormPath(form.id, apiKey)} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-light me-1" aria-label={`Open the public page of ${form.name}`}>
                          <i className="bi bi-box-arrow-up-right" aria-hidden="true" />
                        </a>
                        <button type="button" className="btn btn-sm btn-light me-1" onClick={() => void copyLink(form)} aria-label={`Copy the public link of ${form.name}`}>
                          <i className="bi bi-link-45deg" aria-hidden="true" />
                        </button>
                      </>
                    )}
                    {canWrite && <EditLink to={formEditPath(form.id)} name={form.name} />}
                    {canDelete && <DeleteButton name={form.name} onClick={() => setDeleting(form)} />}
                  </td>
                </tr>
              ))}
            </tbody>
            </ResponsiveTable>
        </ListBody>
      </div>
      <LoadMoreFooter hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} />
      <DeleteDialog item={deleting} nameOf={(f) => f.name} noun="form" deletedText="Form deleted." remove={(f) => deleteForm(f.id)} onClose={() => setDeleting(null)} onDeleted={reload}>
        <p className="mb-0">The form and its public page go away. Its submissions and payments are kept.</p>
      </DeleteDialog>
    </section>
  );
}

export { FormsListPage as Component };
