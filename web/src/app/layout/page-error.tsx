// A page that fails to render shows this inside the shell, so the menu still works.
import { Link, Outlet, useRouteError } from 'react-router-dom';
import { errorDetail } from '../../components/route-error';
import { paths } from '../../config/paths';

export function PageError() {
  const error = useRouteError();
  console.error(error);
  const detail = errorDetail(error);
  return (
    <div className="card border-0 shadow-sm">
      <div className="card-body text-center py-5">
        <i className="bi bi-exclamation-triangle fs-1 text-warning" aria-hidden="true" />
        <h2 className="h4 fw-bold mt-3">Unexpected Application Error!</h2>
        {detail && <p className="text-body-secondary font-monospace small">{detail}</p>}
        <div className="d-flex gap-2 justify-content-center mt-3">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Try again
          </button>
          <Link to={paths.dashboard} className="btn btn-light">
            Return Home
          </Link>
        </div>
      </div>
    </div>
  );
}

export const Component = Outlet;
export const ErrorBoundary = PageError;
