import { describe, expect, it } from 'vitest';
import { hasAccess } from '../../lib/access';
import { entry } from '../../testing/render';
import { TILES, visibleTiles } from './tiles';

const all = () => true;
const titles = (registered: (p: string) => boolean, roles: Parameters<typeof hasAccess>[0]) =>
  visibleTiles(TILES, registered, (a) => hasAccess(roles, a)).map((t) => t.title);

describe('dashboard tiles', () => {
  it('show only for registered pages', () => {
    expect(titles(() => false, { roles: [], isOwner: true })).toEqual([]);
    expect(titles((p) => p === '/member', { roles: [], isOwner: true })).toEqual(['Members']);
  });

  it('need read on their module; My Appointments is for non-owners with Appointment read', () => {
    expect(titles(all, { roles: [], isOwner: true })).toEqual(['Members', 'Appointments', 'Forms', 'Bookings']);
    expect(titles(all, { roles: [entry('Appointment', { read: true })], isOwner: false })).toEqual(['Appointments', 'My Appointments']);
    expect(titles(all, { roles: [entry('FORMS', { read: true }), entry('BOOKING_PACKAGES', { read: true })], isOwner: false })).toEqual(['Forms', 'Bookings']);
  });

  it('link to the spec paths', () => {
    expect(TILES.map((t) => t.to)).toEqual(['/member', '/appointments', '/appointments/my', '/forms', '/bookings']);
  });
});
