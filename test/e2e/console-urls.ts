// Every console page as a URL, derived from the route registry (a new page is visited by the tests
// that walk the console without a change here, unless it takes an id).
import { consoleRoutes } from '../../web/src/app/routes';
import type { Page } from 'playwright-core';
import type { OwnerWithData } from './owner-with-data';

/** Every registered route as a URL, with the owner's own ids in place of path parameters. */
export function consoleUrls(owner: OwnerWithData): string[] {
  const ids: Record<string, string> = {
    '/member/:id': owner.ids.member,
    '/appointments/:id': owner.ids.appointment,
    '/customers/:id': owner.ids.customer,
    '/lead-generation/:id': owner.ids.formPackage,
    '/bookings/booking/:id': owner.ids.booking,
    '/bookings/packages/:id': owner.ids.bookingPackage,
    '/bookings/practitioners/:id': owner.ids.practitioner,
    '/form-builder/:id': owner.ids.form,
    '/form-builder/:id/submissions': owner.ids.form,
    '/forms/leads/:id': owner.ids.lead,
    // A patient is the clinic's customer (same id; functions/domain/patients).
    '/patients/:id': owner.ids.customer,
    '/bookings/series/:id': owner.ids.series,
  };
  const urls = consoleRoutes.flatMap((route) => {
    if (route.path.endsWith('/*')) {
      const base = route.path.slice(0, -2);
      return base === '/crafted/account' ? [`${base}/overview`, `${base}/settings`] : [base];
    }
    if (!route.path.includes(':')) return [route.path];
    const id = ids[route.path];
    if (!id) throw new Error(`No id to visit ${route.path}: add one to consoleUrls`);
    return [route.path.replace(/:\w+/, id)];
  });
  // My Appointments is for non-owners; the owner is sent to the dashboard, which is measured anyway.
  return urls.filter((u) => u !== '/appointments/my');
}

/** Client-side navigation (the router follows popstate): no reload of the console per page. */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
