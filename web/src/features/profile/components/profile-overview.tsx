import { Link } from 'react-router-dom';
import type { UserDetails } from '../../../lib/auth';
import { genderLabel } from '../../../components/basic-details-fields';
import { paths } from '../../../config/paths';
import { fullName } from './account-header';

export function ProfileOverview({ user }: { user: UserDetails }) {
  const rows: [string, string | undefined][] = [
    ['Full name', fullName(user)],
    ['Username', user.username],
    ['Email', user.email],
    ['Phone number', user.phoneNumber],
    ['Gender', genderLabel(user.gender)],
    ['City', user.city],
    ['Country', user.country],
  ];
  return (
    <div className="card border-0 shadow-sm">
      <div className="card-header bg-transparent d-flex align-items-center justify-content-between py-3">
        <h2 className="h6 fw-bold mb-0">Profile details</h2>
        <Link to={paths.account.settings} className="btn btn-sm btn-primary">
          Edit Profile
        </Link>
      </div>
      <div className="card-body">
        <dl className="row mb-0 profile-details">
          {rows.map(([label, value]) => (
            <div key={label} className="col-12 d-flex flex-column flex-sm-row py-2">
              <dt className="col-sm-4 fw-semibold text-body-secondary">{label}</dt>
              <dd className="col-sm-8 mb-0 fw-semibold text-body-emphasis">{value || <span className="text-body-tertiary fw-normal">Not Provided</span>}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
