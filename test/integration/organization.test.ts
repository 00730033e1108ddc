// The organisation over HTTP: its profile and time zone, and the integration key with its rotation.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, signUpOwner } from '../support/api';
import { testDb } from '../support/db';
import { addMember, logs, perms } from '../support/members';

async function orgIdForKey(apiKey: string): Promise<string | undefined> {
  const { client, table } = testDb();
  const out = await client.send(new GetCommand({ TableName: table, Key: { pk: `APIKEY#${apiKey}`, sk: 'APIKEY' } }));
  return out.Item?.orgId;
}

describe('organisation profile', () => {
  it('is readable by every member (without the key) and editable by the owner only', async () => {
    const owner = await signUpOwner('profileorg');
    const member = await addMember(owner, perms());
    const read = await api('GET', '/organization/profile', { token: member.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: owner.orgId, name: 'profileorg Clinic', email: owner.email, legalName: 'profileorg Clinic LLC',
      websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567', timeZone: 'America/New_York', ownerId: owner.userId,
    });
    expect(read.body.data.apiKey).toBeUndefined();
    expect(JSON.stringify(read.body)).not.toMatch(/pk_/);

    expect((await api('PATCH', '/organization/profile', { token: member.token, body: { name: 'Hijacked' } })).status).toBe(403);

    const updated = await api('PATCH', '/organization/profile', { token: owner.token, body: { name: 'Renamed Clinic', websiteUrl: 'www.renamed.example.com', timeZone: 'europe/london' } });
    expect(updated.status).toBe(200);
    // A website typed without its scheme (as people do) is stored with https://.
    expect(updated.body.data).toMatchObject({ name: 'Renamed Clinic', websiteUrl: 'https://www.renamed.example.com', timeZone: 'Europe/London', legalName: 'profileorg Clinic LLC' });
    expect((await api('GET', '/organization/profile', { token: member.token })).body.data.name).toBe('Renamed Clinic');
    const utc = await api('PATCH', '/organization/profile', { token: owner.token, body: { timeZone: 'utc' } });
    expect(utc.body.data.timeZone).toBe('UTC');

    // The postal address: optional ('' until given), trimmed, at most 300 characters.
    expect(read.body.data.address).toBe('');
    const long = await api('PATCH', '/organization/profile', { token: owner.token, body: { address: 'x'.repeat(301) } });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ address: 'Maximum 300 symbols' });
    const addressed = await api('PATCH', '/organization/profile', { token: owner.token, body: { address: '  12 River Road\nSpringfield, IL 62701 ' } });
    expect(addressed.status).toBe(200);
    expect((await api('GET', '/organization/profile', { token: member.token })).body.data.address).toBe('12 River Road\nSpringfield, IL 62701');
  });

  it("starts in the creator's browser time zone (sent at sign-up), America/New_York when none came", async () => {
    const owner = await signUpOwner('zoneorg', 'Secret-123', { timeZone: 'australia/sydney' });
    const read = await api('GET', '/organization/profile', { token: owner.token });
    expect(read.body.data.timeZone).toBe('Australia/Sydney');
    // The booking page's clock follows it.
    const page = await api('GET', '/bookings/availability', { token: owner.token });
    expect(page.body.data.timeZone).toBe('Australia/Sydney');
    await expect(signUpOwner('badzoneorg', 'Secret-123', { timeZone: 'Mars/Olympus_Mons' })).rejects.toThrow(/add-organization: 400 Time zone must be a valid IANA time zone/);
  });

  it('validates with the spec messages and a real time zone, writing nothing on bad input', async () => {
    const owner = await signUpOwner('badorg');
    const bad = await api('PATCH', '/organization/profile', {
      token: owner.token,
      body: { name: '', email: 'x', legalName: '', websiteUrl: 'ftp://x', phoneNumber: '', timeZone: 'Mars/Olympus_Mons' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: 'name is required',
      email: 'Minimum 3 symbols',
      legalName: 'Legal Name is required',
      websiteUrl: 'Website Url must be a valid URL',
      phoneNumber: 'Phone Number is required',
      timeZone: 'Time zone must be a valid IANA time zone, e.g. America/New_York',
    });
    expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { timeZone: '+01:00' } })).status).toBe(400);
    const empty = await api('PATCH', '/organization/profile', { token: owner.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update.');
    expect((await api('GET', '/organization/profile', { token: owner.token })).body.data.name).toBe('badorg Clinic');
    expect((await logs(owner)).filter((e) => e.module === 'Organization' && e.action === 'update')).toEqual([]);
  });
});

describe('integration key', () => {
  it('is shown to the owner only, and a rotation retires the old key at once', async () => {
    const owner = await signUpOwner('keys');
    const member = await addMember(owner, perms({ Members: 'rwd', Notifications: 'rwd' }));
    const shown = await api('GET', '/organization/integration', { token: owner.token });
    expect(shown.status).toBe(200);
    const oldKey = shown.body.data.apiKey as string;
    expect(oldKey).toMatch(/^pk_[A-Za-z0-9_-]{20,}$/);
    expect(shown.body.data.rotatedAt).toBeNull();
    expect(await orgIdForKey(oldKey)).toBe(owner.orgId);
    expect((await api('GET', '/organization/integration', { token: member.token })).status).toBe(403);
    expect((await api('POST', '/organization/generate-integration', { token: member.token })).status).toBe(403);

    const rotated = await api('POST', '/organization/generate-integration', { token: owner.token });
    expect(rotated.status).toBe(201);
    const newKey = rotated.body.data.apiKey as string;
    expect(newKey).toMatch(/^pk_/);
    expect(newKey).not.toBe(oldKey);
    expect(await orgIdForKey(oldKey)).toBeUndefined();
    expect(await orgIdForKey(newKey)).toBe(owner.orgId);
    const after = await api('GET', '/organization/integration', { token: owner.token });
    expect(after.body.data).toEqual({ apiKey: newKey, rotatedAt: rotated.body.data.rotatedAt });

  });

  it('two rotations at the same moment leave exactly one working key', async () => {
    const owner = await signUpOwner('race');
    const before = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
    const results = await Promise.all([1, 2, 3].map(() => api('POST', '/organization/generate-integration', { token: owner.token })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(201);
    const current = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
    const issued = results.filter((r) => r.status === 201).map((r) => r.body.data.apiKey as string);
    expect(issued).toContain(current);
    for (const key of [before, ...issued]) expect(await orgIdForKey(key)).toBe(key === current ? owner.orgId : undefined);
    const conflicts = results.filter((r) => r.status === 409);
    for (const c of conflicts) expect(c.body.message).toBe('The key was changed at the same moment. Please reload the page and try again.');
  });
});
