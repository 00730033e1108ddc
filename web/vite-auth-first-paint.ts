// The sign-in screen's first paint (/auth), completed into the console's index.html at build.
// Without it, /auth paints only once the console's stylesheet and its code (entry, vendor, route table,
// providers, the auth screens) have loaded: seconds on a phone. With it, index.html holds:
// - in <head>, the CSS of that screen (Bootstrap, the app's stylesheet and its icons, reduced to what
//   its HTML uses: pageCss of vite-public-pages.ts) inline;
// - at the top of <body>, the screen prerendered (src/features/auth/first-paint.tsx) in a <template>,
//   and a small script that shows it instead of the splash screen where the live screen would be the
//   same: /auth or /auth/register-email, nobody signed in (no session cookie), no message passed to the
//   screen (history state). On other console paths the template stays inert: nothing of it renders.
// The console's stylesheet does not hold it back: the console's code loads it (src/main.tsx).
// The auth layout removes the first paint as it renders (removeFirstPaint in lib/splash.ts).
// `vite dev` leaves index.html as it is (splash screen, then the app).
import { basename, join } from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { pageCss } from './vite-public-pages.ts';
import { ICON_FONT_NAME, iconCss, usedIcons } from './vite-icons.ts';
import { TOKEN_COOKIE } from './src/lib/session.ts';
import { FIRST_PAINT_ID } from './src/lib/splash.ts';

const TEMPLATE_ID = `${FIRST_PAINT_ID}-html`;

/** Plain ES5 like index.html's theme script (it runs before any bundle). */
const SHOW_SCRIPT =
  '<script>(function(){try{' +
  `if(!/^\\/auth(\\/register-email)?\\/?$/.test(location.pathname)||/(^|;\\s*)${TOKEN_COOKIE}=/.test(document.cookie)||(history.state&&history.state.usr))return;` +
  `var t=document.getElementById('${TEMPLATE_ID}');document.body.insertBefore(t.content.cloneNode(true),t);document.body.classList.remove('page-loading');` +
  '}catch(e){}})();</script>';

export function authFirstPaint(): Plugin {
  let root = '';
  let base = '/';
  let renderer: Promise<{ renderFirstPaint: () => string }> | undefined;
  return {
    name: 'clinic-auth-first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (basename(ctx.filename) !== 'index.html' || !ctx.bundle) return html;
        renderer ??= runnerImport<{ renderFirstPaint: () => string }>(join(root, 'src', 'features', 'auth', 'first-paint.tsx'), {
          configFile: false,
          root,
          logLevel: 'error',
        }).then((r) => r.module);
        const screen = (await renderer).renderFirstPaint();
        const font = Object.values(ctx.bundle).find((file) => file.type === 'asset' && file.names.includes(ICON_FONT_NAME));
        if (!font) throw new Error(`The build has no ${ICON_FONT_NAME} (web/vite-icons.ts)`);
        // The page around the screen (html, body) counts too: Bootstrap's reboot styles them.
        const css = (await pageCss([], html + screen)) + '\n' + iconCss(usedIcons([screen]), base + font.fileName);
        return html
          .replace('</head>', `<style>${css}</style>\n</head>`)
          .replace(/<body[^>]*>/, (body) => `${body}\n<template id="${TEMPLATE_ID}">${screen}</template>${SHOW_SCRIPT}`);
      },
    },
  };
}
