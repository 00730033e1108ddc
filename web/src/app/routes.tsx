// The console's route registry: one typed list. A feature adds its pages with one entry each (and,
// for the sidebar, one entry in menu.ts). List only pages that exist: menu entries, dashboard tiles
// and quick actions appear only for paths that a registered route matches.
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { firstRange } from '../features/calendar/range';
import { firstPeriod } from '../features/reports/first-period';
import { calendarAccess, leadGeneration, reportsAccess, type Access } from '../lib/access';
import { firstPageKey } from '../lib/paged';
import { apiKey } from '../lib/swr';
import { PATIENT_ACCESS } from '#shared/permissions';

export interface QuickAction {
  title: string;
  description: string;
  /** A bootstrap-icons class, e.g. 'bi-person-plus'. */
  icon: string;
  /** Where the action goes; defaults to the route's path. */
  to?: string;
}

export interface ConsoleRoute {
  /** Path from the site root; end with '/*' when the feature routes further itself. */
  path: string;
  /** What the member needs; checked by the route guard (no access: /dashboard). */
  access?: Access;
  /** The route module: resolves to { Component } (and optionally ErrorBoundary). */
  lazy: LazyRouteFunction<RouteObject>;
  /**
   * The swr keys (lib/swr.ts apiKey) of the GETs the page makes as it first renders at a URL with this
   * query: app/start-early.ts starts them beside the page's code, and the first render waits for
   * them with the shell's (so the page renders once, with its data). Keep it light: the route table
   * is in the console's first chunk. Only GETs the page's hooks make at once for a member who may make
   * them (a refused one is left to the page): an answer no hook takes stays preloaded (swr's preload)
   * until a hook asks for its key.
   */
  prefetch?: (search: URLSearchParams) => Prefetch[];
  /** Offer this page in the toolbar's Create dialog. */
  quickAction?: QuickAction;
}

/** A GET's swr key (lib/swr.ts apiKey), or the first page of a paged list (lib/paged.ts firstPageKey). */
export type Prefetch = string | { firstPage: string };

export interface RouteHandle {
  access?: Access;
  prefetch?: ConsoleRoute['prefetch'];
}

const formsListPrefetch: Prefetch[] = [{ firstPage: firstPageKey('/form-builder/form') }, apiKey('/organization/integration')];

const profileModule = () => import('../features/profile/routes/account');

export const consoleRoutes: ConsoleRoute[] = [
  { path: paths.dashboard, lazy: () => import('../features/dashboard/routes/dashboard') },
  { path: paths.builder, lazy: () => import('../features/builder/routes/builder') },
  { path: paths.profile, lazy: () => profileModule().then((m) => ({ Component: m.ProfilePage })) },
  // Its own chunk, so the QR code library loads only there.
  { path: paths.account.security, lazy: () => import('../features/profile/routes/security') },
  { path: `${paths.account.root}/*`, lazy: () => profileModule().then((m) => ({ Component: m.AccountPage })) },
  // Forms, form builder, leads and form packages. The spec guards /lead-generation/* with Appointment
  // read; its data (form packages) is the FORMS module's, so those pages need the Forms flag as well.
  // The forms, and the key of their public addresses its owner gets (refused for others).
  { path: paths.forms.list, access: { module: 'Forms' }, lazy: () => import('../features/forms/routes/forms-list'), prefetch: () => formsListPrefetch },
  { path: paths.formBuilder.list, access: { module: 'Forms' }, lazy: () => import('../features/forms/routes/forms-list'), prefetch: () => formsListPrefetch },
  { path: paths.forms.add, access: { module: 'Forms', action: 'write' }, lazy: () => import('../features/forms/routes/add-form') },
  {
    path: paths.forms.create,
    access: { module: 'Forms', action: 'write' },
    lazy: () => import('../features/forms/routes/form-builder'),
    quickAction: { title: 'Create Form', description: 'Build a form for your website', icon: 'bi-ui-checks' },
  },
  { path: paths.formBuilder.create, access: { module: 'Forms', action: 'write' }, lazy: () => import('../features/forms/routes/form-builder') },
  { path: paths.formBuilder.edit, access: { module: 'Forms' }, lazy: () => import('../features/forms/routes/form-builder') },
  { path: paths.formBuilder.submissions, access: { module: 'Forms' }, lazy: () => import('../features/forms/routes/form-submissions') },
  { path: paths.forms.leads, access: { module: 'Forms' }, lazy: () => import('../features/forms/routes/leads-list'), prefetch: () => [{ firstPage: firstPageKey('/leads') }] },
  { path: paths.forms.lead, access: { module: 'Forms' }, lazy: () => import('../features/forms/routes/lead-detail') },
  {
    path: paths.leadGeneration.list,
    access: leadGeneration('read'),
    lazy: () => import('../features/forms/routes/packages-list'),
    prefetch: () => [{ firstPage: firstPageKey('/packages') }],
  },
  { path: paths.leadGeneration.add, access: leadGeneration('write'), lazy: () => import('../features/forms/routes/package-edit') },
  { path: paths.leadGeneration.edit, access: leadGeneration('read'), lazy: () => import('../features/forms/routes/package-edit') },
  // Organisation, members, notifications, logs
  {
    path: paths.members.list,
    access: { module: 'Members' },
    lazy: () => import('../features/members/routes/members-list'),
    prefetch: () => [{ firstPage: firstPageKey('/organization/members') }],
  },
  {
    path: paths.members.add,
    access: { module: 'Members', action: 'write' },
    lazy: () => import('../features/members/routes/add-member'),
    quickAction: { title: 'Add Member', description: 'Invite someone to your organisation', icon: 'bi-person-plus' },
  },
  { path: paths.members.detail, access: { module: 'Members' }, lazy: () => import('../features/members/routes/edit-member') },
  {
    path: paths.organization,
    lazy: () => import('../features/organization/routes/organization'),
    // The profile, and the integration key and webhooks its owner sees (refused for others).
    prefetch: () => [apiKey('/organization/profile'), apiKey('/organization/integration'), apiKey('/organization/webhooks')],
  },
  { path: paths.notifications, access: { module: 'Notifications' }, lazy: () => import('../features/notifications/routes/notifications') },
  { path: paths.logs, access: { owner: 'only' }, lazy: () => import('../features/logs/routes/logs') },
  // Service management: appointments (the spec guards /appointments/* with Appointment read), and the
  // services, customers and SMS pages, which ride on the Appointment module's flags like their API.
  // The calendar: appointments and bookings together, each kind as far as the member may read it.
  {
    path: paths.calendar,
    access: calendarAccess,
    lazy: () => import('../features/calendar/routes/calendar'),
    // Its items, and the hours and practitioners of those who read bookings (refused, and left to the
    // page, for the others).
    prefetch: (search) => [apiKey('/calendar', firstRange(search, window.innerWidth)), apiKey('/bookings/availability'), apiKey('/practitioners')],
  },
  {
    path: paths.appointments.list,
    access: { module: 'Appointment' },
    lazy: () => import('../features/appointments/routes/appointments-list'),
    // The first page as the page opens (20 a page, numbered, newest first), and the assignees of those
    // who write (unused for the others).
    prefetch: () => [{ firstPage: firstPageKey('/appointments', { pageSize: 20, sizeParam: 'pageSize', numbered: true }) }, apiKey('/appointments/assignees')],
  },
  { path: paths.appointments.my, access: { module: 'Appointment', owner: 'exclude' }, lazy: () => import('../features/appointments/routes/my-appointments') },
  {
    path: paths.appointments.book,
    access: { module: 'Appointment', action: 'write' },
    lazy: () => import('../features/appointments/routes/book-appointment'),
    prefetch: () => [apiKey('/services', { active: true, pageSize: 100 })],
    quickAction: { title: 'Book Appointment', description: 'Book an appointment for a patient', icon: 'bi-calendar-plus' },
  },
  { path: paths.appointments.detail, access: { module: 'Appointment' }, lazy: () => import('../features/appointments/routes/appointment-detail') },
  { path: paths.services, access: { module: 'Appointment' }, lazy: () => import('../features/appointments/routes/services') },
  {
    path: paths.customers.list,
    access: { module: 'Appointment' },
    lazy: () => import('../features/appointments/routes/customers-list'),
    prefetch: () => [{ firstPage: firstPageKey('/customers', { sizeParam: 'pageSize' }) }],
  },
  { path: paths.customers.detail, access: { module: 'Appointment' }, lazy: () => import('../features/appointments/routes/customer-detail') },
  { path: paths.sms, access: { module: 'Appointment' }, lazy: () => import('../features/appointments/routes/sms'), prefetch: () => [{ firstPage: firstPageKey('/sms', { sizeParam: 'pageSize' }) }] },
  // Patients (issue 36): Appointment's flags, as their API (shared/permissions.ts PATIENT_ACCESS).
  { path: paths.patients.list, access: PATIENT_ACCESS.read, lazy: () => import('../features/patients/routes/patients-list'), prefetch: () => [{ firstPage: firstPageKey('/patients') }] },
  { path: paths.patients.detail, access: PATIENT_ACCESS.read, lazy: () => import('../features/patients/routes/patient-detail') },
  // Bookings: the bookings list and detail, booking packages, availability, practitioners
  {
    path: paths.bookings.list,
    access: { module: 'Bookings' },
    lazy: () => import('../features/bookings/routes/bookings-list'),
    // Its bookings, latest first, and the packages of its filter (features/bookings/api).
    prefetch: () => [
      { firstPage: firstPageKey('/bookings/bookings/list/all', { pageSize: 25, query: { order: 'desc' } }) },
      { firstPage: firstPageKey('/bookings/packages', { pageSize: 100 }) },
    ],
  },
  { path: paths.bookings.detail, access: { module: 'Bookings' }, lazy: () => import('../features/bookings/routes/booking-detail') },
  // A series of visits (issue 37): booked by staff with write, read with read.
  {
    path: paths.bookings.bookSeries,
    access: { module: 'Bookings', action: 'write' },
    lazy: () => import('../features/bookings/routes/book-series'),
    prefetch: () => [{ firstPage: firstPageKey('/bookings/packages', { pageSize: 100 }) }, apiKey('/practitioners')],
  },
  { path: paths.bookings.series, access: { module: 'Bookings' }, lazy: () => import('../features/bookings/routes/series-detail') },
  {
    path: paths.bookings.packages,
    access: { module: 'Bookings' },
    lazy: () => import('../features/bookings/routes/packages-list'),
    // The packages, and the booking page's key its owner gets (refused for others).
    prefetch: () => [{ firstPage: firstPageKey('/bookings/packages', { pageSize: 50 }) }, apiKey('/organization/integration')],
  },
  {
    path: paths.bookings.addPackage,
    access: { module: 'Bookings', action: 'write' },
    lazy: () => import('../features/bookings/routes/add-package'),
    // The form's practitioners, the clinic's currency (its price) and the forms it may ask before the visit.
    prefetch: () => [apiKey('/practitioners'), apiKey('/organization/profile'), { firstPage: firstPageKey('/form-builder/form', { pageSize: 100 }) }],
    quickAction: { title: 'Add Booking Package', description: 'Offer a new package on the booking page', icon: 'bi-calendar-plus' },
  },
  { path: paths.bookings.editPackage, access: { module: 'Bookings', action: 'write' }, lazy: () => import('../features/bookings/routes/edit-package') },
  {
    path: paths.bookings.availability,
    access: { module: 'Bookings' },
    lazy: () => import('../features/bookings/routes/availability'),
    // The hours, the calendar feeds, and the booking page's key its owner gets (refused for others).
    prefetch: () => [apiKey('/bookings/availability'), apiKey('/calendar/feeds'), apiKey('/organization/integration')],
  },
  {
    path: paths.bookings.waitlist,
    access: { module: 'Bookings' },
    lazy: () => import('../features/waitlist/routes/waitlist'),
    prefetch: () => [apiKey('/waitlist/summary'), apiKey('/waitlist', { status: 'waiting', limit: 100 }), apiKey('/waitlist/offers', { limit: 25 })],
  },
  // Practitioners (docs/practitioners.md): anyone who reads bookings sees them; the editor saves with write.
  {
    path: paths.bookings.practitioners,
    access: { module: 'Bookings' },
    lazy: () => import('../features/practitioners/routes/practitioners-list'),
    // The practitioners, the packages each one offers, the members they may be linked to, and the
    // booking page's key (features/practitioners, features/bookings; the last two refused for some).
    prefetch: () => [
      apiKey('/practitioners'),
      { firstPage: firstPageKey('/bookings/packages', { pageSize: 100 }) },
      { firstPage: firstPageKey('/organization/members', { pageSize: 100 }) },
      apiKey('/organization/integration'),
    ],
  },
  { path: paths.bookings.addPractitioner, access: { module: 'Bookings', action: 'write' }, lazy: () => import('../features/practitioners/routes/add-practitioner') },
  { path: paths.bookings.editPractitioner, access: { module: 'Bookings' }, lazy: () => import('../features/practitioners/routes/edit-practitioner') },
  // The spec's crafted pages: the set-up wizard (owner) and reports (chart.js loads with this route only)
  { path: paths.wizards.setup, access: { owner: 'only' }, lazy: () => import('../features/setup/routes/setup-wizard') },
  {
    path: paths.reports,
    access: reportsAccess,
    lazy: () => import('../features/reports/routes/reports'),
    // The first period's report, and its practitioners' for those who read bookings (refused for others).
    prefetch: () => {
      const period = firstPeriod();
      return [apiKey('/reports', period), apiKey('/reports/practitioners', period)];
    },
  },
];

const relative = (path: string) => path.replace(/^\//, '');

export function toRouteObject(route: ConsoleRoute): RouteObject {
  const handle: RouteHandle = { access: route.access, prefetch: route.prefetch };
  return { path: relative(route.path), handle, lazy: route.lazy };
}

/**
 * A route's path as React Router matches it (its compilePath): ':param' takes one segment, a trailing
 * '*' anything beneath (or nothing), letters in any case, a trailing slash allowed.
 */
export function routePattern(path: string): RegExp {
  const segments = relative(path).split('/');
  const splat = segments.at(-1) === '*';
  const source = (splat ? segments.slice(0, -1) : segments)
    .map((segment) => '\\/' + (segment.startsWith(':') ? '[^\\/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}${splat ? '(?:\\/.*)?' : ''}\\/*$`, 'i');
}

/**
 * The table compiled once. The shell asks for every menu entry, tile and link on its first render, and
 * matchRoutes would flatten, rank and compile the whole table on every call (tens of milliseconds of a
 * phone's first render for a menu's worth of paths); whether a path is registered needs no ranking.
 */
let patterns: RegExp[] | undefined;
const registered = new Map<string, boolean>();

/** True when a registered console route matches the path (query and hash ignored). */
export function isRegistered(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  let known = registered.get(pathname);
  if (known === undefined) {
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // Matched as given, like React Router does with a path it cannot decode.
    }
    patterns ??= consoleRoutes.map((r) => routePattern(r.path));
    known = patterns.some((p) => p.test(decoded));
    registered.set(pathname, known);
  }
  return known;
}

/** The toolbar's Create actions, from the registered routes. */
export function quickActions(): (QuickAction & { to: string; access?: Access })[] {
  return consoleRoutes
    .filter((r) => r.quickAction)
    .map((r) => ({ ...r.quickAction!, to: r.quickAction!.to ?? r.path.replace(/\/\*$/, ''), access: r.access }));
}
