// A small HTTP client for integration tests, and the sign-up of a fresh organisation owner.
import { randomInt, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { challengeHeaders } from './challenge';
import { eventually } from './eventually';
import type { Json } from './json';

export interface ApiResponse<T = Json> {
  status: number;
  body: { message: string; data?: T; errors?: Record<string, string> };
  headers: Headers;
}

/** A random address from the benchmarking range 198.18.0.0/15 (test files run in parallel workers). */
export function testAddress(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(256)}`;
}

export async function api<T = Json>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    form?: FormData;
    headers?: Record<string, string>;
    raw?: string;
    /**
     * The public writes that ask for a solved proof-of-work challenge get one, as the pages do
     * (fetched and solved here); false sends none, a string sends that header value.
     */
    challenge?: false | string;
    /** A stack of the test file's own (`${stack.url}/api`), instead of the suite's. */
    apiUrl?: string;
  } = {},
): Promise<ApiResponse<T>> {
  const apiUrl = options.apiUrl ?? inject('apiUrl');
  // Each request from its own address, as if through the proxy, so the per-address rate limits of
  // public routes do not add up across the suite; tests of those limits pass their own.
  const headers: Record<string, string> = { 'x-forwarded-for': testAddress(), ...options.headers };
  if (typeof options.challenge === 'string') headers['x-challenge'] = options.challenge;
  else if (options.challenge !== false && headers['x-challenge'] === undefined) Object.assign(headers, await challengeHeaders(apiUrl, method, path, options));
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: BodyInit | undefined;
  if (options.form) payload = options.form;
  else if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const res = await fetch(`${apiUrl}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let body: ApiResponse<T>['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  return { status: res.status, body, headers: res.headers };
}

/** A mail as the SES stand-in stores it (GET /store). */
export interface Mail {
  subject: string;
  from: string;
  /** Reply-To, as sent (empty when the mail has none). */
  replyTo: string[];
  destination: { to: string[] };
  body: { text?: string; html?: string };
  at: number;
  attachments: { filename?: string; content: string; contentType: string; size: number }[];
}

/** Mails the local SES stand-in captured for an address, oldest first (`inboxUrl`: a stack of the test's own). */
export async function mailsTo(address: string, inboxUrl = inject('inboxUrl')): Promise<Mail[]> {
  const res = await fetch(`${inboxUrl}/store`);
  const store = (await res.json()) as { emails: Mail[] };
  return store.emails.filter((m) => m.destination?.to?.some((t) => t.toLowerCase().includes(address.toLowerCase())));
}

/**
 * The mails to an address once at least `count` have arrived (mail leaves through the outbox just
 * after the change that causes it: locally within about a second); fails after `timeoutMs`.
 */
export async function waitForMails(address: string, count = 1, timeoutMs = 10_000, inboxUrl = inject('inboxUrl')): Promise<Mail[]> {
  return eventually(
    async () => {
      const mails = await mailsTo(address, inboxUrl);
      return mails.length >= count ? mails : undefined;
    },
    `${count} mail(s) to ${address}`,
    timeoutMs,
    50,
  );
}

/** The 6-digit code of the newest mail to an address that carries one (security notices carry none). */
export async function latestCode(address: string, inboxUrl?: string): Promise<string> {
  const mails = await mailsTo(address, inboxUrl);
  const match = mails.map((m) => /\b(\d{6})\b/.exec(m.subject)).filter((m) => m !== null).at(-1);
  if (!match) throw new Error(`No code mailed to ${address}`);
  return match[1];
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
/** A phone number of its own (one unpaid booking hold per phone: functions/domain/bookings/hold-limits.ts). */
export const uniquePhone = () => `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`;

export interface Owner {
  email: string;
  password: string;
  token: string;
  userId: string;
  orgId: string;
}

/** A local stack of a test file's own (infra/local/stack.ts): its address and its SES stand-in's. */
export interface OwnStack {
  url: string;
  inboxUrl: string;
}

/**
 * Runs the whole sign-up flow and returns a signed-in owner of a new organisation (on the suite's stack,
 * or on `stack`). `organization`: sent with the organisation step, but `country`, which goes with the
 * basic details (the currency follows it).
 */
export async function signUpOwner(tag = 'owner', password = 'Secret-123', organization: { timeZone?: string; currency?: string; country?: string } = {}, stack?: OwnStack): Promise<Owner> {
  const { country, ...orgFields } = organization;
  const on = stack ? { apiUrl: `${stack.url}/api` } : {};
  const email = uniqueEmail(tag);
  const sent = await api('POST', '/users/register-email', { ...on, body: { email, password } });
  if (sent.status !== 201) throw new Error(`register-email: ${sent.status} ${sent.body.message}`);
  const verified = await api('POST', '/users/verify-email-otp', { ...on, body: { email, otp: await latestCode(email, stack?.inboxUrl), password } });
  const registration = verified.body.data.token as string;
  await api('POST', '/users/add-basic-details', {
    ...on,
    token: registration,
    body: { username: `${tag}name`, firstName: 'Olive', lastName: 'Owner', phoneNumber: '+15551234567', gender: 'female', ...(country ? { country } : {}) },
  });
  const org = await api('POST', '/users/add-organization', {
    ...on,
    token: registration,
    body: { name: `${tag} Clinic`, email, legalName: `${tag} Clinic LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567', ...orgFields },
  });
  if (org.status !== 201) throw new Error(`add-organization: ${org.status} ${org.body.message}`);
  return { email, password, token: org.body.data.token, userId: org.body.data.userDetails.id, orgId: org.body.data.userDetails.organizationId };
}
