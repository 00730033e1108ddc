// The toolbar under the header: page title with breadcrumbs, and actions. Its layout (classic, saas,
// accounting, extended, reports) comes from the layout configuration.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { ToolbarLayout } from '../../lib/layout-config';
import { useRoles } from '../../lib/roles';
import { CreateModal } from './create-modal';
import { PageTitle } from './page-title';
import { useQuickActions } from './use-quick-actions';

/** The Create button; shown when at least one create page exists for this member. */
export function CreateButton({ className }: { className?: string }) {
  const actions = useQuickActions();
  const { loading } = useRoles();
  const [show, setShow] = useState(false);
  // While the roles load, its place is kept (a wrapped toolbar on a phone would grow when it arrives).
  if (loading) {
    return (
      <span className={`btn btn-sm px-3 invisible ${className ?? ''}`} aria-hidden="true">
        <i className="bi bi-plus-lg me-1" />
        Create
      </span>
    );
  }
  if (actions.length === 0) return null;
  return (
    <>
      <button type="button" className={`btn btn-primary btn-sm px-3 ${className ?? ''}`} onClick={() => setShow(true)}>
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        Create
      </button>
      <CreateModal show={show} onHide={() => setShow(false)} actions={actions} />
    </>
  );
}

function ToolbarExtras({ layout }: { layout: ToolbarLayout }) {
  switch (layout) {
    case 'saas':
      return (
        <Link to={paths.builder} className="btn btn-light btn-sm">
          <i className="bi bi-sliders me-1" aria-hidden="true" />
          Customize
        </Link>
      );
    case 'accounting':
      return (
        <span className="toolbar-chip">
          <i className="bi bi-calendar3 me-2" aria-hidden="true" />
          {new Intl.DateTimeFormat(undefined, { dateStyle: 'full' }).format(new Date())}
        </span>
      );
    case 'reports':
      return (
        <button type="button" className="btn btn-light btn-sm" onClick={() => window.print()}>
          <i className="bi bi-printer me-1" aria-hidden="true" />
          Print
        </button>
      );
    default:
      return null;
  }
}

export function Toolbar({ layout, container }: { layout: ToolbarLayout; container: string }) {
  const stacked = layout === 'extended';
  return (
    <section className={`app-toolbar toolbar-${layout}`} aria-label="Page title and actions">
      <div className={`${container} d-flex ${stacked ? 'flex-column align-items-start' : 'flex-wrap align-items-center justify-content-between'} gap-3`}>
        <PageTitle breadcrumbs description={layout === 'saas'} />
        <div className="d-flex align-items-center gap-2 flex-wrap">
          <ToolbarExtras layout={layout} />
          <CreateButton />
        </div>
      </div>
    </section>
  );
}
