// The code we deploy, not the sources: handlers bundled exactly as the CDK stack bundles them
// (infra/constructs/bundling.ts, with the SDK schema plugin and the credential alias), each run in a
// fresh node process against the local DynamoDB, S3 and SES. Guards the bundling tricks that keep
// functions small: if one of them dropped code a request needs, these fail while the source-level
// tests still pass.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { bundleHandlers, type HandlerBundle } from '../../infra/constructs/bundling';
import { handlerEntry } from '../../infra/constructs/paths';
import { ROUTES } from '../../functions/routes';
import { api, latestCode, mailsTo, signUpOwner, uniqueEmail, waitForMails, type Owner } from '../support/api';
import { solvedChallenge } from '../support/challenge';
import { PDF, PNG, apiKeyOf, bookingForm, objectsUnder } from './appointments-support';
import type { Json } from '../support/json';

const INVOKE = join(import.meta.dirname, '..', 'support', 'invoke-bundle.mjs');
const HANDLERS = ['account/register-email', 'account/upload-profile-picture', 'appointments/get-attachment', 'appointments/request-appointment'];

let work: string;
let bundles: Map<string, HandlerBundle>;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'clinic-bundles-'));
  bundles = bundleHandlers(
    join(work, 'out'),
    HANDLERS.map((name) => ({ name, entry: handlerEntry(name) })),
  );
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Invocation {
  handler: string;
  path: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/** Runs one bundle on an API Gateway v2 event, with only the environment Lambda would give it. */
function invoke({ handler, path, params, headers = {}, body }: Invocation): { statusCode: number; body: Json } {
  const route = ROUTES.find((r) => r.handler === handler)!;
  const routeKey = `${route.method} /api${route.path}`;
  const binary = Buffer.isBuffer(body);
  const event = {
    version: '2.0',
    routeKey,
    rawPath: `/api${path}`,
    rawQueryString: '',
    headers,
    pathParameters: params,
    requestContext: { http: { method: route.method, path: `/api${path}` }, requestId: 'bundle-test', routeKey },
    body: body === undefined ? undefined : binary ? body.toString('base64') : body,
    isBase64Encoded: binary,
  };
  const eventFile = join(work, `event-${handler.replace('/', '-')}.json`);
  writeFileSync(eventFile, JSON.stringify(event));
  const { PATH } = process.env;
  const out = execFileSync(process.execPath, [INVOKE, bundles.get(handler)!.file, eventFile], {
    env: { PATH, NODE_OPTIONS: '--enable-source-maps', ...inject('stackEnv') },
    encoding: 'utf8',
  });
  const result = JSON.parse(out.trim().split('\n').pop()!);
  return { statusCode: result.statusCode, body: JSON.parse(result.body) };
}

async function multipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

describe('deployed bundles against the local services', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await signUpOwner('bundles');
  });

  it('register-email (DynamoDB, SES v2) stores the code and mails it; the code then verifies', async () => {
    const email = uniqueEmail('bundled');
    // With a solved challenge (the bundle checks it with the key from the stack's environment).
    const challenge = await solvedChallenge(inject('apiUrl'), 'sign-up');
    const res = invoke({ handler: 'account/register-email', path: '/users/register-email', headers: { 'content-type': 'application/json', 'x-challenge': challenge }, body: JSON.stringify({ email, password: 'Secret-123' }) });
    expect(res.statusCode).toBe(201);
    expect(await mailsTo(email)).toHaveLength(1);
    const verified = await api('POST', '/users/verify-email-otp', { body: { email, otp: await latestCode(email), password: 'Secret-123' } });
    expect(verified.status).toBe(200);
  });

  it('upload-profile-picture (multipart, S3 put and delete) stores the image and removes the one it replaces', async () => {
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
      const { body, contentType } = await multipart(form);
      return invoke({ handler: 'account/upload-profile-picture', path: '/users/profile-picture', headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType }, body });
    };
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const served = await fetch(`${inject('appUrl')}/assets/${first.body.data.profilePictureUrl}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const second = await upload();
    expect(second.statusCode).toBe(200);
    expect(await objectsUnder(`org/${owner.orgId}/users/${owner.userId}/`)).toEqual([second.body.data.profilePictureUrl]);
  });

  it('get-attachment (presigned S3 GET) answers a link that serves the private file inline', async () => {
    const booked = await api('POST', '/appointments/book-custom', { token: owner.token, form: bookingForm({}, { debtorReferralDocument: [PDF, 'referral.pdf', 'application/pdf'] }) });
    expect(booked.status).toBe(201);
    const id = booked.body.data.id as string;
    const res = invoke({
      handler: 'appointments/get-attachment',
      path: `/appointments/${id}/attachments/debtorReferralDocument`,
      params: { id, field: 'debtorReferralDocument' },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    const served = await fetch(res.body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('inline; filename="debtorReferralDocument.pdf"');
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('request-appointment (public multipart with a challenge, bundled without the token library) writes the mail from the packaged Portuguese catalogue', async () => {
    const apiKey = await apiKeyOf(owner.token);
    const email = uniqueEmail('bundled-request');
    const { body, contentType } = await multipart(bookingForm({ firstName: 'João', email, organizationApiKey: apiKey, locale: 'pt' }, { insuranceCardImage: [PNG, 'card.png', 'image/png'] }));
    const challenge = await solvedChallenge(inject('apiUrl'), 'appointment', apiKey);
    const res = invoke({ handler: 'appointments/request-appointment', path: '/public/appointments/book-custom', headers: { 'content-type': contentType, 'x-challenge': challenge }, body });
    expect(res.statusCode).toBe(201);
    expect(res.body.data.status).toBe('requested');
    // The mail's text is written by the bundle in the request (an outbox row), from i18n/pt.json beside it.
    const [mail] = await waitForMails(email);
    expect(mail.subject).toBe('Recebemos a sua solicitação de consulta em bundles Clinic');
    expect(mail.body.text).toContain('Olá, João,');
  });
});
