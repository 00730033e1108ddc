// Build time only (web/vite-auth-first-paint.ts loads it through Vite's module runner): the sign-in
// screen as HTML, for index.html to show on /auth while the console's code loads. Its controls are
// disabled: the live screen replaces it (AuthLayout) before anyone could lose what they typed.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { paths } from '../../config/paths';
import { FIRST_PAINT_ID } from '../../lib/splash';
import { AuthFrame } from './components/auth-frame';
import { SignInScreen } from './routes/register-email';

export const renderFirstPaint = (): string =>
  renderToString(
    <StaticRouter location={paths.auth.root}>
      <div id={FIRST_PAINT_ID}>
        <AuthFrame>
          <fieldset disabled>
            <SignInScreen status={null} onSubmit={() => Promise.resolve(undefined)} />
          </fieldset>
        </AuthFrame>
      </div>
    </StaticRouter>,
  );
