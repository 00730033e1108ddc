// /forms and /form-builder (Forms read): the organisation's forms, newest first, with their
// submissions, the public page (owner: the address needs the integration key), edit and delete.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AddLink, EditDeleteActions } from '../../../components/row-actions';
import { DeleteDialog } from '../../../components/delete-dialog';
import { ACTIONS, ListCard } from '../../../components/list-card';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess, useRoles } from '../../../lib/roles';
import { deleteForm, useForms, useIntegrationKey, type FormView } from '../api/forms';
import { formatDate } from '../components/status';
import { formEditPath, formSubmissionsPath, publicFormPath } from '../lib';

export function FormsListPage() {
  usePageTitle('All Forms', [{ title: 'Forms', path: paths.forms.list }]);
  const canAccess = useAccess();
  const { isOwner } = useRoles();
  const forms = useForms();
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
    <ListCard
      titleId="forms-title"
      title="Forms"
      actions={
        canWrite && (
          <>
            <Link to={paths.forms.add} className="btn btn-light">
              Add Form
            </Link>
            <AddLink to={paths.formBuilder.create} icon="bi-ui-checks">Create Form</AddLink>
          </>
        )
      }
      // The owner's rows get the public page's buttons with the key: the rows appear with them.
      list={{ ...forms, isLoading: forms.isLoading || (isOwner && integration.isLoading) }}
      noun="forms"
      empty={forms.items.length === 0}
      emptyText="No forms yet."
      columns={['Name', 'Fields', 'Packages', 'Updated', ACTIONS]}
      dialogs={
        <DeleteDialog item={deleting} nameOf={(f) => f.name} noun="form" deletedText="Form deleted." remove={(f) => deleteForm(f.id)} onClose={() => setDeleting(null)} onDeleted={forms.reload}>
          <p className="mb-0">The form and its public page go away. Its submissions and payments are kept.</p>
        </DeleteDialog>
      }
    >
      {forms.items.map((form) => (
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
            <EditDeleteActions name={form.name} editTo={formEditPath(form.id)} canEdit={canWrite} canDelete={canDelete} onDelete={() => setDeleting(form)} />
          </td>
        </tr>
      ))}
    </ListCard>
  );
}

export { FormsListPage as Component };
