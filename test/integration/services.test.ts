// Service categories and services over HTTP: CRUD, unique names, the dashboard's kept services
// counter, categories deletable only when empty, filters, stale versions and the refusals.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpOwner, type Owner } from '../support/api';
import { addMember, logs, perms, type Member } from '../support/members';
import { apiKeyOf } from './appointments-support';
import type { Json } from '../support/json';

const services = async (token: string) => (await api('GET', '/dashboard', { token })).body.data.services as number;

describe('service categories and services', () => {
  let owner: Owner;
  let reader: Member;
  let writer: Member;
  let other: Owner;
  beforeAll(async () => {
    owner = await signUpOwner('svc');
    other = await signUpOwner('svcother');
    [reader, writer] = await Promise.all([
      addMember(owner, perms({ Appointment: 'r' }), { tag: 'svcreader' }),
      addMember(owner, perms({ Appointment: 'rw' }), { tag: 'svcwriter' }),
    ]);
  });

  it('creates, reads, renames and deletes a category; names are unique (case and accents aside)', async () => {
    const created = await api('POST', '/service-categories', { token: writer.token, body: { name: 'Physiotherapy', description: 'Movement' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Physiotherapy', serviceCount: 0, version: 1 });
    const id = created.body.data.id;
    const dup = await api('POST', '/service-categories', { token: writer.token, body: { name: '  PHYSIOTHERAPY ' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A category with this name already exists.');
    expect((await api('GET', `/service-categories/${id}`, { token: reader.token })).body.data.name).toBe('Physiotherapy');

    const renamed = await api('PUT', `/service-categories/${id}`, { token: writer.token, body: { name: 'Physio', version: 1 } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Physio', version: 2 });
    expect(renamed.body.data.description).toBeUndefined();
    const stale = await api('PUT', `/service-categories/${id}`, { token: writer.token, body: { name: 'Physio 2', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This category was changed by someone else. Reload and try again.');
    // The old name is free again.
    const reuse = await api('POST', '/service-categories', { token: writer.token, body: { name: 'Physiotherapy' } });
    expect(reuse.status).toBe(201);

    const list = await api('GET', '/service-categories', { token: reader.token });
    expect(list.body.data.items.map((c: Json) => c.name)).toEqual(['Physio', 'Physiotherapy']);
    expect((await api('GET', '/service-categories?search=physiot', { token: reader.token })).body.data.items.map((c: Json) => c.name)).toEqual(['Physiotherapy']);

    expect((await api('DELETE', `/service-categories/${id}`, { token: writer.token })).status).toBe(403); // needs delete
    expect((await api('DELETE', `/service-categories/${id}`, { token: owner.token })).status).toBe(200);
    expect((await api('GET', `/service-categories/${id}`, { token: owner.token })).status).toBe(404);
  });

  it('keeps the services counter and the category count with each create and delete', async () => {
    const cat = (await api('POST', '/service-categories', { token: owner.token, body: { name: 'Dental' } })).body.data;
    const before = await services(owner.token);
    const created = await api('POST', '/services', { token: writer.token, body: { categoryId: cat.id, name: 'Cleaning', durationMinutes: 30, priceCents: 8500 } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Cleaning', active: true, durationMinutes: 30, priceCents: 8500, version: 1 });
    expect(await services(owner.token)).toBe(before + 1);
    expect((await api('GET', `/service-categories/${cat.id}`, { token: owner.token })).body.data.serviceCount).toBe(1);
    expect((await api('GET', `/services/${created.body.data.id}`, { token: reader.token })).body.data.name).toBe('Cleaning');

    const notEmpty = await api('DELETE', `/service-categories/${cat.id}`, { token: owner.token });
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.body.message).toBe('This category still has services. Move or delete them first.');

    const dupName = await api('POST', '/services', { token: writer.token, body: { categoryId: cat.id, name: 'cleaning', durationMinutes: 30, priceCents: 1 } });
    expect(dupName.status).toBe(409);
    expect(dupName.body.message).toBe('A service with this name already exists.');
    expect(await services(owner.token)).toBe(before + 1);

    const del = await api('DELETE', `/services/${created.body.data.id}`, { token: owner.token });
    expect(del.status).toBe(200);
    expect(await services(owner.token)).toBe(before);
    expect((await api('GET', `/service-categories/${cat.id}`, { token: owner.token })).body.data.serviceCount).toBe(0);
    expect((await api('DELETE', `/service-categories/${cat.id}`, { token: owner.token })).status).toBe(200);
    const audit = (await logs(owner)).filter((e) => e.recordId === created.body.data.id);
    expect(audit.map((e) => `${e.module}:${e.action}`)).toEqual(['Services:delete', 'Services:create']);
  });

  it('updates a service (moving category, deactivating), filters the list and shows only active ones publicly', async () => {
    const a = (await api('POST', '/service-categories', { token: owner.token, body: { name: 'General' } })).body.data;
    const b = (await api('POST', '/service-categories', { token: owner.token, body: { name: 'Lab' } })).body.data;
    const mk = (name: string, categoryId: string, active = true) =>
      api('POST', '/services', { token: owner.token, body: { categoryId, name, durationMinutes: 15, priceCents: 1000, active } }).then((r) => r.body.data);
    const consult = await mk('Consultation', a.id);
    await mk('Blood test', b.id);
    await mk('Archived visit', a.id, false);

    const moved = await api('PUT', `/services/${consult.id}`, { token: writer.token, body: { categoryId: b.id, name: 'Consultation', durationMinutes: 45, priceCents: 12000, active: true, version: 1 } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ categoryId: b.id, durationMinutes: 45, version: 2 });
    expect((await api('GET', `/service-categories/${a.id}`, { token: owner.token })).body.data.serviceCount).toBe(1);
    expect((await api('GET', `/service-categories/${b.id}`, { token: owner.token })).body.data.serviceCount).toBe(2);
    const stale = await api('PUT', `/services/${consult.id}`, { token: writer.token, body: { categoryId: b.id, name: 'Consultation', durationMinutes: 60, priceCents: 1, active: true, version: 1 } });
    expect(stale.status).toBe(409);

    const names = (r: Json) => r.body.data.items.map((s: Json) => s.name);
    expect(names(await api('GET', `/services?categoryId=${b.id}`, { token: reader.token }))).toEqual(['Blood test', 'Consultation']);
    expect(names(await api('GET', '/services?active=true', { token: reader.token }))).toEqual(['Blood test', 'Consultation']);
    expect(names(await api('GET', '/services?active=false', { token: reader.token }))).toEqual(['Archived visit']);
    expect(names(await api('GET', '/services?search=bl', { token: reader.token }))).toEqual(['Blood test']);
    const paged = await api('GET', '/services?pageSize=2', { token: reader.token });
    expect(names(paged)).toEqual(['Archived visit', 'Blood test']);
    expect(names(await api('GET', `/services?pageSize=2&cursor=${paged.body.data.nextCursor}`, { token: reader.token }))).toEqual(['Consultation']);

    const deactivated = await api('PUT', `/services/${consult.id}`, { token: owner.token, body: { categoryId: b.id, name: 'Consultation', durationMinutes: 45, priceCents: 12000, active: false } });
    expect(deactivated.body.data.active).toBe(false);
    const page = await api('GET', `/public/appointments/${await apiKeyOf(owner.token)}`);
    expect(page.body.data.services.map((s: Json) => s.name)).toEqual(['Blood test']);
  });

  it('validates input and refuses without permission, token or the right organisation', async () => {
    const cat = (await api('POST', '/service-categories', { token: owner.token, body: { name: 'Checks' } })).body.data;
    const bad = await api('POST', '/services', { token: owner.token, body: { categoryId: cat.id, name: '', durationMinutes: 2, priceCents: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: 'Service name is required', durationMinutes: 'Duration must be at least 5 minutes', priceCents: 'Price cannot be negative' });
    const noCat = await api('POST', '/services', { token: owner.token, body: { categoryId: 'nope', name: 'Thing', durationMinutes: 10, priceCents: 0 } });
    expect(noCat.status).toBe(400);
    expect(noCat.body.errors).toEqual({ categoryId: 'Please select a category' });
    expect((await api('POST', '/service-categories', { token: owner.token, body: { name: '' } })).body.errors).toEqual({ name: 'Category name is required' });

    expect((await api('POST', '/service-categories', { token: reader.token, body: { name: 'Nope' } })).status).toBe(403);
    expect((await api('POST', '/services', { token: reader.token, body: {} })).status).toBe(403);
    expect((await api('GET', '/services')).status).toBe(401);
    const svc = (await api('POST', '/services', { token: owner.token, body: { categoryId: cat.id, name: 'Mine', durationMinutes: 10, priceCents: 0 } })).body.data;
    expect((await api('GET', `/services/${svc.id}`, { token: other.token })).status).toBe(404);
    expect((await api('PUT', `/services/${svc.id}`, { token: other.token, body: { categoryId: cat.id, name: 'Theirs', durationMinutes: 10, priceCents: 0 } })).status).toBe(404);
    expect((await api('DELETE', `/services/${svc.id}`, { token: other.token })).status).toBe(404);
    expect((await api('GET', `/service-categories/${cat.id}`, { token: other.token })).status).toBe(404);
    expect((await api('GET', '/services', { token: other.token })).body.data.items).toEqual([]);
    expect((await api('GET', '/service-categories', { token: other.token })).body.data.items).toEqual([]);
  });
});
