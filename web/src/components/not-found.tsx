import { Link } from 'react-router-dom';

/** Not-found page (spec section 2). Kept free of console code: the root error element uses it. */
export function NotFound() {
  return (
    <main className="d-flex flex-column align-items-center justify-content-center text-center min-vh-100 p-4">
      <div className="display-1 fw-bold text-primary mb-2" aria-hidden="true">
        404
      </div>
      <h1 className="h3 fw-bold mb-3">Oops! We can't find that page</h1>
      <p className="text-body-secondary mb-4">The page you are looking for does not exist or has moved.</p>
      <Link to="/dashboard" className="btn btn-primary px-4">
        Return Home
      </Link>
    </main>
  );
}
