// Booking packages over HTTP: create, list a page at a time, read, change, deactivate and (soft)
// delete, one audit entry per write; the public list shows only what can be booked; the refusals.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpOwner, type Owner } from '../support/api';
import { testDb } from '../support/db';
import { addMember, logs, perms } from '../support/members';

let owner: Owner;
let apiKey: string;

beforeAll(async () => {
  owner = await signUpOwner('bpkg');
  apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
});

const create = (body: Record<string, unknown>, token = owner.token) => api('POST', '/bookings/packages', { token, body });

describe('booking packages (staff)', () => {
  it('creates a package with the price in dollars, stored in cents, and audits it', async () => {
    const res = await create({ packageName: '  Initial consultation ', packagePrice: '49.99', packageDescription: 'Sixty minutes with a clinician.', redirectionUrl: 'https://clinic.example.com/thanks' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      packageName: 'Initial consultation', packagePrice: 49.99, packagePriceCents: 4999, packageDescription: 'Sixty minutes with a clinician.',
      redirectionUrl: 'https://clinic.example.com/thanks', isActive: true, deletedAt: null,
    });
    expect(res.body.data.createdAt).toBe(res.body.data.updatedAt);
    const { client, table } = testDb();
    const stored = await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}#BPKG#${res.body.data.id}`, sk: 'BPKG' } }));
    expect(stored.Item).toMatchObject({ packagePriceCents: 4999 });
    expect(stored.Item!.packagePrice).toBeUndefined();
    const entries = (await logs(owner)).filter((e) => e.recordId === res.body.data.id);
    expect(entries).toEqual([expect.objectContaining({ module: 'BOOKING_PACKAGES', action: 'create', recordType: 'booking-package' })]);

    const read = await api('GET', `/bookings/packages/${res.body.data.id}`, { token: owner.token });
    expect(read.body.data).toEqual(res.body.data);
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ packagePrice: 10 }, 'packageName', 'Package name is required'],
      [{ packageName: 'X', packagePrice: 0.3 }, 'packagePrice', 'A booking package needs a price of at least $0.50.'],
      [{ packageName: 'X', packagePrice: 10.005 }, 'packagePrice', 'Price must be a number of dollars with at most 2 decimals'],
      [{ packageName: 'X', packagePrice: 'ten' }, 'packagePrice', 'Price must be a number of dollars with at most 2 decimals'],
      [{ packageName: 'X', packagePrice: 10, redirectionUrl: 'javascript:alert(1)' }, 'redirectionUrl', 'Redirection URL must start with https:// (or / for a page of this site)'],
      [{ packageName: 'X', packagePrice: 10, redirectionUrl: 'clinic.example.com' }, 'redirectionUrl', 'Redirection URL must start with https:// (or / for a page of this site)'],
    ];
    const before = (await logs(owner)).length;
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field]).toBe(message);
    }
    expect((await logs(owner)).length).toBe(before);
  });

  it('lists packages newest first, a page at a time, also as /bookings/get-packages', async () => {
    const o = await signUpOwner('bpkglist');
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) ids.push((await create({ packageName: name, packagePrice: 10 }, o.token)).body.data.id);
    const first = await api('GET', '/bookings/packages?limit=2', { token: o.token });
    expect(first.body.data.items.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const second = await api('GET', `/bookings/packages?limit=2&cursor=${first.body.data.nextCursor}`, { token: o.token });
    expect(second.body.data.items.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    expect(second.body.data.nextCursor).toBeUndefined();
    const alias = await api('GET', '/bookings/get-packages', { token: o.token });
    expect(alias.body.data.items.map((p: { packageName: string }) => p.packageName)).toEqual(['Three', 'Two', 'One']);
    expect((await api('GET', '/bookings/packages?limit=0', { token: o.token })).status).toBe(400);
  });

  it('updates, deactivates and reactivates; the public page offers only active packages', async () => {
    const pkg = (await create({ packageName: 'Massage', packagePrice: 80 })).body.data;
    const renamed = await api('PUT', `/bookings/packages/${pkg.id}`, { token: owner.token, body: { packageName: 'Deep massage', packagePrice: 95.5 } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ packageName: 'Deep massage', packagePrice: 95.5, packagePriceCents: 9550, isActive: true, packageDescription: '' });
    expect(renamed.body.data.updatedAt > pkg.updatedAt).toBe(true);

    const publicIds = async () => {
      const res = await api('POST', '/bookings/available-packages', { body: { apiKey } });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.data)).toBe(true);
      return (res.body.data as { id: string }[]).map((p) => p.id);
    };
    expect(await publicIds()).toContain(pkg.id);
    const off = await api('PUT', `/bookings/packages/${pkg.id}`, { token: owner.token, body: { isActive: false } });
    expect(off.body.data).toMatchObject({ isActive: false, packageName: 'Deep massage' });
    expect(await publicIds()).not.toContain(pkg.id);
    // Still listed for staff, and back on when reactivated.
    expect((await api('GET', '/bookings/packages?limit=100', { token: owner.token })).body.data.items.map((p: { id: string }) => p.id)).toContain(pkg.id);
    await api('PUT', `/bookings/packages/${pkg.id}`, { token: owner.token, body: { isActive: true } });
    expect(await publicIds()).toContain(pkg.id);

    const publicView = (await api('POST', '/bookings/available-packages', { body: { apiKey } })).body.data.find((p: { id: string }) => p.id === pkg.id);
    // Its length is the clinic's slot (it has none of its own), and no practitioner offers it.
    expect(publicView).toEqual({ id: pkg.id, packageName: 'Deep massage', packagePrice: 95.5, packagePriceCents: 9550, packagePriceMinor: 9550, currency: 'usd', packageDescription: '', isActive: true, durationMinutes: 30, practitioners: [],
      // Issue 36: what a booking of it pays now and at the visit (a package from before: all now).
      paymentPolicy: { mode: 'full', dueNowMinor: 9550, dueAtVisitMinor: 0, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: null },
      // Issue 36: no intake form asked.
      intakeFormId: null, intakeTiming: null,
      // Issue 37: patients may not book it as a series (the default).
      allowSeries: false, seriesPayment: 'per_visit', seriesMaxVisits: 12 });

    const summaries = (await logs(owner)).filter((e) => e.recordId === pkg.id).map((e) => e.summary);
    expect(summaries).toEqual([
      'Activated booking package "Deep massage"',
      'Deactivated booking package "Deep massage"',
      'Updated booking package "Deep massage" (packageName, packagePrice)',
      'Created booking package "Massage"',
    ]);
    expect((await api('PUT', `/bookings/packages/${pkg.id}`, { token: owner.token, body: {} })).status).toBe(400);
    expect((await api('PUT', `/bookings/packages/${pkg.id}`, { token: owner.token, body: { redirectionUrl: 'ftp://x' } })).status).toBe(400);
  });

  it('deletes softly: gone from the lists and the public page, kept in the table with deletedAt', async () => {
    const pkg = (await create({ packageName: 'Old offer', packagePrice: 15 })).body.data;
    const res = await api('DELETE', `/bookings/packages/${pkg.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.deletedAt).toBeTruthy();
    expect((await api('GET', `/bookings/packages/${pkg.id}`, { token: owner.token })).status).toBe(404);
    expect((await api('PUT', `/bookings/packages/${pkg.id}`, { token: owner.token, body: { isActive: true } })).status).toBe(404);
    expect((await api('DELETE', `/bookings/packages/${pkg.id}`, { token: owner.token })).status).toBe(404);
    const staff = await api('GET', '/bookings/packages?limit=100', { token: owner.token });
    expect(staff.body.data.items.map((p: { id: string }) => p.id)).not.toContain(pkg.id);
    const pub = await api('POST', '/bookings/available-packages', { body: { apiKey } });
    expect(pub.body.data.map((p: { id: string }) => p.id)).not.toContain(pkg.id);
    const { client, table } = testDb();
    const stored = await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}#BPKG#${pkg.id}`, sk: 'BPKG' } }));
    expect(stored.Item).toMatchObject({ packageName: 'Old offer', deletedAt: res.body.data.deletedAt, isActive: false });
    expect((await logs(owner)).filter((e) => e.recordId === pkg.id && e.action === 'delete')).toHaveLength(1);
  });

  it("the public list gives a package the length its bookings take: its own with practitioners, the clinic's slot without", async () => {
    // A duration stored on a clinic-wide package (the editor offered it) is not what its bookings take:
    // that schedule books the clinic's slots (30 minutes here), so the page must not promise 50.
    const clinicWide = (await create({ packageName: 'Long visit', packagePrice: 50, durationMinutes: 50 })).body.data;
    const hours = [{ start: '09:00', end: '17:00' }];
    const ana = await api('POST', '/practitioners', { token: owner.token, body: { name: 'Ana Long', title: 'Physio', weeklyHours: { monday: hours, tuesday: hours } } });
    expect(ana.status, ana.body.message).toBe(201);
    const withAna = (await create({ packageName: 'Long visit with Ana', packagePrice: 50, durationMinutes: 50, practitionerIds: [ana.body.data.id] })).body.data;
    const listed = (await api('POST', '/bookings/available-packages', { body: { apiKey } })).body.data as { id: string; durationMinutes: number }[];
    expect(listed.find((p) => p.id === clinicWide.id)?.durationMinutes).toBe(30);
    expect(listed.find((p) => p.id === withAna.id)?.durationMinutes).toBe(50);
    // Staff still see what they stored.
    expect((await api('GET', `/bookings/packages/${clinicWide.id}`, { token: owner.token })).body.data.durationMinutes).toBe(50);
  });

  it('the public list needs a known apiKey', async () => {
    expect((await api('POST', '/bookings/available-packages', { body: {} })).status).toBe(400);
    const unknown = await api('POST', '/bookings/available-packages', { body: { apiKey: 'pk_doesnotexistdoesnotexist' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This booking page is not available. Please check the link.');
  });

  it('refuses without a token, without the module flags, and for another organisation', async () => {
    const pkg = (await create({ packageName: 'Guarded', packagePrice: 30 })).body.data;
    expect((await api('GET', '/bookings/packages')).status).toBe(401);
    expect((await api('POST', '/bookings/packages', { body: { packageName: 'X', packagePrice: 10 } })).status).toBe(401);

    const reader = await addMember(owner, perms({ BOOKING_PACKAGES: 'r' }));
    expect((await api('GET', '/bookings/packages', { token: reader.token })).status).toBe(200);
    expect((await api('GET', `/bookings/packages/${pkg.id}`, { token: reader.token })).status).toBe(200);
    expect((await create({ packageName: 'Nope', packagePrice: 10 }, reader.token)).status).toBe(403);
    expect((await api('PUT', `/bookings/packages/${pkg.id}`, { token: reader.token, body: { isActive: false } })).status).toBe(403);

    const writer = await addMember(owner, perms({ BOOKING_PACKAGES: 'rw' }));
    expect((await api('PUT', `/bookings/packages/${pkg.id}`, { token: writer.token, body: { packageName: 'Guarded 2' } })).status).toBe(200);
    expect((await api('DELETE', `/bookings/packages/${pkg.id}`, { token: writer.token })).status).toBe(403);

    const none = await addMember(owner, perms({ Members: 'r' }));
    expect((await api('GET', '/bookings/packages', { token: none.token })).status).toBe(403);

    const other = await signUpOwner('bpkgother');
    expect((await api('GET', `/bookings/packages/${pkg.id}`, { token: other.token })).status).toBe(404);
    expect((await api('PUT', `/bookings/packages/${pkg.id}`, { token: other.token, body: { isActive: false } })).status).toBe(404);
    expect((await api('DELETE', `/bookings/packages/${pkg.id}`, { token: other.token })).status).toBe(404);
    const mine = await api('GET', `/bookings/packages/${pkg.id}`, { token: owner.token });
    expect(mine.body.data).toMatchObject({ packageName: 'Guarded 2', isActive: true, deletedAt: null });
  });
});
