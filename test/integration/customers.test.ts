// Customers over HTTP: CRUD with unique email and phone, found again by a booking (upsert), search,
// deletion only without appointments, stale versions and the refusals.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpOwner, type Owner } from '../support/api';
import { addMember, perms, type Member } from '../support/members';
import { apiKeyOf, book, bookingForm } from './appointments-support';
import type { Json } from '../support/json';

describe('customers', () => {
  let owner: Owner;
  let reader: Member;
  let other: Owner;
  beforeAll(async () => {
    owner = await signUpOwner('cust');
    other = await signUpOwner('custother');
    reader = await addMember(owner, perms({ Appointment: 'r' }), { tag: 'custreader' });
  });

  it('creates, reads, updates and deletes a customer; email and phone are unique in the organisation', async () => {
    const created = await api('POST', '/customers', { token: owner.token, body: { firstName: 'Carla', lastName: 'Customer', email: 'Carla@Example.com', phone: '+15550001111' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: 'carla@example.com', appointmentCount: 0, version: 1, fullName: 'Carla Customer' });
    const id = created.body.data.id;

    const sameEmail = await api('POST', '/customers', { token: owner.token, body: { firstName: 'Other', lastName: 'Person', email: 'carla@example.com' } });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('Another customer already has this email.');
    const samePhone = await api('POST', '/customers', { token: owner.token, body: { firstName: 'Other', lastName: 'Person', phone: '+15550001111' } });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.message).toBe('Another customer already has this phone number.');
    // Another organisation may have the same person.
    expect((await api('POST', '/customers', { token: other.token, body: { firstName: 'Carla', lastName: 'Customer', email: 'carla@example.com' } })).status).toBe(201);

    const updated = await api('PUT', `/customers/${id}`, { token: owner.token, body: { firstName: 'Carla', lastName: 'Changed', email: 'carla.new@example.com', phone: '+15550001111', notes: 'Prefers mornings', version: 1 } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ lastName: 'Changed', email: 'carla.new@example.com', notes: 'Prefers mornings', version: 2 });
    // The old email is free again; the new one is taken.
    expect((await api('POST', '/customers', { token: owner.token, body: { firstName: 'Dora', lastName: 'Dup', email: 'carla@example.com' } })).status).toBe(201);
    const taken = await api('POST', '/customers', { token: owner.token, body: { firstName: 'Dora', lastName: 'Dup', email: 'carla.new@example.com' } });
    expect(taken.status).toBe(409);
    const stale = await api('PUT', `/customers/${id}`, { token: owner.token, body: { firstName: 'Carla', lastName: 'Stale', email: 'carla.new@example.com', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This customer was changed by someone else. Reload and try again.');
    const clash = await api('PUT', `/customers/${id}`, { token: owner.token, body: { firstName: 'Carla', lastName: 'Changed', email: 'carla@example.com' } });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Another customer already has this email.');

    expect((await api('GET', `/customers/${id}`, { token: reader.token })).body.data).toMatchObject({ lastName: 'Changed', appointments: [] });
    expect((await api('DELETE', `/customers/${id}`, { token: reader.token })).status).toBe(403);
    expect((await api('DELETE', `/customers/${id}`, { token: owner.token })).status).toBe(200);
    expect((await api('GET', `/customers/${id}`, { token: owner.token })).status).toBe(404);
    // Its email and phone are free again.
    expect((await api('POST', '/customers', { token: owner.token, body: { firstName: 'Eve', lastName: 'Next', email: 'carla.new@example.com', phone: '+15550001111' } })).status).toBe(201);
  });

  it('a booking finds the customer again by email or phone and links the appointment; such a customer is kept', async () => {
    const first = await book(owner.token, { firstName: 'Hugo', lastName: 'Hale', email: 'hugo.hale@example.com', phone: '+15550002222' });
    const second = await book(owner.token, { firstName: 'Hugo', lastName: 'Hale', email: 'hugo.hale@example.com', phone: '+15550003333' });
    const apiKey = await apiKeyOf(owner.token);
    const third = await api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: apiKey, firstName: 'Hugo', lastName: 'Hale', email: 'other.address@example.com', phone: '+15550002222' }) });
    expect(third.status).toBe(201);
    expect(second.customerId).toBe(first.customerId);
    const customer = await api('GET', `/customers/${first.customerId}`, { token: owner.token });
    expect(customer.body.data).toMatchObject({ email: 'hugo.hale@example.com', phone: '+15550002222', appointmentCount: 3 });
    expect(customer.body.data.appointments.map((a: Json) => a.id).sort()).toEqual([first.id, second.id, third.body.data.id].sort());

    const kept = await api('DELETE', `/customers/${first.customerId}`, { token: owner.token });
    expect(kept.status).toBe(409);
    expect(kept.body.message).toBe('This customer has appointments, so their record is kept.');

    // Two requests of the same new person at once: one customer, both appointments linked.
    const [x, y] = await Promise.all([
      api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: apiKey, firstName: 'Ivy', lastName: 'Twin', email: 'ivy.twin@example.com', phone: '+15550004444' }) }),
      api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: apiKey, firstName: 'Ivy', lastName: 'Twin', email: 'ivy.twin@example.com', phone: '+15550004444' }) }),
    ]);
    expect([x.status, y.status]).toEqual([201, 201]);
    const ivy = await api('GET', '/customers?search=ivy.twin@example.com', { token: owner.token });
    expect(ivy.body.data.items).toHaveLength(1);
    expect(ivy.body.data.items[0].appointmentCount).toBe(2);
  });

  it('lists by name and finds by a name prefix, an exact email or a phone number, each customer once', async () => {
    const org = await signUpOwner('custsearch');
    for (const [firstName, lastName, phone] of [['Anna', 'Adler', '+15551110001'], ['Bert', 'Anders', '+15551110002'], ['Anna', 'Zorn', '+15551110003'], ['Carl', 'Berg', '+15551110004']]) {
      expect((await api('POST', '/customers', { token: org.token, body: { firstName, lastName, phone, email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com` } })).status).toBe(201);
    }
    const names = (r: Json) => r.body.data.items.map((c: Json) => c.fullName);
    expect(names(await api('GET', '/customers', { token: org.token }))).toEqual(['Anna Adler', 'Anna Zorn', 'Bert Anders', 'Carl Berg']);
    // Results come in the order of the name as matched: "anders bert" before "anna adler".
    expect(names(await api('GET', '/customers?search=an', { token: org.token }))).toEqual(['Bert Anders', 'Anna Adler', 'Anna Zorn']);
    // "a" matches Anna Adler by both "anna adler" and "adler anna": she comes once.
    expect(names(await api('GET', '/customers?search=a', { token: org.token }))).toEqual(['Bert Anders', 'Anna Adler', 'Anna Zorn']);
    expect(names(await api('GET', '/customers?search=berg', { token: org.token }))).toEqual(['Carl Berg']);
    expect(names(await api('GET', '/customers?search=carl.berg@example.com', { token: org.token }))).toEqual(['Carl Berg']);
    expect(names(await api('GET', `/customers?search=${encodeURIComponent('+1 555 111 0002')}`, { token: org.token }))).toEqual(['Bert Anders']);
    const p1 = await api('GET', '/customers?search=a&pageSize=2', { token: org.token });
    expect(names(p1)).toEqual(['Bert Anders', 'Anna Adler']);
    expect(names(await api('GET', `/customers?search=a&pageSize=2&cursor=${p1.body.data.nextCursor}`, { token: org.token }))).toEqual(['Anna Zorn']);
    expect((await api('GET', '/customers', { token: other.token })).body.data.items.some((c: Json) => c.lastName === 'Adler')).toBe(false);
  });

  it('validates input and refuses without permission, token or the right organisation', async () => {
    const none = await api('POST', '/customers', { token: owner.token, body: { firstName: 'No', lastName: 'Contact' } });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ email: 'Please enter an email or a phone number' });
    const bad = await api('POST', '/customers', { token: owner.token, body: { firstName: '', lastName: 'X', email: 'nope', phone: '123' } });
    expect(bad.body.errors).toEqual({ firstName: 'First name is required', email: 'Invalid email address', phone: 'Invalid phone number (e.g., +1234567890)' });
    expect((await api('POST', '/customers', { token: reader.token, body: { firstName: 'A', lastName: 'B', phone: '+15559990000' } })).status).toBe(403);
    expect((await api('GET', '/customers')).status).toBe(401);
    const mine = (await api('POST', '/customers', { token: owner.token, body: { firstName: 'Only', lastName: 'Mine', phone: '+15559990001' } })).body.data;
    expect((await api('GET', `/customers/${mine.id}`, { token: other.token })).status).toBe(404);
    expect((await api('PUT', `/customers/${mine.id}`, { token: other.token, body: { firstName: 'X', lastName: 'Y', phone: '+15559990002' } })).status).toBe(404);
    expect((await api('DELETE', `/customers/${mine.id}`, { token: other.token })).status).toBe(404);
  });
});
