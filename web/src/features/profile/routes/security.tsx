// /crafted/account/security: two-step sign-in, recovery codes, sessions, and (for the owner) the
// organisation's sign-in settings. Its own lazy chunk: the QR code library loads only here.
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { SESSION_KEY } from '../../../lib/account-session';
import { useAuth } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/layout';
import { useRoles } from '../../../lib/roles';
import { AccountHeader } from '../components/account-header';
import { OrgSecurityCard } from '../components/org-security-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { useApi } from '../../../lib/swr';

export function SecurityPage() {
  usePageTitle('Sign-in & security', [{ title: 'Account', path: paths.account.overview }]);
  const { currentUser, userLoading } = useAuth();
  const { isOwner } = useRoles();
  const { data } = useApi(SESSION_KEY);
  const mustSetUp = data?.twoFactorRequired && !data.twoFactorEnabled;
  return (
    <>
      {currentUser ? <AccountHeader user={currentUser} overviewPath={paths.account.overview} /> : userLoading && <Loading label="Loading your profile..." showLabel />}
      {mustSetUp && (
        <div className="alert alert-warning" role="alert">
          Your organisation requires two-step sign-in. Please set it up to continue.
        </div>
      )}
      <div className="d-grid gap-4">
        <TwoFactorCard />
        <SessionsCard />
        {isOwner && <OrgSecurityCard />}
      </div>
    </>
  );
}

export { SecurityPage as Component };
