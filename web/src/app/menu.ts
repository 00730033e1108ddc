// The sidebar menu (spec section 2): one typed list. A feature adds its entries here (its pages go in
// routes.tsx). Entries show only when their path is registered and the member has the access they need;
// a group shows when any of its entries shows; a heading when anything below it (before the next
// heading) shows.
import { paths } from '../config/paths';
import { calendarAccess, leadGeneration, reportsAccess, type Access } from '../lib/access';

export type MenuItem =
  | { type: 'link'; title: string; to: string; icon?: string; access?: Access }
  | { type: 'group'; title: string; icon?: string; access?: Access; children: MenuItem[] }
  | { type: 'heading'; title: string };

export const menu: MenuItem[] = [
  { type: 'link', title: 'Dashboard', to: paths.dashboard, icon: 'bi-grid-1x2' },
  { type: 'link', title: 'Reports', to: paths.reports, icon: 'bi-bar-chart-line', access: reportsAccess },
  { type: 'heading', title: 'User Management' },
  {
    type: 'group',
    title: 'Members',
    icon: 'bi-people',
    access: { module: 'Members' },
    children: [
      { type: 'link', title: 'All Members', to: paths.members.list, access: { module: 'Members' } },
      { type: 'link', title: 'Add Member', to: paths.members.add, access: { module: 'Members', action: 'write' } },
    ],
  },
  { type: 'heading', title: 'Service Management' },
  { type: 'link', title: 'Calendar', to: paths.calendar, icon: 'bi-calendar3', access: calendarAccess },
  {
    type: 'group',
    title: 'Appointments',
    icon: 'bi-calendar2-week',
    access: { module: 'Appointment' },
    children: [
      { type: 'link', title: 'All Appointments', to: paths.appointments.list, access: { module: 'Appointment' } },
      { type: 'link', title: 'My Appointments', to: paths.appointments.my, access: { module: 'Appointment', owner: 'exclude' } },
      { type: 'link', title: 'Book Appointment', to: paths.appointments.book, access: { module: 'Appointment', action: 'write' } },
    ],
  },
  { type: 'link', title: 'Services', to: paths.services, icon: 'bi-clipboard2-pulse', access: { module: 'Appointment' } },
  { type: 'link', title: 'Customers', to: paths.customers.list, icon: 'bi-person-vcard', access: { module: 'Appointment' } },
  { type: 'link', title: 'SMS', to: paths.sms, icon: 'bi-chat-left-text', access: { module: 'Appointment' } },
  { type: 'heading', title: 'Forms' },
  {
    type: 'group',
    title: 'Forms',
    icon: 'bi-ui-checks',
    access: { module: 'Forms' },
    children: [
      { type: 'link', title: 'All Forms', to: paths.forms.list, access: { module: 'Forms' } },
      { type: 'link', title: 'Add Form', to: paths.forms.add, access: { module: 'Forms', action: 'write' } },
      { type: 'link', title: 'Create Form', to: paths.forms.create, access: { module: 'Forms', action: 'write' } },
      { type: 'link', title: 'Leads', to: paths.forms.leads, access: { module: 'Forms' } },
    ],
  },
  { type: 'heading', title: 'Bookings' },
  {
    type: 'group',
    title: 'Bookings',
    icon: 'bi-journal-bookmark',
    access: { module: 'Bookings' },
    children: [
      { type: 'link', title: 'Bookings', to: paths.bookings.list, access: { module: 'Bookings' } },
      { type: 'link', title: 'All Booking Packages', to: paths.bookings.packages, access: { module: 'Bookings' } },
      { type: 'link', title: 'Add Booking Package', to: paths.bookings.addPackage, access: { module: 'Bookings', action: 'write' } },
      { type: 'link', title: 'Availability', to: paths.bookings.availability, access: { module: 'Bookings' } },
      { type: 'link', title: 'Practitioners', to: paths.bookings.practitioners, access: { module: 'Bookings' } },
    ],
  },
  { type: 'heading', title: 'Form Builder' },
  {
    type: 'group',
    title: 'Form Builder',
    icon: 'bi-tools',
    access: { module: 'Forms' },
    children: [
      { type: 'link', title: 'Create Form', to: paths.formBuilder.create, access: { module: 'Forms', action: 'write' } },
      { type: 'link', title: 'Forms List', to: paths.formBuilder.list, access: { module: 'Forms' } },
      {
        type: 'group',
        title: 'Packages',
        access: leadGeneration('read'),
        children: [
          { type: 'link', title: 'Add Package', to: paths.leadGeneration.add, access: leadGeneration('write') },
          { type: 'link', title: 'Packages', to: paths.leadGeneration.list, access: leadGeneration('read') },
        ],
      },
    ],
  },
  { type: 'heading', title: 'Organisation' },
  { type: 'link', title: 'Organisation', to: paths.organization, icon: 'bi-building' },
  { type: 'link', title: 'Set-up Wizard', to: paths.wizards.setup, icon: 'bi-magic', access: { owner: 'only' } },
  { type: 'link', title: 'Notifications', to: paths.notifications, icon: 'bi-bell', access: { module: 'Notifications' } },
  { type: 'link', title: 'Logs', to: paths.logs, icon: 'bi-journal-text', access: { owner: 'only' } },
  { type: 'heading', title: 'Account' },
  { type: 'link', title: 'My Profile', to: paths.profile, icon: 'bi-person-circle' },
  { type: 'link', title: 'Account Settings', to: paths.account.settings, icon: 'bi-gear' },
  { type: 'link', title: 'Layout Builder', to: paths.builder, icon: 'bi-layout-text-sidebar-reverse' },
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
  return kept.filter((item, i) => item.type !== 'heading' || (kept[i + 1] !== undefined && kept[i + 1]!.type !== 'heading'));
}

/** Every path a menu item or its descendants link to (to open the group of the current page). */
export function menuPaths(item: MenuItem): string[] {
  if (item.type === 'link') return [item.to];
  if (item.type === 'group') return item.children.flatMap(menuPaths);
  return [];
}
