// The sidebar menu (spec section 2): one typed list. A feature adds its entries here (its pages go in
// routes.tsx). Entries show only when their path is registered and the member has the access they need;
// a group shows when any of its entries shows; a heading when anything below it (before the next
// heading) shows.
import { paths } from '../config/paths';
import { calendarAccess, leadGeneration, reportsAccess, type Access } from '../lib/access';
import { PATIENT_ACCESS } from '#shared/permissions';

export type MenuItem =
  | { type: 'link'; title: string; to: string; icon?: string; access?: Access }
  | { type: 'group'; title: string; icon?: string; access?: Access; children: MenuItem[] }
  | { type: 'heading'; title: string };

type Module = NonNullable<Access['module']>;
/** A link of a module's group: its title, path and what it needs besides reading the module. */
type ModuleLink = readonly [title: string, to: string, more?: Omit<Access, 'module'>];

const link = (title: string, to: string, icon?: string, access?: Access): MenuItem => ({ type: 'link', title, to, icon, access });
const WRITE = { action: 'write' } as const;

/** A module's group: it and each of its links need to read the module; a link may need more (WRITE). */
function moduleGroup(title: string, icon: string, module: Module, links: (ModuleLink | MenuItem)[]): MenuItem {
  const children = links.map((l): MenuItem => ('type' in l ? l : { type: 'link', title: l[0], to: l[1], access: { module, ...l[2] } }));
  return { type: 'group', title, icon, access: { module }, children };
}

export const menu: MenuItem[] = [
  link('Dashboard', paths.dashboard, 'bi-grid-1x2'),
  link('Reports', paths.reports, 'bi-bar-chart-line', reportsAccess),
  { type: 'heading', title: 'User Management' },
  moduleGroup('Members', 'bi-people', 'Members', [
    ['All Members', paths.members.list],
    ['Add Member', paths.members.add, WRITE],
  ]),
  { type: 'heading', title: 'Service Management' },
  link('Calendar', paths.calendar, 'bi-calendar3', calendarAccess),
  moduleGroup('Appointments', 'bi-calendar2-week', 'Appointment', [
    ['All Appointments', paths.appointments.list],
    ['My Appointments', paths.appointments.my, { owner: 'exclude' }],
    ['Book Appointment', paths.appointments.book, WRITE],
  ]),
  link('Services', paths.services, 'bi-clipboard2-pulse', { module: 'Appointment' }),
  link('Customers', paths.customers.list, 'bi-person-vcard', { module: 'Appointment' }),
  link('Patients', paths.patients.list, 'bi-person-lines-fill', PATIENT_ACCESS.read),
  link('SMS', paths.sms, 'bi-chat-left-text', { module: 'Appointment' }),
  { type: 'heading', title: 'Forms' },
  moduleGroup('Forms', 'bi-ui-checks', 'Forms', [
    ['All Forms', paths.forms.list],
    ['Add Form', paths.forms.add, WRITE],
    ['Create Form', paths.forms.create, WRITE],
    ['Leads', paths.forms.leads],
  ]),
  { type: 'heading', title: 'Bookings' },
  moduleGroup('Bookings', 'bi-journal-bookmark', 'Bookings', [
    ['Bookings', paths.bookings.list],
    ['Book a Series', paths.bookings.bookSeries, WRITE],
    ['All Booking Packages', paths.bookings.packages],
    ['Add Booking Package', paths.bookings.addPackage, WRITE],
    ['Availability', paths.bookings.availability],
    ['Practitioners', paths.bookings.practitioners],
    ['Waitlist', paths.bookings.waitlist],
  ]),
  { type: 'heading', title: 'Form Builder' },
  moduleGroup('Form Builder', 'bi-tools', 'Forms', [
    ['Create Form', paths.formBuilder.create, WRITE],
    ['Forms List', paths.formBuilder.list],
    {
      type: 'group',
      title: 'Packages',
      access: leadGeneration('read'),
      children: [link('Add Package', paths.leadGeneration.add, undefined, leadGeneration('write')), link('Packages', paths.leadGeneration.list, undefined, leadGeneration('read'))],
    },
  ]),
  { type: 'heading', title: 'Organisation' },
  link('Organisation', paths.organization, 'bi-building'),
  link('Set-up Wizard', paths.wizards.setup, 'bi-magic', { owner: 'only' }),
  link('Notifications', paths.notifications, 'bi-bell', { module: 'Notifications' }),
  link('Logs', paths.logs, 'bi-journal-text', { owner: 'only' }),
  { type: 'heading', title: 'Account' },
  link('My Profile', paths.profile, 'bi-person-circle'),
  link('Account Settings', paths.account.settings, 'bi-gear'),
  link('Layout Builder', paths.builder, 'bi-layout-text-sidebar-reverse'),
];

export type Visible = (item: { to: string; access?: Access }) => boolean;

/** The menu this member sees. */
export function visibleMenu(items: MenuItem[], visible: Visible, canAccess: (a: Access | undefined) => boolean): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of items) {
    if (item.type === 'link') {
      if (visible(item)) kept.push(item);
    } else if (item.type === 'group') {
      if (!canAccess(item.access)) continue;
      const children = visibleMenu(item.children, visible, canAccess);
      if (children.some((c) => c.type !== 'heading')) kept.push({ ...item, children });
    } else {
      kept.push(item);
    }
  }
  // Drop headings with nothing under them.
  return kept.filter((item, i) => item.type !== 'heading' || (kept[i + 1] !== undefined && kept[i + 1].type !== 'heading'));
}

/** Every path a menu item or its descendants link to (to open the group of the current page). */
export function menuPaths(item: MenuItem): string[] {
  if (item.type === 'link') return [item.to];
  if (item.type === 'group') return item.children.flatMap(menuPaths);
  return [];
}
