// Signed-in pages: the guard, roles, layout configuration and the shell (a lazy chunk).
import { Outlet } from 'react-router-dom';
import { LayoutProvider, PageDataProvider } from '../lib/layout';
import { RolesProvider } from '../lib/roles';
import { AccessGate, RequireAuth } from './guards';
import { MasterLayout } from './layout/master-layout';

export function Protected() {
  return (
    <RequireAuth>
      <RolesProvider>
        <LayoutProvider>
          <PageDataProvider>
            <MasterLayout>
              <AccessGate>
                <Outlet />
              </AccessGate>
            </MasterLayout>
          </PageDataProvider>
        </LayoutProvider>
      </RolesProvider>
    </RequireAuth>
  );
}

export { Protected as Component };
