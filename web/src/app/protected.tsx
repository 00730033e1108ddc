// Signed-in pages: the guard, roles, layout configuration and the shell (a lazy chunk).
import { Outlet } from 'react-router-dom';
import { LayoutProvider, PageDataProvider } from '../lib/layout';
import { RolesProvider } from '../lib/roles';
import { AccessGate, RequireAuth } from './guards';
import { MasterLayout } from './layout/master-layout';
import { SessionWatch } from './session-watch';

export function Protected() {
  return (
    <RequireAuth>
      <RolesProvider>
        <LayoutProvider>
          <PageDataProvider>
            <MasterLayout>
              <SessionWatch>
                <AccessGate>
                  <Outlet />
                </AccessGate>
              </SessionWatch>
            </MasterLayout>
          </PageDataProvider>
        </LayoutProvider>
      </RolesProvider>
    </RequireAuth>
  );
}

export { Protected as Component };
