// Issue 15 in Chromium: a member turns on two-step sign-in with a code computed from the secret the
// page shows (as an authenticator app would), signs out, signs in with password and code, and ends
// another of their sessions from the Sign-in & security page. The organisation and the member are set
// up over the API; everything the member does is done in the browser.
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { challengeHeaders } from '../support/challenge';
import { appUrl, codeFor, fill, launch, newContext, testClientHeaders, submitCredentials, uniqueEmail } from './browser';
import type { Json } from '../support/json';

async function api(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { ...testClientHeaders(), ...(await challengeHeaders(`${inject('appUrl')}/api`, method, path, options)) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${inject('appUrl')}/api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: res.status, body: (await res.json()) as { message: string; data?: Json } };
}

const totp = (secret: string, offsetSteps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** A new organisation's owner, over the API. */
async function signUpOwner() {
  const email = uniqueEmail('tfa-owner');
  const password = 'Secret-123';
  await api('POST', '/users/register-email', { body: { email, password } });
  const registration = (await api('POST', '/users/verify-email-otp', { body: { email, password, otp: await codeFor(email) } })).body.data.token;
  await api('POST', '/users/add-basic-details', {
    token: registration,
    body: { username: `owner${randomUUID().slice(0, 6)}`, firstName: 'Olive', lastName: 'Owner', phoneNumber: '+15551234567', gender: 'female' },
  });
  const org = await api('POST', '/users/add-organization', {
    token: registration,
    body: { name: 'Two-Step Clinic', email, legalName: 'Two-Step Clinic LLC', websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567' },
  });
  return org.body.data.token as string;
}

/** A member added by the owner who accepted the mailed invitation (over the API). */
async function addMember(ownerToken: string) {
  const email = uniqueEmail('tfa-member');
  const password = 'Member-pass-1';
  const permissions = ['Appointment', 'Members', 'Notifications', 'FORMS', 'BOOKING_PACKAGES'].map((module) => ({ module, read: module === 'Appointment', write: false, delete: false }));
  const added = await api('POST', '/organization/members/add', { token: ownerToken, body: { email, firstName: 'Mona', lastName: 'Member', permissions } });
  if (added.status !== 201) throw new Error(`members/add: ${added.status} ${added.body.message}`);
  const deadline = Date.now() + 15_000;
  let token: string | undefined;
  while (!token && Date.now() < deadline) {
    const store = (await (await fetch(`${inject('inboxUrl')}/store`)).json()) as { emails: { destination?: { to?: string[] }; body?: { text?: string } }[] };
    const mail = store.emails.find((m) => m.destination?.to?.some((t) => t.includes(email)) && /accept-invite\?token=/.test(m.body?.text ?? ''));
    token = mail && decodeURIComponent(/accept-invite\?token=([A-Za-z0-9_%-]+)/.exec(mail.body!.text!)![1]);
    if (!token) await new Promise((r) => setTimeout(r, 200));
  }
  const accepted = await api('POST', '/users/accept-invite', { body: { token, password } });
  if (accepted.status !== 201) throw new Error(`accept-invite: ${accepted.status} ${accepted.body.message}`);
  return { email, password };
}

describe('two-step sign-in and sessions (issue 15)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a member turns on two-step sign-in, signs in with password and code, and ends another session', async () => {
    const member = await addMember(await signUpOwner());
    const { page, errors } = await newContext(browser);

    // Signs in with the password (no second factor yet) and opens Sign-in & security.
    await submitCredentials(page, member.email, member.password);
    await page.waitForURL('**/dashboard');
    await page.goto(appUrl('/crafted/account/security'));
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect.poll(() => page.getByRole('img', { name: /QR code/ }).count()).toBe(1);

    // The authenticator app: the secret shown on the page, the code it gives now.
    const secret = (await page.getByLabel('Set-up key').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await fill(page, 'Code from the app', totp(secret, 0));
    await fill(page, 'Your password', member.password);
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codeList = page.getByRole('list', { name: 'Recovery codes' });
    await codeList.waitFor();
    const codes = await codeList.getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Signing in asks for a code from your authenticator app.').waitFor();

    // Signs out, then signs in with the password and the next code of the app.
    await page.locator('.app-sidebar').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, log out' }).click();
    await page.waitForURL('**/auth');
    await submitCredentials(page, member.email, member.password);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await fill(page, 'Authentication code', totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    // Another device signs in (with a recovery code); the member ends that session from the page.
    const challenge = (await api('POST', '/users/login', { body: { email: member.email, password: member.password } })).body.data.challengeToken;
    const other = (await api('POST', '/users/login/two-factor', { body: { challengeToken: challenge, code: codes[0] } })).body.data.token as string;
    expect((await api('GET', '/users/profile', { token: other })).status).toBe(200);

    await page.goto(appUrl('/crafted/account/security'));
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => sessions.getByText('This device').count()).toBe(1);
    await sessions.getByRole('button', { name: /^End the session on / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End session' }).click();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    expect((await api('GET', '/users/profile', { token: other })).status).toBe(401);
    // This browser's session carries on.
    await page.reload();
    await expect.poll(() => sessions.getByText('This device').count()).toBe(1);
    expect(errors).toEqual([]);
  }, 120_000);
});
