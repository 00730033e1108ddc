// The profile card above the account pages: picture (with a change button), name, badges, tabs.
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { UserDetails } from '../../../lib/auth';
import { Avatar } from '../../../components/avatar';
import { paths } from '../../../config/paths';
import { PictureModal } from './picture-modal';

export function fullName(user: UserDetails | undefined): string {
  return [user?.firstName, user?.middleName, user?.lastName].filter(Boolean).join(' ') || user?.email || '';
}

export function AccountHeader({ user, overviewPath }: { user: UserDetails; overviewPath: string }) {
  const [picking, setPicking] = useState(false);
  const meta = [
    user.username && { icon: 'bi-at', text: user.username },
    (user.city || user.country) && { icon: 'bi-geo-alt', text: [user.city, user.country].filter(Boolean).join(', ') },
    { icon: 'bi-envelope', text: user.email },
  ].filter(Boolean) as { icon: string; text: string }[];
  return (
    <div className="card border-0 shadow-sm mb-4">
      <div className="card-body pb-0">
        <div className="d-flex flex-wrap flex-sm-nowrap gap-4 mb-3">
          <div className="position-relative flex-shrink-0 account-avatar">
            <Avatar src={user.profilePictureUrl} size={112} alt="Profile picture" className="rounded-4" />
            <button type="button" className="btn btn-sm btn-light account-avatar-edit shadow-sm" onClick={() => setPicking(true)} aria-label="Change profile picture" title="Change profile picture">
              <i className="bi bi-camera" aria-hidden="true" />
            </button>
          </div>
          <div className="flex-grow-1 min-w-0">
            <div className="d-flex align-items-center flex-wrap gap-2 mb-2">
              <h2 className="h4 fw-bold text-body-emphasis mb-0">{fullName(user)}</h2>
              {user.isEmailVerified ? (
                <span className="badge bg-success-subtle text-success-emphasis">
                  <i className="bi bi-patch-check-fill me-1" aria-hidden="true" />
                  Verified
                </span>
              ) : (
                <span className="badge bg-warning-subtle text-warning-emphasis">Not Verified</span>
              )}
            </div>
            <ul className="list-unstyled d-flex flex-wrap gap-3 small text-body-secondary mb-3">
              {meta.map((m) => (
                <li key={m.icon} className="d-flex align-items-center gap-1">
                  <i className={`bi ${m.icon}`} aria-hidden="true" />
                  {m.text}
                </li>
              ))}
            </ul>
            <button type="button" className="btn btn-sm btn-light" onClick={() => setPicking(true)}>
              <i className="bi bi-image me-1" aria-hidden="true" />
              Change picture
            </button>
          </div>
        </div>
        <nav aria-label="Account sections">
          <ul className="nav nav-underline account-tabs">
            <li className="nav-item">
              <NavLink to={overviewPath} end className="nav-link">
                Overview
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink to={paths.account.settings} className="nav-link">
                Settings
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink to={paths.account.security} className="nav-link">
                Sign-in &amp; security
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
      <PictureModal show={picking} onHide={() => setPicking(false)} />
    </div>
  );
}
