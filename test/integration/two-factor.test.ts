// Two-factor sign-in (TOTP) over HTTP: set-up, turning on and off, the two-step sign-in, replayed,
// wrong and recovery codes, the challenge token's limits, the owner's requirement, and bad input.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { api, mailsTo, signUpOwner, testAddress } from '../support/api';
import { eventually } from '../support/eventually';
import { testDb } from '../support/db';
import { addMember, logs, perms } from '../support/members';
import { challengeFor, totpCode, turnOnTwoFactor } from '../support/two-factor';

const TWO_FACTOR_REQUIRED = 'Your organisation requires two-step sign-in. Please set it up in your profile to continue.';

async function storedTwoFactor(userId: string) {
  const { client, table } = testDb();
  return (await client.send(new GetCommand({ TableName: table, Key: { pk: `USER#${userId}`, sk: 'TWOFACTOR' }, ConsistentRead: true }))).Item;
}

describe('two-factor set-up', () => {
  it('shows a secret and its otpauth URI, stores it encrypted, and is not active before a right code', async () => {
    const owner = await signUpOwner('tfa-setup');
    const setup = await api('POST', '/users/two-factor/setup', { token: owner.token });
    expect(setup.status).toBe(201);
    const { secret, uri } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('Clinic Suite');
    expect(parsed.searchParams.get('digits')).toBe('6');
    expect(parsed.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(parsed.pathname)).toContain(owner.email);
    // Encrypted at rest: the stored item does not contain the secret.
    expect(JSON.stringify(await storedTwoFactor(owner.userId))).not.toContain(secret);
    // Not active yet: the password alone still signs in.
    const login = await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } });
    expect(login.status).toBe(201);
    expect((await api('GET', '/users/session', { token: owner.token })).body.data).toMatchObject({ twoFactorEnabled: false });

    const wrong = await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: totpCode(secret, 3), currentPassword: owner.password } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The code is incorrect. Please try again.');
    const enabled = await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: totpCode(secret), currentPassword: owner.password } });
    expect(enabled.status).toBe(200);
    const codes: string[] = enabled.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = JSON.stringify(await storedTwoFactor(owner.userId), (_k, v) => (v instanceof Set ? [...v] : v));
    for (const code of codes) expect(stored).not.toContain(code.replace('-', ''));
    expect(stored).not.toContain(secret);
    expect((await api('GET', '/users/session', { token: owner.token })).body.data).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    // Already on: a second set-up is refused until it is turned off.
    expect((await api('POST', '/users/two-factor/setup', { token: owner.token })).status).toBe(409);
    expect((await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: totpCode(secret), currentPassword: owner.password } })).status).toBe(409);
  });

  it('turning it on ends the other sessions; this one carries on', async () => {
    const owner = await signUpOwner('tfa-others');
    const other = (await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } })).body.data.token;
    await turnOnTwoFactor(owner.token);
    expect((await api('GET', '/users/profile', { token: other })).status).toBe(401);
    expect((await api('GET', '/users/profile', { token: owner.token })).status).toBe(200);
  });

  it('refuses bad input with a clear 4xx', async () => {
    const owner = await signUpOwner('tfa-bad');
    expect((await api('POST', '/users/two-factor/setup')).status).toBe(401);
    const before = await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: '123456', currentPassword: owner.password } });
    expect(before.status).toBe(400);
    expect(before.body.message).toMatch(/start the set-up again/);
    for (const body of [{}, { code: 'abc' }, { code: '1234567' }, { code: 123456 }]) {
      const res = await api('POST', '/users/two-factor/enable', { token: owner.token, body: { ...body, currentPassword: owner.password } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Enter the 6-digit code from your authenticator app');
    }
    const off = await api('POST', '/users/two-factor/disable', { token: owner.token, body: { code: '123456' } });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('Two-step sign-in is not on.');
    const empty = await api('POST', '/users/two-factor/disable', { token: owner.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBeTruthy();
    const notJson = await api('POST', '/users/two-factor/enable', { token: owner.token, raw: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });
});

describe('the password before a two-factor change', () => {
  it('turning it on needs the password: refused without it or with a wrong one (counted), nothing turned on', async () => {
    const owner = await signUpOwner('tfa-pass-on');
    const { secret } = (await api('POST', '/users/two-factor/setup', { token: owner.token })).body.data;
    const missing = await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: totpCode(secret) } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Current password is required');
    // A wrong password leaves the right code unused: it turns two-factor on afterwards.
    const wrong = await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: totpCode(secret), currentPassword: 'Not-the-password-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'Your current password is incorrect.' });
    expect((await api('GET', '/users/session', { token: owner.token })).body.data.twoFactorEnabled).toBe(false);
    // Wrong passwords count toward the member's wrong codes: a stolen session cannot guess it.
    for (let i = 0; i < 9; i++) expect((await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: totpCode(secret), currentPassword: `Guess-${i}` } })).status).toBe(400);
    const limited = await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: totpCode(secret), currentPassword: owner.password } });
    expect(limited.status).toBe(429);
    expect((await api('GET', '/users/session', { token: owner.token })).body.data.twoFactorEnabled).toBe(false);
  });

  it('the right password and code turn it on', async () => {
    const owner = await signUpOwner('tfa-pass-ok');
    const { secret } = (await api('POST', '/users/two-factor/setup', { token: owner.token })).body.data;
    const wrong = await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: totpCode(secret), currentPassword: 'Not-the-password-1' } });
    expect(wrong.status).toBe(400);
    const enabled = await api('POST', '/users/two-factor/enable', { token: owner.token, body: { code: totpCode(secret), currentPassword: owner.password } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.recoveryCodes).toHaveLength(10);
  });
});

describe('new recovery codes', () => {
  it('need the password and a code; replace the old codes, shown once, audited and mailed', async () => {
    const owner = await signUpOwner('tfa-regen');
    const { secret, recoveryCodes: old } = await turnOnTwoFactor(owner.token);
    const code = totpCode(secret, 1);
    const regen = (body: object) => api('POST', '/users/two-factor/recovery-codes', { token: owner.token, body });

    expect((await api('POST', '/users/two-factor/recovery-codes', { body: { currentPassword: owner.password, code } })).status).toBe(401);
    const noPassword = await regen({ code });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('Current password is required');
    const noCode = await regen({ currentPassword: owner.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe('Enter the 6-digit code from your authenticator app');
    // A wrong password does not use up the code sent with it (the same code works below).
    const wrongPassword = await regen({ currentPassword: 'Not-the-password-1', code });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ currentPassword: 'Your current password is incorrect.' });
    const wrongCode = await regen({ currentPassword: owner.password, code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.errors).toEqual({ code: 'The code is incorrect. Please try again.' });
    const before = (await logs(owner)).length;

    const done = await regen({ currentPassword: owner.password, code });
    expect(done.status).toBe(200);
    const fresh: string[] = done.body.data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    for (const c of fresh) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(fresh.filter((c) => old.includes(c))).toEqual([]);
    expect((await api('GET', '/users/session', { token: owner.token })).body.data).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    // Only the hashes are kept.
    const stored = JSON.stringify(await storedTwoFactor(owner.userId), (_k, v) => (v instanceof Set ? [...v] : v));
    for (const c of fresh) expect(stored).not.toContain(c.replace('-', ''));
    // The same TOTP code again is refused (it was used), as at sign-in.
    expect((await regen({ currentPassword: owner.password, code })).status).toBe(400);

    const entries = await logs(owner);
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ module: 'Account', action: 'update', recordType: 'two-factor', recordId: owner.userId, summary: 'Replaced the recovery codes of two-step sign-in' });
    const mail = await eventually(async () => (await mailsTo(owner.email)).find((m) => m.subject === 'New recovery codes for two-step sign-in'), 'the mail');
    expect(mail.body.text).toMatch(/the old ones no longer work/);

    // An old code signs in no more; a new one does, once.
    const oldTry = await api('POST', '/users/login/two-factor', { body: { challengeToken: await challengeFor(owner.email, owner.password), code: old[0] } });
    expect(oldTry.status).toBe(401);
    expect(oldTry.body.message).toBe('The code is incorrect. Please try again.');
    const newTry = await api('POST', '/users/login/two-factor', { body: { challengeToken: await challengeFor(owner.email, owner.password), code: fresh[0] } });
    expect(newTry.status).toBe(201);
    expect((await api('GET', '/users/session', { token: owner.token })).body.data.recoveryCodesLeft).toBe(9);

    // A recovery code serves as the code too (and is replaced with the rest).
    const again = await regen({ currentPassword: owner.password, code: fresh[1] });
    expect(again.status).toBe(200);
    expect((await regen({ currentPassword: owner.password, code: again.body.data.recoveryCodes[0] })).status).toBe(200);
    expect((await regen({ currentPassword: owner.password, code: fresh[2] })).status).toBe(400);
  });

  it('are refused while two-factor is off', async () => {
    const owner = await signUpOwner('tfa-regen-off');
    const off = await api('POST', '/users/two-factor/recovery-codes', { token: owner.token, body: { currentPassword: owner.password, code: '123456' } });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('Two-step sign-in is not on.');
    expect(await storedTwoFactor(owner.userId)).toBeUndefined();
  });
});

describe('signing in with two-factor', () => {
  it('asks for a code after the password, gives the session for a right one, and refuses a replayed or wrong one', async () => {
    const owner = await signUpOwner('tfa-login');
    const { secret } = await turnOnTwoFactor(owner.token);

    const step1 = await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } });
    expect(step1.status).toBe(200);
    expect(step1.body.data).toMatchObject({ twoFactorRequired: true, loginVerified: false });
    expect(step1.body.data.token).toBeUndefined();
    const challengeToken = step1.body.data.challengeToken;

    // The code that turned it on was used: its step is spent.
    const replayedEnableCode = await api('POST', '/users/login/two-factor', { body: { challengeToken, code: totpCode(secret) } });
    expect([400, 401]).toContain(replayedEnableCode.status);

    const code = totpCode(secret, 1);
    const signedIn = await api('POST', '/users/login/two-factor', { body: { challengeToken, code } });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.data).toMatchObject({ loginVerified: true, isAlreadyRegistered: true, userDetails: { email: owner.email } });
    expect((await api('GET', '/users/session', { token: signedIn.body.data.token })).body.data.session).toMatchObject({ twoFactor: true, current: true });

    const replay = await api('POST', '/users/login/two-factor', { body: { challengeToken, code } });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This code has been used already. Please wait for the next code in your app.');

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await api('POST', '/users/login/two-factor', { body: { challengeToken, code: wrongCode } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('The code is incorrect. Please try again.');
    expect(wrong.body.data).toBeUndefined();
  });

  it('takes each recovery code once', async () => {
    const owner = await signUpOwner('tfa-recovery');
    const { recoveryCodes } = await turnOnTwoFactor(owner.token);
    const challengeToken = await challengeFor(owner.email, owner.password);
    const first = await api('POST', '/users/login/two-factor', { body: { challengeToken, code: recoveryCodes[0].toUpperCase() } });
    expect(first.status).toBe(201);
    expect(first.body.message).toMatch(/recovery code/);
    expect((await api('POST', '/users/login/two-factor', { body: { challengeToken, code: recoveryCodes[0] } })).status).toBe(401);
    expect((await api('POST', '/users/login/two-factor', { body: { challengeToken, code: recoveryCodes[1] } })).status).toBe(201);
    expect((await api('GET', '/users/session', { token: owner.token })).body.data.recoveryCodesLeft).toBe(8);
  });

  it('accepts the challenge token nowhere else, and not once expired', async () => {
    const owner = await signUpOwner('tfa-challenge');
    const { secret } = await turnOnTwoFactor(owner.token);
    const challengeToken = await challengeFor(owner.email, owner.password);
    expect((await api('GET', '/users/profile', { token: challengeToken })).status).toBe(401);
    expect((await api('POST', '/users/two-factor/setup', { token: challengeToken })).status).toBe(401);
    const signUpStep = await api('POST', '/users/add-basic-details', {
      token: challengeToken,
      body: { username: 'someone', firstName: 'Some', lastName: 'Body', phoneNumber: '+15550000000', gender: 'male' },
    });
    expect(signUpStep.status).toBe(401);
    // An access token is no challenge token either.
    expect((await api('POST', '/users/login/two-factor', { body: { challengeToken: owner.token, code: totpCode(secret, 1) } })).status).toBe(401);

    // A challenge older than 5 minutes (signed with the stack's key, as the server would have).
    const key = new TextEncoder().encode(inject('stackEnv').TOKEN_SIGNING_KEY);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ typ: 'two-factor' }).setProtectedHeader({ alg: 'HS256' }).setSubject(owner.userId).setIssuer('clinic-suite').setIssuedAt(now - 400).setExpirationTime(now - 100).sign(key);
    const late = await api('POST', '/users/login/two-factor', { body: { challengeToken: expired, code: totpCode(secret, 1) } });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('Your sign-in has expired. Please sign in again.');

    for (const body of [{}, { challengeToken }, { challengeToken, code: '12' }, { code: '123456' }]) {
      const res = await api('POST', '/users/login/two-factor', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it('counts wrong codes toward the same limits as wrong passwords', async () => {
    const owner = await signUpOwner('tfa-limit');
    const { secret } = await turnOnTwoFactor(owner.token);
    const from = { 'x-forwarded-for': testAddress() };
    const challengeToken = await challengeFor(owner.email, owner.password, from);
    const right = totpCode(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) expect((await api('POST', '/users/login/two-factor', { headers: from, body: { challengeToken, code: wrong } })).status).toBe(401);
    const refused = await api('POST', '/users/login/two-factor', { headers: from, body: { challengeToken, code: right } });
    expect(refused.status).toBe(429);
    // The password step from that address is limited as well: the failures were the account's.
    expect((await api('POST', '/users/login', { headers: from, body: { email: owner.email, password: owner.password } })).status).toBe(429);
  });
});

describe('turning two-factor off', () => {
  it('takes a code, ends the other sessions, mails the member, and signs in with the password alone after', async () => {
    const owner = await signUpOwner('tfa-off');
    const { secret, recoveryCodes } = await turnOnTwoFactor(owner.token);
    const challengeToken = await challengeFor(owner.email, owner.password);
    const other = (await api('POST', '/users/login/two-factor', { body: { challengeToken, code: recoveryCodes[0] } })).body.data.token;

    const wrong = await api('POST', '/users/two-factor/disable', { token: owner.token, body: { code: recoveryCodes[0] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: 'The code is incorrect. Please try again.' });
    const off = await api('POST', '/users/two-factor/disable', { token: owner.token, body: { code: totpCode(secret, 1) } });
    expect(off.status).toBe(200);
    expect((await api('GET', '/users/profile', { token: other })).status).toBe(401);
    expect((await api('GET', '/users/profile', { token: owner.token })).status).toBe(200);
    const mail = await eventually(async () => (await mailsTo(owner.email)).find((m) => m.subject === 'Two-step sign-in was turned off'), 'the mail');
    expect(mail.body.text).toMatch(/other sessions were signed out/);
    expect((await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } })).status).toBe(201);
    expect(await storedTwoFactor(owner.userId)).toBeUndefined();
  });
});

describe('wrong codes while signed in', () => {
  it('are limited per member: after 10 wrong codes even a right one waits', async () => {
    const owner = await signUpOwner('tfa-guess');
    const { secret } = await turnOnTwoFactor(owner.token);
    const right = totpCode(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) expect((await api('POST', '/users/two-factor/disable', { token: owner.token, body: { code: wrong } })).status).toBe(400);
    const refused = await api('POST', '/users/two-factor/disable', { token: owner.token, body: { code: right } });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await api('GET', '/users/session', { token: owner.token })).body.data.twoFactorEnabled).toBe(true);
  });
});

describe("the owner's two-factor requirement", () => {
  it('sends members without two-factor to set it up before anything else', async () => {
    const owner = await signUpOwner('tfa-require');
    const member = await addMember(owner, perms({ Appointment: 'r' }));

    const early = await api('PUT', '/organization/security', { token: owner.token, body: { idleTimeoutMinutes: 30, requireTwoFactor: true } });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Turn on two-step sign-in for your own account first.');
    expect((await api('PUT', '/organization/security', { token: member.token, body: { idleTimeoutMinutes: 30, requireTwoFactor: false } })).status).toBe(403);

    await turnOnTwoFactor(owner.token);
    const saved = await api('PUT', '/organization/security', { token: owner.token, body: { idleTimeoutMinutes: 30, requireTwoFactor: true } });
    expect(saved.status).toBe(200);
    expect((await api('GET', '/organization/security', { token: owner.token })).body.data).toEqual({ idleTimeoutMinutes: 30, requireTwoFactor: true });

    const refused = await api('GET', '/appointments', { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TWO_FACTOR_REQUIRED);
    expect((await api('GET', '/users/session', { token: member.token })).body.data).toMatchObject({ twoFactorRequired: true, twoFactorEnabled: false });
    expect((await api('GET', '/users/roles-permissions', { token: member.token })).status).toBe(200);

    await turnOnTwoFactor(member.token, member.password);
    expect((await api('GET', '/appointments', { token: member.token })).status).toBe(200);
    // The owner's own session began before the requirement but with two-factor on: not affected.
    expect((await api('GET', '/logs', { token: owner.token })).status).toBe(200);
  });
});
