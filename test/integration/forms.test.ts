// The form builder over HTTP: forms with typed fields saved, listed, read, reordered, deleted; the
// older /forms/* entry points on the same data; the dashboard counter, the audit log and the
// refusals (no token, no FORMS flag, another organisation's ids, bad fields).
import { describe, expect, it } from 'vitest';
import { api, signUpOwner } from '../support/api';
import { addMember, logs, perms } from '../support/members';
import type { Json } from '../support/json';

const fields = [
  { label: 'Full name', type: 'text', required: true, placeholder: 'Jane Doe', attributes: [{ attributeName: 'minLength', attributeValue: '3' }, { attributeName: 'maxLength', attributeValue: 50 }] },
  { label: 'Email', type: 'email', required: true },
  { label: 'Plan', type: 'select', options: [{ label: 'Basic', value: 'basic' }, { label: 'Pro' }] },
  { label: 'Notes', type: 'textarea' },
  { label: 'I agree to be contacted', type: 'checkbox', required: true },
];

const formBody = (over: Record<string, unknown> = {}) => ({
  name: 'Consultation request',
  description: 'Tell us about you',
  fields,
  redirectUrl: 'thanks',
  successMessage: 'Thanks, we will call you.',
  submitButtonText: 'Send',
  secondButtonText: '',
  ...over,
});

async function counters(token: string) {
  return (await api('GET', '/dashboard', { token })).body.data as { forms: number };
}

describe('form builder', () => {
  it('saves a form with typed fields, reads it back, reorders by saving, and deletes it', async () => {
    const owner = await signUpOwner('formcrud');
    const created = await api('POST', '/form-builder/form', { token: owner.token, body: formBody() });
    expect(created.status).toBe(201);
    const form = created.body.data;
    expect(form).toMatchObject({ name: 'Consultation request', redirectUrl: 'thanks', submitButtonText: 'Send', secondButtonText: '', packageIds: [], packageId: null });
    expect(form.fields.map((f: Json) => [f.label, f.type, f.required])).toEqual([
      ['Full name', 'text', true], ['Email', 'email', true], ['Plan', 'select', false], ['Notes', 'textarea', false], ['I agree to be contacted', 'checkbox', true],
    ]);
    expect(form.fields[0]).toMatchObject({ name: 'full_name', placeholder: 'Jane Doe', attributes: [{ attributeName: 'minLength', attributeValue: '3' }, { attributeName: 'maxLength', attributeValue: '50' }] });
    expect(form.fields[2].options).toEqual([
      { id: expect.any(String), label: 'Basic', value: 'basic' },
      { id: expect.any(String), label: 'Pro', value: 'Pro' },
    ]);
    expect(new Set(form.fields.map((f: Json) => f.id)).size).toBe(5);
    expect(form.orgId).toBeUndefined();
    expect((await counters(owner.token)).forms).toBe(1);

    const read = await api('GET', `/form-builder/form/${form.id}`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: form.id, fields: form.fields, packages: [] });

    // Reorder: the same fields (ids kept) in a new order, one edited.
    const reordered = [form.fields[4], form.fields[0], { ...form.fields[1], label: 'Your email' }, form.fields[3], form.fields[2]];
    const saved = await api('PUT', `/form-builder/form/${form.id}`, { token: owner.token, body: formBody({ name: 'Consultation', fields: reordered, secondButtonText: 'Just send' }) });
    expect(saved.status).toBe(200);
    expect(saved.body.data.fields.map((f: Json) => f.id)).toEqual(reordered.map((f) => f.id));
    expect(saved.body.data.fields[2].label).toBe('Your email');
    expect(saved.body.data).toMatchObject({ name: 'Consultation', secondButtonText: 'Just send' });

    const list = await api('GET', '/form-builder/form', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((f: Json) => f.id)).toEqual([form.id]);

    const deleted = await api('DELETE', `/form-builder/form/${form.id}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect((await api('GET', `/form-builder/form/${form.id}`, { token: owner.token })).status).toBe(404);
    expect((await api('DELETE', `/form-builder/form/${form.id}`, { token: owner.token })).status).toBe(404);
    expect((await counters(owner.token)).forms).toBe(0);

    const entries = (await logs(owner)).filter((e) => e.module === 'FORMS' && e.recordId === form.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('lists forms newest first a page at a time, and refuses a cursor of another list', async () => {
    const owner = await signUpOwner('formpages');
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      ids.push((await api('POST', '/form-builder/form', { token: owner.token, body: formBody({ name }) })).body.data.id);
    }
    const first = await api('GET', '/form-builder/form?limit=2', { token: owner.token });
    expect(first.body.data.items.map((f: Json) => f.name)).toEqual(['Third', 'Second']);
    const second = await api('GET', `/form-builder/form?limit=2&cursor=${first.body.data.nextCursor}`, { token: owner.token });
    expect(second.body.data.items.map((f: Json) => f.name)).toEqual(['First']);
    expect(second.body.data.nextCursor).toBeUndefined();
    expect((await counters(owner.token)).forms).toBe(3);

    const other = await signUpOwner('formpages2');
    expect((await api('GET', `/form-builder/form?limit=2&cursor=${first.body.data.nextCursor}`, { token: other.token })).status).toBe(400);
    expect((await api('GET', '/form-builder/form?limit=0', { token: owner.token })).status).toBe(400);
  });

  it('refuses fields it cannot render or validate, with the reason', async () => {
    const owner = await signUpOwner('formbad');
    const bad = async (body: Record<string, unknown>) => api('POST', '/form-builder/form', { token: owner.token, body: formBody(body) });

    const noName = await bad({ name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual({ name: 'Form name is required' });

    const noOptions = await bad({ fields: [{ label: 'Size', type: 'radio' }] });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.message).toBe('Size needs at least one option.');

    const handler = await bad({ fields: [{ label: 'X', type: 'text', attributes: [{ attributeName: 'onfocus', attributeValue: 'alert(1)' }] }] });
    expect(handler.status).toBe(400);
    expect(handler.body.message).toMatch(/^Supported attributes: minLength, maxLength/);

    const lengths = await bad({ fields: [{ label: 'X', type: 'text', attributes: [{ attributeName: 'minLength', attributeValue: '9' }, { attributeName: 'maxLength', attributeValue: '3' }] }] });
    expect(lengths.body.message).toBe('minLength cannot be more than maxLength.');

    const type = await bad({ fields: [{ label: 'X', type: 'color' }] });
    expect(type.body.errors).toEqual({ 'fields.0.type': 'Please choose a field type' });

    const twice = await bad({ fields: [{ id: 'a', label: 'A', type: 'text' }, { id: 'a', label: 'B', type: 'text' }] });
    expect(twice.body.message).toBe('Field ids must be unique.');

    const pkg = await bad({ packageIds: ['nope'] });
    expect(pkg.body.message).toBe('One of the packages does not exist.');

    expect((await api('GET', '/form-builder/form', { token: owner.token })).body.data.items).toEqual([]);
    expect((await counters(owner.token)).forms).toBe(0);
  });

  it('keeps the older /forms entry points on the same data', async () => {
    const owner = await signUpOwner('formlegacy');
    const created = await api('POST', '/forms/create', { token: owner.token, body: { formName: 'Quick form' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Quick form', fields: [] });
    expect((await api('POST', '/forms/create', { token: owner.token, body: { formName: '' } })).body.errors).toEqual({ formName: 'Form name is required' });
    const list = await api('GET', '/forms/list', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((f: Json) => f.name)).toEqual(['Quick form']);
    expect((await api('GET', `/form-builder/form/${created.body.data.id}`, { token: owner.token })).body.data.name).toBe('Quick form');
    expect((await counters(owner.token)).forms).toBe(1);
  });
});

describe('form builder refusals', () => {
  it('needs a token, and the FORMS flag for each action', async () => {
    const owner = await signUpOwner('formperm');
    const form = (await api('POST', '/form-builder/form', { token: owner.token, body: formBody() })).body.data;
    expect((await api('GET', '/form-builder/form')).status).toBe(401);
    expect((await api('POST', '/form-builder/form', { body: formBody() })).status).toBe(401);

    const none = await addMember(owner, perms({ Appointment: 'rwd' }), { tag: 'noforms' });
    expect((await api('GET', '/form-builder/form', { token: none.token })).status).toBe(403);
    expect((await api('GET', `/form-builder/form/${form.id}`, { token: none.token })).status).toBe(403);
    expect((await api('GET', '/forms/list', { token: none.token })).status).toBe(403);

    const reader = await addMember(owner, perms({ FORMS: 'r' }), { tag: 'formreader' });
    expect((await api('GET', `/form-builder/form/${form.id}`, { token: reader.token })).status).toBe(200);
    expect((await api('POST', '/form-builder/form', { token: reader.token, body: formBody() })).status).toBe(403);
    expect((await api('POST', '/forms/create', { token: reader.token, body: { formName: 'Nope' } })).status).toBe(403);
    expect((await api('PUT', `/form-builder/form/${form.id}`, { token: reader.token, body: formBody({ name: 'Hijacked' }) })).status).toBe(403);
    expect((await api('PUT', `/form/${form.id}/package`, { token: reader.token, body: { packageIds: [] } })).status).toBe(403);
    expect((await api('DELETE', `/form-builder/form/${form.id}`, { token: reader.token })).status).toBe(403);

    const writer = await addMember(owner, perms({ FORMS: 'rw' }), { tag: 'formwriter' });
    expect((await api('PUT', `/form-builder/form/${form.id}`, { token: writer.token, body: formBody({ name: 'Edited' }) })).status).toBe(200);
    expect((await api('DELETE', `/form-builder/form/${form.id}`, { token: writer.token })).status).toBe(403);
    expect((await api('GET', `/form-builder/form/${form.id}`, { token: owner.token })).body.data.name).toBe('Edited');
    expect((await counters(owner.token)).forms).toBe(1);
  });

  it("answers 404 for another organisation's forms and changes nothing there", async () => {
    const owner = await signUpOwner('formiso');
    const form = (await api('POST', '/form-builder/form', { token: owner.token, body: formBody() })).body.data;
    const other = await signUpOwner('formiso2');
    expect((await api('GET', `/form-builder/form/${form.id}`, { token: other.token })).status).toBe(404);
    expect((await api('PUT', `/form-builder/form/${form.id}`, { token: other.token, body: formBody({ name: 'Taken' }) })).status).toBe(404);
    expect((await api('DELETE', `/form-builder/form/${form.id}`, { token: other.token })).status).toBe(404);
    expect((await api('PUT', `/form/${form.id}/package`, { token: other.token, body: { packageIds: [] } })).status).toBe(404);
    expect((await api('GET', `/form-builder/form/${form.id}/submissions`, { token: other.token })).status).toBe(404);
    expect((await api('GET', '/form-builder/form', { token: other.token })).body.data.items).toEqual([]);
    expect((await api('GET', `/form-builder/form/${form.id}`, { token: owner.token })).body.data.name).toBe('Consultation request');
    expect((await counters(other.token)).forms).toBe(0);
  });
});
