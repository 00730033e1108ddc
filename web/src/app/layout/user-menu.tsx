// The avatar menu (spec section 2): picture, names, Verified badge, email, My Profile, Sign out.
import Dropdown from '../../components/dropdown';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/avatar';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useSignOut } from './sign-out-dialog';
import { IconToggle } from './icon-toggle';

export function UserMenu() {
  const { currentUser } = useAuth();
  const signOut = useSignOut();
  const name = [currentUser?.firstName, currentUser?.lastName].filter(Boolean).join(' ') || currentUser?.email || 'Your account';
  return (
    <Dropdown align="end">
      <Dropdown.Toggle as={IconToggle} id="user-menu-toggle" className="p-0 ms-1" aria-label={`Account menu for ${name}`}>
        <Avatar src={currentUser?.profilePictureUrl} size={36} alt="" />
      </Dropdown.Toggle>
      <Dropdown.Menu className="user-menu shadow border-0 p-2">
        <div className="d-flex align-items-center gap-3 px-2 py-2">
          <Avatar src={currentUser?.profilePictureUrl} size={48} alt="Profile picture" />
          <div className="min-w-0">
            <div className="d-flex align-items-center gap-2 flex-wrap">
              <span className="fw-bold text-body-emphasis text-truncate">{name}</span>
              {currentUser &&
                (currentUser.isEmailVerified ? (
                  <span className="badge bg-success-subtle text-success-emphasis">Verified</span>
                ) : (
                  <span className="badge bg-warning-subtle text-warning-emphasis">Not Verified</span>
                ))}
            </div>
            <div className="small text-body-secondary text-truncate">{currentUser?.email}</div>
          </div>
        </div>
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={paths.profile} className="rounded-2 py-2">
          <i className="bi bi-person me-2" aria-hidden="true" />
          My Profile
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.account.settings} className="rounded-2 py-2">
          <i className="bi bi-gear me-2" aria-hidden="true" />
          Account Settings
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.account.security} className="rounded-2 py-2">
          <i className="bi bi-shield-lock me-2" aria-hidden="true" />
          Sign-in &amp; security
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" className="rounded-2 py-2" onClick={signOut}>
          <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
          Sign out
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
