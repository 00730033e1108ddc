// A list row's Edit link and Delete button (the Delete opens the page's DeleteDialog), alike on every
// list that edits and deletes its rows.
import { Link } from 'react-router-dom';

export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link to={to} className="btn btn-sm btn-light me-1" aria-label={`Edit ${name}`}>
      <i className="bi bi-pencil" aria-hidden="true" /> Edit
    </Link>
  );
}

export function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-sm btn-light text-danger" onClick={onClick} aria-label={`Delete ${name}`}>
      <i className="bi bi-trash" aria-hidden="true" /> Delete
    </button>
  );
}

/** A list header's main action: a link to the page that adds one. */
export function AddLink({ to, icon = 'bi-plus-lg', children }: { to: string; icon?: string; children: string }) {
  return (
    <Link to={to} className="btn btn-primary text-nowrap">
      <i className={`bi ${icon} me-1`} aria-hidden="true" />
      {children}
    </Link>
  );
}

/** A row's Edit and Delete, each where the member may. */
export function EditDeleteActions({ name, editTo, canEdit, canDelete, onDelete }: { name: string; editTo: string; canEdit: boolean; canDelete: boolean; onDelete: () => void }) {
  return (
    <>
      {canEdit && <EditLink to={editTo} name={name} />}
      {canDelete && <DeleteButton name={name} onClick={onDelete} />}
    </>
  );
}
