// Form packages over HTTP: CRUD with prices in dollars (stored as cents), descriptions sanitised on
// the server, images uploaded and served under /assets, packages linked to forms in order, and the
// refusals (no FORMS flag, another organisation's ids, bad prices, non-images).
import { describe, expect, inject, it } from 'vitest';
import { api, signUpOwner } from '../support/api';
import { addMember, logs, perms } from '../support/members';
import type { Json } from '../support/json';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a30000000049454e44ae426082', 'hex');

const packageBody = (over: Record<string, unknown> = {}) => ({ name: 'Standard', description: '<p>Our <b>standard</b> plan</p>', price: 49.5, customAmountEnabled: false, isPayable: true, ...over });

function imageForm(packageId: string, content: Buffer | string = PNG, type = 'image/png') {
  const form = new FormData();
  form.append('packageId', packageId);
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), 'pic.png');
  return form;
}

describe('form packages', () => {
  it('creates, lists, reads, updates and deletes packages with prices in dollars', async () => {
    const owner = await signUpOwner('pkgcrud');
    const created = await api('POST', '/packages', { token: owner.token, body: packageBody() });
    expect(created.status).toBe(201);
    const pkg = created.body.data;
    expect(pkg).toMatchObject({ name: 'Standard', price: 49.5, priceCents: 4950, description: '<p>Our <b>standard</b> plan</p>', image: null, imageUrl: null, customAmountEnabled: false, isPayable: true });

    const text = await api('POST', '/packages', { token: owner.token, body: packageBody({ name: 'Donation', description: null, price: '0', customAmountEnabled: true }) });
    expect(text.status).toBe(201);
    expect(text.body.data).toMatchObject({ price: 0, priceCents: 0, description: null, customAmountEnabled: true });

    const list = await api('GET', '/packages', { token: owner.token });
    expect(list.body.data.items.map((p: Json) => p.name)).toEqual(['Donation', 'Standard']);
    const alias = await api('GET', '/leads/packages', { token: owner.token });
    expect(alias.body.data.items).toEqual(list.body.data.items);

    const updated = await api('PUT', `/packages/${pkg.id}`, { token: owner.token, body: packageBody({ name: 'Premium', price: '120.00', description: '', isPayable: false }) });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Premium', price: 120, priceCents: 12000, description: null, isPayable: false });
    expect((await api('GET', `/packages/${pkg.id}`, { token: owner.token })).body.data).toMatchObject({ name: 'Premium', priceCents: 12000 });

    expect((await api('DELETE', `/packages/${pkg.id}`, { token: owner.token })).status).toBe(200);
    expect((await api('GET', `/packages/${pkg.id}`, { token: owner.token })).status).toBe(404);
    expect((await api('DELETE', `/packages/${pkg.id}`, { token: owner.token })).status).toBe(404);

    const entries = (await logs(owner)).filter((e) => e.recordType === 'form-package' && e.recordId === pkg.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(entries.every((e) => e.module === 'FORMS')).toBe(true);
  });

  it('sanitises the description on the server: no scripts, no event handlers, no script links', async () => {
    const owner = await signUpOwner('pkgsafe');
    const res = await api('POST', '/packages', {
      token: owner.token,
      body: packageBody({ description: '<p onclick="steal()">Hi<script>alert(document.cookie)</script> <img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a> <a href="https://clinic.example/more" target="_blank">more</a></p><style>*{}</style>' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.description).toBe('<p>Hi <a>x</a> <a href="https://clinic.example/more" target="_blank" rel="noopener noreferrer">more</a></p>');
    const updated = await api('PUT', `/packages/${res.body.data.id}`, { token: owner.token, body: packageBody({ description: '<iframe src="https://evil.example"></iframe><b>ok' }) });
    expect(updated.body.data.description).toBe('<b>ok</b>');
  });

  it('refuses bad prices with the reason', async () => {
    const owner = await signUpOwner('pkgprice');
    const bad = async (over: Record<string, unknown>) => api('POST', '/packages', { token: owner.token, body: packageBody(over) });
    for (const price of [-1, 10.123, '12,50', 'free', null, 1e9]) {
      const res = await bad({ price });
      expect(res.status, String(price)).toBe(400);
      expect(res.body.errors).toEqual({ price: 'Price must be a number of dollars with at most 2 decimals' });
    }
    expect((await bad({ price: 0.3 })).body.errors).toEqual({ price: 'A payable package needs a price of at least $0.50.' });
    expect((await bad({ price: 0.3, isPayable: false })).status).toBe(201);
    expect((await bad({ name: '' })).body.errors).toEqual({ name: 'Package name is required' });
    expect((await bad({ image: 'org/someone-else/secret.png' })).status).toBe(201); // ignored on create: images come by upload
    const list = (await api('GET', '/packages', { token: owner.token })).body.data.items;
    expect(list.map((p: Json) => p.image)).toEqual([null, null]);
  });

  it('uploads a package image (images only), serves it under /assets, and clears it', async () => {
    const owner = await signUpOwner('pkgimage');
    const pkg = (await api('POST', '/packages', { token: owner.token, body: packageBody() })).body.data;
    const up = await api('POST', '/leads/update-package-image', { token: owner.token, form: imageForm(pkg.id) });
    expect(up.status).toBe(200);
    const key = up.body.data.image as string;
    expect(key).toMatch(new RegExp(`^org/${owner.orgId}/form-packages/${pkg.id}/.+\\.png$`));
    expect(up.body.data.imageUrl).toBe(`/assets/${key}`);
    const served = await fetch(`${inject('appUrl')}/assets/${key}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await api('POST', '/leads/update-package-image', { token: owner.token, form: imageForm(pkg.id, '<script>alert(1)</script>') })).status).toBe(415);
    expect((await api('POST', '/leads/update-package-image', { token: owner.token, form: imageForm(pkg.id, Buffer.from('%PDF-1.4 x'), 'application/pdf') })).status).toBe(415);
    expect((await api('POST', '/leads/update-package-image', { token: owner.token, form: imageForm('missing') })).status).toBe(404);
    expect((await api('GET', `/packages/${pkg.id}`, { token: owner.token })).body.data.image).toBe(key);

    // Only its own upload folder, or null.
    const foreign = await api('PUT', `/packages/${pkg.id}`, { token: owner.token, body: packageBody({ image: `org/other/form-packages/x/a.png` }) });
    expect(foreign.status).toBe(400);
    const kept = await api('PUT', `/packages/${pkg.id}`, { token: owner.token, body: packageBody({ name: 'Renamed' }) });
    expect(kept.body.data.image).toBe(key);
    const cleared = await api('PUT', `/packages/${pkg.id}`, { token: owner.token, body: packageBody({ image: null }) });
    expect(cleared.body.data).toMatchObject({ image: null, imageUrl: null });
  });

  it('links packages to a form in order, with a default; deleted packages drop out', async () => {
    const owner = await signUpOwner('pkglink');
    const a = (await api('POST', '/packages', { token: owner.token, body: packageBody({ name: 'A' }) })).body.data;
    const b = (await api('POST', '/packages', { token: owner.token, body: packageBody({ name: 'B' }) })).body.data;
    const form = (await api('POST', '/form-builder/form', { token: owner.token, body: { name: 'With packages', fields: [] } })).body.data;

    const linked = await api('PUT', `/form/${form.id}/package`, { token: owner.token, body: { packageIds: [b.id, a.id], packageId: a.id } });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ packageIds: [b.id, a.id], packageId: a.id });
    expect(linked.body.data.packages.map((p: Json) => p.name)).toEqual(['B', 'A']);

    expect((await api('PUT', `/form/${form.id}/package`, { token: owner.token, body: { packageIds: [a.id], packageId: b.id } })).body.message).toBe('The default package must be one of the linked packages.');
    expect((await api('PUT', `/form/${form.id}/package`, { token: owner.token, body: { packageIds: [a.id, a.id] } })).status).toBe(400);
    const other = await signUpOwner('pkglink2');
    const theirs = (await api('POST', '/packages', { token: other.token, body: packageBody({ name: 'Theirs' }) })).body.data;
    const foreign = await api('PUT', `/form/${form.id}/package`, { token: owner.token, body: { packageIds: [a.id, theirs.id] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('One of the packages does not exist.');

    await api('DELETE', `/packages/${b.id}`, { token: owner.token });
    const read = await api('GET', `/form-builder/form/${form.id}`, { token: owner.token });
    expect(read.body.data.packages.map((p: Json) => p.name)).toEqual(['A']);
  });
});

describe('form package refusals', () => {
  it('needs a token and the FORMS flag for each action', async () => {
    const owner = await signUpOwner('pkgperm');
    const pkg = (await api('POST', '/packages', { token: owner.token, body: packageBody() })).body.data;
    expect((await api('GET', '/packages')).status).toBe(401);

    const none = await addMember(owner, perms({ Members: 'r' }), { tag: 'pkgnone' });
    expect((await api('GET', '/packages', { token: none.token })).status).toBe(403);
    expect((await api('GET', '/leads/packages', { token: none.token })).status).toBe(403);
    expect((await api('GET', `/packages/${pkg.id}`, { token: none.token })).status).toBe(403);

    const reader = await addMember(owner, perms({ FORMS: 'r' }), { tag: 'pkgreader' });
    expect((await api('GET', `/packages/${pkg.id}`, { token: reader.token })).status).toBe(200);
    expect((await api('POST', '/packages', { token: reader.token, body: packageBody() })).status).toBe(403);
    expect((await api('PUT', `/packages/${pkg.id}`, { token: reader.token, body: packageBody({ price: 1 }) })).status).toBe(403);
    expect((await api('POST', '/leads/update-package-image', { token: reader.token, form: imageForm(pkg.id) })).status).toBe(403);
    expect((await api('DELETE', `/packages/${pkg.id}`, { token: reader.token })).status).toBe(403);
    expect((await api('GET', `/packages/${pkg.id}`, { token: owner.token })).body.data).toMatchObject({ priceCents: 4950, image: null });

    const deleter = await addMember(owner, perms({ FORMS: 'rd' }), { tag: 'pkgdeleter' });
    expect((await api('DELETE', `/packages/${pkg.id}`, { token: deleter.token })).status).toBe(200);
  });

  it("answers 404 for another organisation's packages", async () => {
    const owner = await signUpOwner('pkgiso');
    const pkg = (await api('POST', '/packages', { token: owner.token, body: packageBody() })).body.data;
    const other = await signUpOwner('pkgiso2');
    expect((await api('GET', `/packages/${pkg.id}`, { token: other.token })).status).toBe(404);
    expect((await api('PUT', `/packages/${pkg.id}`, { token: other.token, body: packageBody({ price: 1 }) })).status).toBe(404);
    expect((await api('DELETE', `/packages/${pkg.id}`, { token: other.token })).status).toBe(404);
    expect((await api('POST', '/leads/update-package-image', { token: other.token, form: imageForm(pkg.id) })).status).toBe(404);
    expect((await api('GET', `/packages/${pkg.id}`, { token: owner.token })).body.data).toMatchObject({ priceCents: 4950, image: null });
  });
});
