// /profile ('My Profile') and the account pages at /crafted/account/* (overview and settings).
import { Navigate, Route, Routes } from 'react-router-dom';
import type { UserDetails } from '../../../lib/auth';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/layout';
import { AccountHeader } from '../components/account-header';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccount } from '../components/delete-account';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileOverview } from '../components/profile-overview';

function WithUser({ children }: { children: (user: UserDetails) => React.ReactNode }) {
  const { currentUser, userLoading } = useAuth();
  if (currentUser) return children(currentUser);
  if (userLoading) return <Loading label="Loading your profile..." showLabel />;
  return (
    <div className="alert alert-danger" role="alert">
      Your profile could not be loaded. Please reload the page.
    </div>
  );
}

function Overview({ overviewPath }: { overviewPath: string }) {
  return (
    <WithUser>
      {(user) => (
        <>
          <AccountHeader user={user} overviewPath={overviewPath} />
          <ProfileOverview user={user} />
        </>
      )}
    </WithUser>
  );
}

export function ProfilePage() {
  usePageTitle('My Profile', [{ title: 'Account' }]);
  return <Overview overviewPath={paths.profile} />;
}

function AccountOverview() {
  usePageTitle('Overview', [{ title: 'Account', path: paths.account.overview }]);
  return <Overview overviewPath={paths.account.overview} />;
}

function AccountSettings() {
  usePageTitle('Settings', [{ title: 'Account', path: paths.account.overview }]);
  return (
    <WithUser>
      {(user) => (
        <>
          <AccountHeader user={user} overviewPath={paths.account.overview} />
          <div className="d-grid gap-4">
            <ProfileDetailsForm key={user.id} user={user} />
            <ChangePasswordForm />
            <DeleteAccount />
          </div>
        </>
      )}
    </WithUser>
  );
}

export function AccountPage() {
  return (
    <Routes>
      <Route path="overview" element={<AccountOverview />} />
      <Route path="settings" element={<AccountSettings />} />
      <Route path="*" element={<Navigate to={paths.account.overview} replace />} />
    </Routes>
  );
}
