import { describe, expect, it } from 'vitest';
import { trail } from './page-title';

describe('breadcrumb trail', () => {
  it("drops a last crumb that repeats the page's title, and keeps the rest", () => {
    expect(trail([{ title: 'Bookings', path: '/bookings' }], 'Bookings')).toEqual([]);
    expect(trail([{ title: 'Service Management' }, { title: 'Appointments', path: '/appointments' }], 'All Appointments')).toHaveLength(2);
    expect(trail(undefined, 'Dashboard')).toEqual([]);
  });
});
