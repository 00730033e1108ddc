// The toolbar's Create dialog: quick links to create pages that exist and the member may use.
import Modal from '../../components/modal';
import { Link } from 'react-router-dom';
import type { Access } from '../../lib/access';
import type { QuickAction } from '../routes';

export type AvailableAction = QuickAction & { to: string; access?: Access };

export function CreateModal({ show, onHide, actions }: { show: boolean; onHide: () => void; actions: AvailableAction[] }) {
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="create-title">
      <Modal.Header closeButton>
        <Modal.Title id="create-title" as="h2" className="h5 fw-bold">
          Create
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-3">
        <div className="d-grid gap-2">
          {actions.map((a) => (
            <Link key={a.to} to={a.to} onClick={onHide} className="quick-action d-flex align-items-center gap-3 p-3 rounded-3 text-decoration-none">
              <span className="quick-action-icon" aria-hidden="true">
                <i className={`bi ${a.icon}`} />
              </span>
              <span className="min-w-0">
                <span className="d-block fw-semibold text-body-emphasis">{a.title}</span>
                <span className="d-block small text-body-secondary">{a.description}</span>
              </span>
              <i className="bi bi-chevron-right ms-auto text-body-secondary" aria-hidden="true" />
            </Link>
          ))}
        </div>
      </Modal.Body>
    </Modal>
  );
}
