// The public form page's API over HTTP: the form detail found by apiKey, submissions validated AGAIN
// on the server against the form's own rules (the spec's messages), visitor file uploads, and what a
// submission becomes for staff: a lead, a notification, a row in the form's submissions.
import { describe, expect, inject, it } from 'vitest';
import { api, signUpOwner, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { addMember, logs, perms } from '../support/members';
import type { Json } from '../support/json';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a30000000049454e44ae426082', 'hex');

async function apiKeyOf(owner: Owner): Promise<string> {
  const res = await api('GET', '/organization/integration', { token: owner.token });
  if (res.status !== 200) throw new Error(`integration: ${res.status} ${res.body.message}`);
  return res.body.data.apiKey;
}

const FIELDS = [
  { id: 'first', label: 'First name', type: 'text', required: true, attributes: [{ attributeName: 'minLength', attributeValue: '2' }, { attributeName: 'maxLength', attributeValue: '20' }] },
  { id: 'last', label: 'Last name', type: 'text' },
  { id: 'email', label: 'Email', type: 'email', required: true },
  { id: 'plan', label: 'Plan', type: 'radio', options: [{ label: 'Basic', value: 'basic' }, { label: 'Pro', value: 'pro' }] },
  { id: 'agree', label: 'I agree', type: 'checkbox', required: true },
  { id: 'secret', label: 'Portal password', type: 'password' },
];

async function setUp(tag: string, options: { fields?: unknown[]; packages?: number } = {}) {
  const owner = await signUpOwner(tag);
  const apiKey = await apiKeyOf(owner);
  const packageIds: string[] = [];
  for (let i = 0; i < (options.packages ?? 0); i++) {
    const res = await api('POST', '/packages', { token: owner.token, body: { name: `Tier ${i + 1}`, description: `<p>Tier ${i + 1}</p>`, price: 10 * (i + 1), isPayable: true } });
    packageIds.push(res.body.data.id);
  }
  const form = (await api('POST', '/form-builder/form', {
    token: owner.token,
    body: { name: 'Intake', description: 'Tell us', fields: options.fields ?? FIELDS, packageIds, successMessage: 'Thanks!', submitButtonText: 'Send', secondButtonText: 'Later', redirectUrl: '/thanks' },
  })).body.data;
  return { owner, apiKey, form, packageIds };
}

const good = [
  { fieldId: 'first', value: ' Ada ' },
  { fieldId: 'last', value: 'Lovelace' },
  { fieldId: 'email', value: 'ada@example.com' },
  { fieldId: 'agree', value: 'true' },
];

describe('public form detail', () => {
  it('shows what the public page needs, by apiKey, without staff data', async () => {
    const { apiKey, form, packageIds } = await setUp('pubdetail', { packages: 2 });
    const res = await api('GET', `/leads/forms/${form.id}?apiKey=${apiKey}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: form.id, organizationName: 'pubdetail Clinic', organizationLanguage: null, organizationBrand: { logoUrl: null, color: null }, organizationRegion: 'US', name: 'Intake', description: 'Tell us', fields: form.fields, packageId: null,
      redirectUrl: '/thanks', successMessage: 'Thanks!', submitButtonText: 'Send', secondButtonText: 'Later',
      packages: [
        { id: packageIds[0], name: 'Tier 1', description: '<p>Tier 1</p>', price: 10, priceCents: 1000, priceMinor: 1000, currency: 'usd', image: null, imageUrl: null, customAmountEnabled: false, isPayable: true },
        { id: packageIds[1], name: 'Tier 2', description: '<p>Tier 2</p>', price: 20, priceCents: 2000, priceMinor: 2000, currency: 'usd', image: null, imageUrl: null, customAmountEnabled: false, isPayable: true },
      ],
    });
  });

  it("answers 404 'This form is not available.' for a wrong key, another organisation's key, or an unknown form", async () => {
    const { form } = await setUp('pubwrong');
    const other = await signUpOwner('pubwrong2');
    const otherKey = await apiKeyOf(other);
    for (const path of [`/leads/forms/${form.id}?apiKey=pk_doesnotexist_0000000000`, `/leads/forms/${form.id}?apiKey=${otherKey}`, `/leads/forms/nope?apiKey=${otherKey}`, `/leads/forms/${form.id}?apiKey=not a key`]) {
      const res = await api('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('This form is not available.');
    }
    expect((await api('GET', `/leads/forms/${form.id}`)).status).toBe(400);
  });
});

describe('public submission', () => {
  it('stores a valid submission as a lead, tells staff, and lists it for the form', async () => {
    const { owner, apiKey, form } = await setUp('pubsubmit');
    const reader = await addMember(owner, perms({ FORMS: 'r', Notifications: 'r' }), { tag: 'leadreader' });
    const outsider = await addMember(owner, perms({ Notifications: 'r' }), { tag: 'leadoutsider' });

    const res = await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, items: [...good, { fieldId: 'plan', value: 'pro' }, { fieldId: 'secret', value: 'hunter2' }] } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Thanks!');
    const { submissionId } = res.body.data;
    expect(res.body.data).toMatchObject({ packageId: null, isPayable: false, redirectUrl: '/thanks' });

    const lead = await api('GET', `/leads/${submissionId}`, { token: reader.token });
    expect(lead.status).toBe(200);
    expect(lead.body.data).toMatchObject({ id: submissionId, formId: form.id, formName: 'Intake', name: 'Ada Lovelace', email: 'ada@example.com', paymentStatus: 'none', payments: [] });
    expect(lead.body.data.answers).toEqual([
      { fieldId: 'first', label: 'First name', type: 'text', value: 'Ada' },
      { fieldId: 'last', label: 'Last name', type: 'text', value: 'Lovelace' },
      { fieldId: 'email', label: 'Email', type: 'email', value: 'ada@example.com' },
      { fieldId: 'plan', label: 'Plan', type: 'radio', value: 'pro' },
      { fieldId: 'agree', label: 'I agree', type: 'checkbox', value: 'true' },
      { fieldId: 'secret', label: 'Portal password', type: 'password', value: '********' },
    ]);
    expect(JSON.stringify(lead.body)).not.toContain('hunter2');
    expect((await api('POST', '/forms/get-lead-details', { token: reader.token, body: { leadId: submissionId } })).body.data).toEqual(lead.body.data);

    const leads = await api('GET', '/leads', { token: reader.token });
    expect(leads.body.data.items).toEqual([expect.objectContaining({ id: submissionId, name: 'Ada Lovelace', email: 'ada@example.com', formName: 'Intake' })]);
    const subs = await api('GET', `/form-builder/form/${form.id}/submissions`, { token: reader.token });
    expect(subs.body.data.items.map((s: Json) => s.id)).toEqual([submissionId]);
    const legacy = await api('POST', '/forms/get-leads', { token: reader.token, body: { formId: form.id } });
    expect(legacy.body.data.items.map((s: Json) => s.id)).toEqual([submissionId]);

    // The notice leaves through the outbox just after the lead is stored.
    const told = await eventually(async () => {
      const notes = (await api('GET', '/notifications', { token: reader.token })).body.data as { title: string; message: string; link: string }[];
      return notes.length ? notes : undefined;
    }, 'the staff notice');
    expect(told).toEqual([expect.objectContaining({ title: 'New lead', message: 'Ada Lovelace submitted "Intake".', link: `/forms/leads/${submissionId}` })]);
    const leadNotes = async (token: string) => ((await api('GET', '/notifications', { token })).body.data as { title: string }[]).filter((n) => n.title === 'New lead');
    expect(await eventually(async () => ((await leadNotes(owner.token)).length ? leadNotes(owner.token) : undefined), "the owner's notice")).toHaveLength(1);
    expect(await leadNotes(outsider.token)).toEqual([]);
  });

  it("shows staff the language a lead was sent in, in its details as in the form's submissions", async () => {
    const { owner, apiKey, form } = await setUp('publocale');
    const res = await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, items: good, locale: 'fr' } });
    expect(res.status).toBe(201);
    const { submissionId } = res.body.data;
    const lead = await api('GET', `/leads/${submissionId}`, { token: owner.token });
    expect(lead.status).toBe(200);
    expect(lead.body.data).toMatchObject({ id: submissionId, locale: 'fr', payments: [] });
    const legacy = await api('POST', '/forms/get-lead-details', { token: owner.token, body: { leadId: submissionId } });
    expect(legacy.status).toBe(200);
    expect(legacy.body.data.locale).toBe('fr');
    const subs = await api('GET', `/form-builder/form/${form.id}/submissions`, { token: owner.token });
    expect(subs.body.data.items).toEqual([expect.objectContaining({ id: submissionId, locale: 'fr' })]);
  });

  it('checks every rule again on the server, with the spec messages, and stores nothing when one fails', async () => {
    const { owner, apiKey, form } = await setUp('pubrules');
    const submit = (items: unknown[], extra: Record<string, unknown> = {}) => api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, items, ...extra } });

    const empty = await submit([]);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('First name is required.');
    expect(empty.body.errors).toEqual({ first: 'First name is required.', email: 'Email is required.', agree: 'I agree is required.' });

    const short = await submit([...good.filter((i) => i.fieldId !== 'first'), { fieldId: 'first', value: 'A' }]);
    expect(short.body.errors).toEqual({ first: 'First name must be at least 2 characters.' });
    const long = await submit([...good.filter((i) => i.fieldId !== 'first'), { fieldId: 'first', value: 'A'.repeat(21) }]);
    expect(long.body.errors).toEqual({ first: 'First name must be at most 20 characters.' });
    const unchecked = await submit([...good.filter((i) => i.fieldId !== 'agree'), { fieldId: 'agree', value: 'false' }]);
    expect(unchecked.body.message).toBe('I agree is required.');
    const unknown = await submit([...good, { fieldId: 'isAdmin', value: 'true' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('The submission has a field this form does not have.');
    const option = await submit([...good, { fieldId: 'plan', value: 'enterprise' }]);
    expect(option.body.message).toBe('Plan must be one of the listed options.');
    const email = await submit([...good.filter((i) => i.fieldId !== 'email'), { fieldId: 'email', value: 'not-an-email' }]);
    expect(email.body.message).toBe('Email must be a valid email address.');
    const twice = await submit([...good, { fieldId: 'last', value: 'Byron' }]);
    expect(twice.body.message).toBe('Last name was sent more than once.');
    const nonString = await submit([...good.slice(1), { fieldId: 'first', value: 42 }]);
    expect(nonString.status).toBe(400);
    expect((await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { items: good } })).body.errors).toEqual({ apiKey: 'apiKey is required' });

    expect((await api('GET', `/form-builder/form/${form.id}/submissions`, { token: owner.token })).body.data.items).toEqual([]);
    expect((await api('GET', '/leads', { token: owner.token })).body.data.items).toEqual([]);
  });

  it("refuses a form with the wrong key or another organisation's key", async () => {
    const { owner, form } = await setUp('pubkey');
    const other = await setUp('pubkey2');
    const wrong = await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey: other.apiKey, items: good } });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('This form is not available.');
    expect((await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey: 'pk_unknown_key_000000000', items: good } })).status).toBe(404);
    expect((await api('GET', '/leads', { token: owner.token })).body.data.items).toEqual([]);
    expect((await api('GET', '/leads', { token: other.owner.token })).body.data.items).toEqual([]);
  });

  it('needs a package choice when the form has several, and takes the only one otherwise', async () => {
    const several = await setUp('pubpkgs', { fields: [{ id: 'email', label: 'Email', type: 'email', required: true }], packages: 2 });
    const items = [{ fieldId: 'email', value: 'p@example.com' }];
    const none = await api('POST', `/form-builder/form/${several.form.id}/submissions`, { body: { apiKey: several.apiKey, items } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('No package selected. Please select a package to continue.');
    expect(none.body.errors).toEqual({ packageId: 'No package selected. Please select a package to continue.' });
    const foreign = await api('POST', `/form-builder/form/${several.form.id}/submissions`, { body: { apiKey: several.apiKey, items, packageId: 'other' } });
    expect(foreign.body.message).toBe('The selected package is not available for this form.');
    const chosen = await api('POST', `/form-builder/form/${several.form.id}/submissions`, { body: { apiKey: several.apiKey, items, packageId: several.packageIds[1] } });
    expect(chosen.status).toBe(201);
    expect(chosen.body.data).toMatchObject({ packageId: several.packageIds[1], isPayable: true });

    const one = await setUp('pubpkg1', { fields: [], packages: 1 });
    const only = await api('POST', `/form-builder/form/${one.form.id}/submissions`, { body: { apiKey: one.apiKey, items: [] } });
    expect(only.body.data.packageId).toBe(one.packageIds[0]);
    const lead = await api('GET', `/leads/${only.body.data.submissionId}`, { token: one.owner.token });
    expect(lead.body.data.packageName).toBe('Tier 1');
  });

  it('takes visitor files through the upload endpoint only: images and PDF, this form\'s keys', async () => {
    const { owner, apiKey, form } = await setUp('pubfile', { fields: [{ id: 'card', label: 'Insurance card', type: 'file', required: true }] });
    const upload = (content: Buffer | string, key = apiKey, formId = form.id) => {
      const data = new FormData();
      data.append('apiKey', key);
      data.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), 'card.png');
      return api('POST', `/leads/forms/${formId}/files`, { form: data });
    };
    const up = await upload(PNG);
    expect(up.status).toBe(201);
    expect(up.body.data.key).toMatch(new RegExp(`^private/org/${owner.orgId}/forms/${form.id}/uploads/.+\\.png$`));
    // Visitors' files are private: never served at /assets.
    expect((await fetch(`${inject('appUrl')}/assets/${up.body.data.key}`)).status).toBe(404);
    expect((await upload(Buffer.from('%PDF-1.7 test'))).status).toBe(201);
    expect((await upload('<html><script>alert(1)</script>')).status).toBe(415);
    expect((await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))).status).toBe(413);
    const other = await setUp('pubfile2');
    expect((await upload(PNG, other.apiKey)).status).toBe(404);
    expect((await upload(PNG, other.apiKey, other.form.id)).body.message).toBe('This form does not take files.');

    const missing = await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, items: [] } });
    expect(missing.body.message).toBe('Insurance card is required.');
    const forged = await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, items: [{ fieldId: 'card', value: `org/${other.owner.orgId}/users/x/y.png` }] } });
    expect(forged.body.message).toBe('Insurance card: please upload the file again.');
    const ok = await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, items: [{ fieldId: 'card', value: up.body.data.key }] } });
    expect(ok.status).toBe(201);
    const leadId = ok.body.data.submissionId;

    // Staff with Forms read open it through a short-lived signed link; each opening is logged.
    const link = await api('GET', `/leads/${leadId}/files/card`, { token: owner.token });
    expect(link.status).toBe(200);
    expect(link.body.data.expiresInSeconds).toBe(300);
    const file = await fetch(link.body.data.url);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await logs(owner)).some((e) => e.module === 'FORMS' && e.recordType === 'lead' && e.recordId === leadId)).toBe(true);
    expect((await api('GET', `/leads/${leadId}/files/nope`, { token: owner.token })).status).toBe(404);
    expect((await api('GET', `/leads/${leadId}/files/card`, { token: other.owner.token })).status).toBe(404);
    const none = await addMember(owner, perms({ Appointment: 'r' }), { tag: 'filenone' });
    expect((await api('GET', `/leads/${leadId}/files/card`, { token: none.token })).status).toBe(403);
  });
});

describe('lead refusals', () => {
  it('needs the FORMS read flag, and hides other organisations\' leads', async () => {
    const { owner, apiKey, form } = await setUp('leadperm');
    const sub = (await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, items: good } })).body.data.submissionId;
    expect((await api('GET', '/leads')).status).toBe(401);
    const none = await addMember(owner, perms({ Appointment: 'rwd' }), { tag: 'leadnone' });
    expect((await api('GET', '/leads', { token: none.token })).status).toBe(403);
    expect((await api('GET', `/leads/${sub}`, { token: none.token })).status).toBe(403);
    expect((await api('GET', `/form-builder/form/${form.id}/submissions`, { token: none.token })).status).toBe(403);
    expect((await api('POST', '/forms/get-leads', { token: none.token, body: { formId: form.id } })).status).toBe(403);
    expect((await api('POST', '/forms/get-lead-details', { token: none.token, body: { leadId: sub } })).status).toBe(403);

    const other = await signUpOwner('leadperm2');
    expect((await api('GET', `/leads/${sub}`, { token: other.token })).status).toBe(404);
    expect((await api('POST', '/forms/get-lead-details', { token: other.token, body: { leadId: sub } })).status).toBe(404);
    expect((await api('POST', '/forms/get-leads', { token: other.token, body: { formId: form.id } })).status).toBe(404);
    expect((await api('GET', '/leads', { token: other.token })).body.data.items).toEqual([]);
  });
});
