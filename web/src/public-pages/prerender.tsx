// Build time only (web/vite-public-pages.ts loads it through Vite's module runner): a public page's
// first paint as HTML, rendered with no parameters, so it shows the page's skeleton (title, layout,
// labels, reserved space for the clinic's data) that the browser then hydrates.
import { renderToString } from 'react-dom/server';
import type { PublicPage } from '#shared/public-pages';
import * as booking from './booking';
import * as form from './form';
import * as manage from './manage';
import * as request from './request';

const entries: Record<PublicPage['name'], { render(params: string[]): React.ReactElement }> = { booking, form, request, manage };

export const prerender = (name: PublicPage['name']): string => renderToString(entries[name].render([]));
