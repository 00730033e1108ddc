// The dashboard's count tiles (spec section 2). A tile shows when a page is registered at its path
// and the member has the access it names.
import { paths } from '../../config/paths';
import type { Access } from '../../lib/access';
import type { DashboardSummary } from './api/get-dashboard';

export interface Tile {
  title: string;
  count: keyof DashboardSummary;
  to: string;
  access: Access;
  icon: string;
  tone: 'primary' | 'info' | 'warning' | 'success' | 'danger';
}

export const TILES: Tile[] = [
  { title: 'Members', count: 'members', to: paths.members.list, access: { module: 'Members' }, icon: 'bi-people', tone: 'primary' },
  { title: 'Appointments', count: 'appointments', to: paths.appointments.list, access: { module: 'Appointment' }, icon: 'bi-calendar2-week', tone: 'info' },
  {
    title: 'My Appointments',
    count: 'myAppointments',
    to: paths.appointments.my,
    access: { module: 'Appointment', owner: 'exclude' },
    icon: 'bi-calendar2-check',
    tone: 'warning',
  },
  { title: 'Forms', count: 'forms', to: paths.forms.list, access: { module: 'Forms' }, icon: 'bi-ui-checks-grid', tone: 'success' },
  { title: 'Bookings', count: 'bookings', to: paths.bookings.list, access: { module: 'Bookings' }, icon: 'bi-journal-bookmark', tone: 'danger' },
];

export function visibleTiles(tiles: Tile[], isRegistered: (path: string) => boolean, canAccess: (access: Access) => boolean): Tile[] {
  return tiles.filter((t) => isRegistered(t.to) && canAccess(t.access));
}
