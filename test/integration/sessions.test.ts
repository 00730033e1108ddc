// Sessions over HTTP: each sign-in is a session the member sees and can end; ending one, signing out
// everywhere, a password change or reset, or removing the member refuses the token at once; an idle
// session is refused by the server; device cookies keep the owner's own browser out of a stranger's
// lockout and decide the new-device mail; one-time code tries are counted before they are compared.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { api, latestCode, mailsTo, signUpOwner, testAddress, uniqueEmail } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { addMember, perms } from '../support/members';
import { cookieHeader } from '../support/two-factor';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ENDED = 'Your session has ended. Please sign in again.';
const EXPIRED = 'You were signed out because your session expired. Please sign in again.';

const signIn = (email: string, password: string, headers: Record<string, string> = {}) => api('POST', '/users/login', { headers, body: { email, password } });

function sessionIdOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
}

async function sessionItem(orgId: string, userId: string, token: string) {
  const { client, table } = testDb();
  return (await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${orgId}`, sk: `SESSION#${userId}#${sessionIdOf(token)}` }, ConsistentRead: true }))).Item!;
}

async function setLastSeen(orgId: string, userId: string, token: string, minutesAgo: number) {
  const { client, table } = testDb();
  await client.send(new UpdateCommand({
    TableName: table, Key: { pk: `ORG#${orgId}`, sk: `SESSION#${userId}#${sessionIdOf(token)}` },
    UpdateExpression: 'SET lastSeenAt = :at', ExpressionAttributeValues: { ':at': new Date(Date.now() - minutesAgo * 60_000).toISOString() },
  }));
}

describe('sessions', () => {
  it('lists each sign-in with its device and address, marks this one, and ends another at once', async () => {
    const owner = await signUpOwner('sessions');
    const address = testAddress();
    const laptop = (await signIn(owner.email, owner.password, { 'user-agent': CHROME, 'x-forwarded-for': address })).body.data.token;
    const phone = (await signIn(owner.email, owner.password, { 'user-agent': SAFARI })).body.data.token;

    const list = await api('GET', '/users/sessions', { token: laptop });
    expect(list.status).toBe(200);
    const items = list.body.data.items as { id: string; device: string; address: string; current: boolean; createdAt: string; lastSeenAt: string }[];
    expect(items).toHaveLength(3);
    expect(items.find((s) => s.current)).toMatchObject({ id: sessionIdOf(laptop), device: 'Chrome on Windows', address });
    expect(items.find((s) => s.id === sessionIdOf(phone))).toMatchObject({ device: 'Safari on iOS', current: false });

    const ended = await api('DELETE', `/users/sessions/${sessionIdOf(phone)}`, { token: laptop });
    expect(ended.status).toBe(200);
    const refused = await api('GET', '/users/profile', { token: phone });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(ENDED);
    expect((await api('GET', '/users/sessions', { token: laptop })).body.data.items).toHaveLength(2);
    expect((await api('DELETE', `/users/sessions/${sessionIdOf(phone)}`, { token: laptop })).status).toBe(404);
    expect((await api('DELETE', '/users/sessions/no-such-session', { token: laptop })).status).toBe(404);
    expect((await api('GET', '/users/sessions?limit=0', { token: laptop })).status).toBe(400);
    expect((await api('GET', '/users/sessions?cursor=bm9wZQ', { token: laptop })).status).toBe(400);
    expect((await api('GET', '/users/sessions')).status).toBe(401);
  });

  it("cannot end another member's session", async () => {
    const owner = await signUpOwner('sessions-other');
    const member = await addMember(owner, perms({}));
    expect((await api('DELETE', `/users/sessions/${sessionIdOf(member.token)}`, { token: owner.token })).status).toBe(404);
    expect((await api('GET', '/users/profile', { token: member.token })).status).toBe(200);
  });

  it('signs out here, and everywhere', async () => {
    const owner = await signUpOwner('sessions-all');
    const second = (await signIn(owner.email, owner.password)).body.data.token;
    const third = (await signIn(owner.email, owner.password)).body.data.token;
    expect((await api('POST', '/users/logout', { token: third })).status).toBe(200);
    expect((await api('GET', '/users/profile', { token: third })).status).toBe(401);
    expect((await api('GET', '/users/profile', { token: second })).status).toBe(200);

    expect((await api('POST', '/users/sessions/end-all', { token: owner.token })).status).toBe(200);
    for (const token of [owner.token, second]) expect((await api('GET', '/users/profile', { token })).status).toBe(401);
    // A new sign-in works as before.
    const fresh = (await signIn(owner.email, owner.password)).body.data.token;
    expect((await api('GET', '/users/profile', { token: fresh })).status).toBe(200);
  });

  it('a password change ends the other sessions and mails the member; a reset ends all of them', async () => {
    const owner = await signUpOwner('sessions-password');
    const other = (await signIn(owner.email, owner.password)).body.data.token;
    const changed = await api('PATCH', '/users/password/change', { token: owner.token, body: { currentPassword: owner.password, newPassword: 'Changed-pass-1' } });
    expect(changed.status).toBe(200);
    expect((await api('GET', '/users/profile', { token: other })).status).toBe(401);
    expect((await api('GET', '/users/profile', { token: owner.token })).status).toBe(200);
    await eventually(async () => (await mailsTo(owner.email)).find((m) => m.subject === 'Your password was changed'), 'the password mail');

    await api('POST', '/users/password/forgot', { body: { email: owner.email } });
    const reset = await api('POST', '/users/password/reset', { body: { email: owner.email, otp: await latestCode(owner.email), password: 'Reset-pass-1' } });
    expect(reset.status).toBe(200);
    expect((await api('GET', '/users/profile', { token: owner.token })).status).toBe(401);
    await eventually(async () => ((await mailsTo(owner.email)).filter((m) => m.subject === 'Your password was changed').length === 2 ? true : undefined), 'the reset mail');
  });

  it('removing a member refuses their token at once', async () => {
    const owner = await signUpOwner('sessions-removed');
    const member = await addMember(owner, perms({ Members: 'r' }));
    expect((await api('DELETE', `/organization/members/${member.userId}`, { token: owner.token })).status).toBe(200);
    const res = await api('GET', '/users/profile', { token: member.token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(ENDED);
  });

  it('refuses a token without a session (issued before sessions existed)', async () => {
    const owner = await signUpOwner('sessions-legacy');
    const [h, p, s] = owner.token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    delete payload.sid;
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect((await api('GET', '/users/profile', { token: forged })).status).toBe(401);
  });
});

describe('why a session is refused (the console shows it on /auth)', () => {
  it('an expired session, or a token past its time, says it expired; an ended one says it ended', async () => {
    const owner = await signUpOwner('sessions-why');
    const { client, table } = testDb();
    const other = (await signIn(owner.email, owner.password)).body.data.token;
    await client.send(new UpdateCommand({
      TableName: table, Key: { pk: `ORG#${owner.orgId}`, sk: `SESSION#${owner.userId}#${sessionIdOf(other)}` },
      UpdateExpression: 'SET expiresAt = :at', ExpressionAttributeValues: { ':at': new Date(Date.now() - 1_000).toISOString() },
    }));
    const expired = await api('GET', '/users/profile', { token: other });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(EXPIRED);

    // A token whose own time is over (signed with the stack's key, as the server would have 12 hours ago).
    const claims = JSON.parse(Buffer.from(owner.token.split('.')[1], 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const sign = (iat: number, exp: number) => new SignJWT({ ...claims, iat, exp }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(inject('stackEnv').TOKEN_SIGNING_KEY));
    // Signed so, a token in its time is good (the key is the stack's): only the time differs below.
    expect((await api('GET', '/users/profile', { token: await sign(now - 60, now + 3600) })).status).toBe(200);
    const stale = await sign(now - 13 * 3600, now - 3600);
    const old = await api('GET', '/users/profile', { token: stale });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(EXPIRED);

    const third = (await signIn(owner.email, owner.password)).body.data.token;
    expect((await api('POST', '/users/logout', { token: third })).status).toBe(200);
    const ended = await api('GET', '/users/profile', { token: third });
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(ENDED);
    expect((await api('GET', '/users/profile', { token: owner.token })).status).toBe(200);
  });
});

describe('automatic logoff on the server', () => {
  it('refuses a session idle longer than the limit (30 minutes by default, the owner may change it)', async () => {
    const owner = await signUpOwner('idle');
    await setLastSeen(owner.orgId, owner.userId, owner.token, 25);
    expect((await api('GET', '/users/profile', { token: owner.token })).status).toBe(200);
    expect((await api('GET', '/users/session', { token: owner.token })).body.data.idleTimeoutMinutes).toBe(30);

    const other = (await signIn(owner.email, owner.password)).body.data.token;
    await setLastSeen(owner.orgId, owner.userId, other, 32);
    const idle = await api('GET', '/users/profile', { token: other });
    expect(idle.status).toBe(401);
    expect(idle.body.message).toBe('You were signed out after 30 minutes without activity. Please sign in again.');
    // It stays ended: activity cannot revive it.
    expect((await api('GET', '/users/profile', { token: other })).status).toBe(401);

    expect((await api('PUT', '/organization/security', { token: owner.token, body: { idleTimeoutMinutes: 60, requireTwoFactor: false } })).status).toBe(200);
    const third = (await signIn(owner.email, owner.password)).body.data.token;
    await setLastSeen(owner.orgId, owner.userId, third, 45);
    expect((await api('GET', '/users/profile', { token: third })).status).toBe(200);
    await setLastSeen(owner.orgId, owner.userId, third, 62);
    expect((await api('GET', '/users/profile', { token: third })).status).toBe(401);
  });

  it('records activity at most once a minute, by rows that may write (the console reports it with GET /users/session), and not for background requests', async () => {
    const owner = await signUpOwner('idle-touch');
    const first = (await sessionItem(owner.orgId, owner.userId, owner.token)).lastSeenAt;
    await api('GET', '/users/session', { token: owner.token });
    expect((await sessionItem(owner.orgId, owner.userId, owner.token)).lastSeenAt).toBe(first);

    await setLastSeen(owner.orgId, owner.userId, owner.token, 5);
    const before = (await sessionItem(owner.orgId, owner.userId, owner.token)).lastSeenAt;
    await api('GET', '/users/session', { token: owner.token, headers: { 'x-background-request': 'true' } });
    expect((await sessionItem(owner.orgId, owner.userId, owner.token)).lastSeenAt).toBe(before);
    // A read-only function has no write grant in AWS: it records nothing.
    await api('GET', '/users/profile', { token: owner.token });
    expect((await sessionItem(owner.orgId, owner.userId, owner.token)).lastSeenAt).toBe(before);
    await api('GET', '/users/session', { token: owner.token });
    expect(Date.parse((await sessionItem(owner.orgId, owner.userId, owner.token)).lastSeenAt)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('refuses bad settings with the reason', async () => {
    const owner = await signUpOwner('idle-bad');
    const cases: [unknown, string][] = [
      [{ idleTimeoutMinutes: 2, requireTwoFactor: false }, 'At least 5 minutes'],
      [{ idleTimeoutMinutes: 721, requireTwoFactor: false }, 'At most 720 minutes (12 hours)'],
      [{ idleTimeoutMinutes: 'ten', requireTwoFactor: false }, 'Enter a number of minutes'],
      [{ idleTimeoutMinutes: 10.5, requireTwoFactor: false }, 'Enter a whole number of minutes'],
      [{ idleTimeoutMinutes: 10 }, 'Choose whether two-step sign-in is required'],
    ];
    for (const [body, message] of cases) {
      const res = await api('PUT', '/organization/security', { token: owner.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('device cookies', () => {
  it("a stranger's failures from many addresses do not lock the owner out of their own browser", async () => {
    const owner = await signUpOwner('device');
    const home = await signIn(owner.email, owner.password);
    const cookie = cookieHeader(home.headers);
    expect(home.headers.getSetCookie()[0]).toMatch(/^cs_device_[0-9a-f]{16}=.+; Path=\/api\/users\/login; Max-Age=\d+; HttpOnly; SameSite=Strict/);

    for (let batch = 0; batch < 10; batch++) {
      const address = testAddress();
      await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(owner.email, `Wrong-${batch}-${i}`, { 'x-forwarded-for': address })));
    }
    expect((await signIn(owner.email, owner.password)).status).toBe(429);
    expect((await signIn(owner.email, owner.password, { cookie })).status).toBe(201);
    // A forged or another member's cookie is no exemption.
    expect((await signIn(owner.email, owner.password, { cookie: cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).status).toBe(429);

    // Wrong passwords from the trusted browser count against that cookie alone.
    for (let i = 0; i < 10; i++) expect((await signIn(owner.email, `Wrong-again-${i}`, { cookie })).status).toBe(401);
    expect((await signIn(owner.email, owner.password, { cookie })).status).toBe(429);
  }, 60_000);

  it('mails the member about a sign-in from an unseen device, and not from a known one', async () => {
    const owner = await signUpOwner('device-mail');
    const first = await signIn(owner.email, owner.password, { 'user-agent': CHROME });
    const mail = await eventually(async () => (await mailsTo(owner.email)).find((m) => m.subject === 'New sign-in to your Clinic Suite account'), 'the new-device mail');
    expect(mail.body.text).toContain('Chrome on Windows');
    await signIn(owner.email, owner.password, { cookie: cookieHeader(first.headers) });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mailsTo(owner.email)).filter((m) => m.subject === 'New sign-in to your Clinic Suite account')).toHaveLength(1);
  });
});

describe('one-time codes under parallel guesses', () => {
  it('compares at most 5 tries of one code, however many arrive at once', async () => {
    const email = uniqueEmail('parallel');
    await api('POST', '/users/register-email', { body: { email, password: 'Pass-1234' } });
    const code = await latestCode(email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api('POST', '/users/verify-email-otp', { body: { email, otp: wrong(i) } })));
    const compared = answers.filter((a) => a.status === 400);
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(15);
    const right = await api('POST', '/users/verify-email-otp', { body: { email, otp: code } });
    expect(right.status).toBe(429);
  });
});
