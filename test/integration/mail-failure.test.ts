// When SES does not take a code mail, the person is told to try again and can, at once: the unsent
// code is void and the once-a-minute resend rule does not hold them back. The handler runs in this
// process against the local table with the mail call failing; the retry goes through the real stack.
// Every other mail (an invitation here) does not depend on SES answering during the request at all:
// it is an outbox row written with the change, delivered (and retried) by the stack's outbox worker.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { api, latestCode, mailsTo, signUpOwner, uniqueEmail } from '../support/api';
import { challengeHeaders } from '../support/challenge';
import { inviteTokenFor } from '../support/members';
import { outboxRow } from '../support/outbox';

vi.mock('#lib/mail', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#lib/mail')>()),
  sendMail: vi.fn(() => Promise.reject(Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailableException' }))),
}));

beforeAll(() => {
  for (const [name, value] of Object.entries(inject('stackEnv'))) vi.stubEnv(name, value);
});
afterAll(() => vi.unstubAllEnvs());

/** Runs a route's handler in this process, where every mail SES is asked to send fails. */
async function callWithFailingMail(routeKey: string, handlerPath: string, body: unknown, token?: string) {
  const { handler } = (await import(handlerPath)) as { handler: (e: APIGatewayProxyEventV2, c: Context) => Promise<unknown> };
  const [method, path] = routeKey.split(' ') as [string, string];
  const challenge = await challengeHeaders(inject('apiUrl'), method, path.replace(/^\/api/, ''), { body });
  const event = {
    routeKey,
    headers: { 'content-type': 'application/json', ...challenge, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    requestContext: { http: { method: routeKey.split(' ')[0], sourceIp: '198.18.200.1' } },
  } as unknown as APIGatewayProxyEventV2;
  const res = (await handler(event, { awsRequestId: 'test' } as Context)) as { statusCode: number; headers: Record<string, string>; body: string };
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
}

const registerWithFailingMail = (email: string) =>
  callWithFailingMail('POST /api/users/register-email', '../../functions/account/register-email', { email, password: 'Secret-123' });

describe('a code mail that SES refuses', () => {
  it('answers 503 with a clear message, and a retry sends a working code at once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const email = uniqueEmail('sesdown');
    // More failures than the 5 codes an hour allows: unsent codes do not use up the allowance.
    for (let i = 0; i < 6; i++) {
      const failed = await registerWithFailingMail(email);
      expect(failed.status).toBe(503);
      expect(failed.body.message).toBe('We could not send the email just now. Please try again in a moment.');
      expect(failed.headers['Retry-After']).toBe('5');
    }
    expect(await mailsTo(email)).toHaveLength(0);

    const retry = await api('POST', '/users/register-email', { body: { email, password: 'Secret-123' } });
    expect(retry.status).toBe(201);
    const verified = await api('POST', '/users/verify-email-otp', { body: { email, otp: await latestCode(email), password: 'Secret-123' } });
    expect(verified.status).toBe(200);
  });
});

describe('an invitation while SES refuses mail', () => {
  it('adds the member all the same; the invitation is kept in the outbox and delivered once', async () => {
    const owner = await signUpOwner('sesout');
    const email = uniqueEmail('invitee');
    const added = await callWithFailingMail(
      'POST /api/organization/members/add',
      '../../functions/members/add-member',
      { email, firstName: 'Ines', lastName: 'Invited', permissions: [] },
      owner.token,
    );
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(`The member is added. We emailed ${email} a link to set a password.`);

    // The mail is a pending row written with the membership, not a call made during the request.
    const id = `member-added-${owner.orgId}-${added.body.data.userId}-${added.body.data.createdAt}-mail`;
    const row = await outboxRow(id);
    expect(row).toMatchObject({ id, orgId: owner.orgId, payload: { kind: 'mail', mail: { to: email, subject: "You're invited to join sesout Clinic" } } });

    // The stack's worker sends it; the link in it works.
    const token = await inviteTokenFor(email);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await api('POST', '/users/accept-invite', { body: { token, password: 'Invitee-pass-1' } })).status).toBe(201);
  });
});

describe('a password change while SES refuses mail', () => {
  it('changes the password and ends the other sessions all the same; the notice leaves the outbox later', async () => {
    const owner = await signUpOwner('sespw');
    const other = (await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } })).body.data.token;
    const changed = await callWithFailingMail('PATCH /api/users/password/change', '../../functions/account/change-password', { currentPassword: owner.password, newPassword: 'Changed-pass-1' }, owner.token);
    expect(changed.status).toBe(200);
    expect((await api('GET', '/users/profile', { token: other })).status).toBe(401);
    expect((await api('POST', '/users/login', { body: { email: owner.email, password: 'Changed-pass-1' } })).status).toBe(201);
    // Delivered by the stack's outbox worker (its SES answers), once.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(await mailsTo(owner.email)).some((m) => m.subject === 'Your password was changed')) await new Promise((r) => setTimeout(r, 100));
    expect((await mailsTo(owner.email)).filter((m) => m.subject === 'Your password was changed')).toHaveLength(1);
  });
});
