import { APP_NAME, COMPANY } from '../../config/app';

export function Footer({ container }: { container: string }) {
  return (
    <footer className="app-footer">
      <div className={`${container} d-flex flex-column flex-md-row align-items-center justify-content-between gap-1 py-3 small`}>
        <span className="text-body-secondary">
          © {new Date().getFullYear()} <span className="fw-semibold text-body">{APP_NAME}</span>
        </span>
        <span className="text-body-secondary">
          Crafted by <span className="fw-semibold text-body">{COMPANY.name}</span>
        </span>
      </div>
    </footer>
  );
}
