// The console's root (a lazy chunk): data fetching, theme, session and toasts for the auth screens
// and the signed-in pages. Public pages never load it.
import { Outlet } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { fetcher } from '../lib/api';
import { AuthProvider } from '../lib/auth';
import { TOAST_DEFAULTS } from '../lib/notify';
import { RegistryProvider } from '../lib/registry';
import { ThemeProvider, useTheme } from '../lib/theme-provider';
import { isRegistered } from './routes';

const registry = { isRegistered };

function Toasts() {
  const { effective } = useTheme();
  return <ToastContainer {...TOAST_DEFAULTS} theme={effective} />;
}

export function ConsoleRoot() {
  return (
    <SWRConfig value={{ fetcher, revalidateOnFocus: false, errorRetryCount: 2 }}>
      <ThemeProvider>
        <AuthProvider>
          <RegistryProvider value={registry}>
            <Outlet />
          </RegistryProvider>
        </AuthProvider>
        <Toasts />
      </ThemeProvider>
    </SWRConfig>
  );
}

export { ConsoleRoot as Component };
