// The current page's title, breadcrumbs and description, as the page declared them (usePageTitle).
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { usePageData, type Breadcrumb } from '../../lib/layout';

interface PageTitleProps {
  breadcrumbs: boolean;
  description: boolean;
  className?: string;
}

/** The crumbs before the current page: a last crumb that only repeats the page's title is dropped. */
export function trail(crumbs: Breadcrumb[] | undefined, title: string): Breadcrumb[] {
  const list = crumbs ?? [];
  return list.at(-1)?.title === title ? list.slice(0, -1) : list;
}

export function PageTitle({ breadcrumbs, description, className }: PageTitleProps) {
  const page = usePageData();
  // Until the page names itself (its module loads after the shell), the block keeps its height, so the
  // page below does not move down when the title arrives.
  if (!page.title) {
    return (
      <div className={`page-title d-flex flex-column justify-content-center min-w-0 ${className ?? ''}`} aria-hidden="true">
        <div className="h1 page-heading fw-bold mb-0">&nbsp;</div>
        {breadcrumbs && (
          <div className="mt-1">
            <div className="breadcrumb page-breadcrumb mb-0">&nbsp;</div>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className={`page-title d-flex flex-column justify-content-center min-w-0 ${className ?? ''}`}>
      <h1 className="page-heading fw-bold text-body-emphasis mb-0 text-truncate">{page.title}</h1>
      {description && page.description && <p className="text-body-secondary small mb-0 mt-1">{page.description}</p>}
      {breadcrumbs && (
        <nav aria-label="Breadcrumb" className="mt-1">
          <ol className="breadcrumb page-breadcrumb mb-0">
            <li className="breadcrumb-item">
              <Link to={paths.dashboard}>Home</Link>
            </li>
            {trail(page.breadcrumbs, page.title).map((crumb) => (
              <li key={`${crumb.title}-${crumb.path ?? ''}`} className="breadcrumb-item">
                {crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title}
              </li>
            ))}
            <li className="breadcrumb-item active" aria-current="page">
              {page.title}
            </li>
          </ol>
        </nav>
      )}
    </div>
  );
}
