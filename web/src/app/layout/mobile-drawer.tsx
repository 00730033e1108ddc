// Below lg the menu is a drawer (react-bootstrap Offcanvas): its backdrop closes it on click.
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/logo';
import { APP_NAME } from '../../config/app';
import { paths } from '../../config/paths';
import { useSignOut } from './sign-out-dialog';
import { SidebarNav } from './sidebar';

export function MobileDrawer({ show, onHide, width }: { show: boolean; onHide: () => void; width: string }) {
  const signOut = useSignOut();
  return (
    <Offcanvas id="app-drawer" show={show} onHide={onHide} placement="start" className="app-drawer" style={{ width }} aria-labelledby="app-drawer-title">
      <Offcanvas.Header closeButton closeVariant="white" closeLabel="Close menu">
        <Offcanvas.Title id="app-drawer-title" as="div">
          <Link to={paths.dashboard} className="d-flex align-items-center gap-2 text-decoration-none text-white" onClick={onHide}>
            <LogoMark size={30} />
            <span className="fw-bold">{APP_NAME}</span>
          </Link>
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column p-0">
        <SidebarNav />
        <div className="app-sidebar-footer">
          <button
            type="button"
            className="btn app-sidebar-signout w-100"
            onClick={() => {
              onHide();
              signOut();
            }}
          >
            <i className="bi bi-box-arrow-right" aria-hidden="true" />
            <span className="menu-title">Sign out</span>
          </button>
        </div>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
