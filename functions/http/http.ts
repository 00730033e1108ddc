// endpoint(): the one way a handler is written. Everything below runs inside ONE deadline (the
// request's answer is due before Lambda's timeout; a request that runs out answers 503 with
// Retry-After and its SDK calls are aborted). middy runs, in order: error envelope, the route row,
// the CloudFront check, rate limits, authentication and authorisation, body parsing (size, JSON or
// multipart), the Idempotency-Key claim of public writes, the proof-of-work challenge of public
// writes (after the claim: a retry answered from the idempotency record is not asked again), input
// validation, then the handler's core.
// Handlers throw HttpError; they never build error responses.
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { CHALLENGE_HEADER, CHALLENGE_MESSAGE, type ChallengePage } from '#shared/challenge/challenge';
import { fieldErrors } from '#shared/common/schemas';
import { KeyTaken, RateLimitReached, SolutionSpent, SupersededAttempt, TransactionFailure, transact, transientReason, type TransactItem } from '../data/core';
import { answerOf, claimKey, completeKey, derivedId, fingerprintOf, keyForWrite, recordOn, releaseKey, type Claim } from '../data/idempotency';
import { challengeRiders, countPageEvent, spendSolution } from '../data/page-activity';
import { countRequest, countRequestItem, waitUntilWindowEnds } from '../data/rate-limits';
import { findRoute, type Route } from '../routes';
import { authorise, type Caller, type Registrant } from './authorise';
import { checkSolution } from '#lib/challenge';
import { config } from '#lib/config';
import { HttpError, badRequest, forbidden, notFound, payloadTooLarge, tooManyRequests, unsupportedMediaType } from '#lib/errors';
import { countMetric, log } from '#lib/log';
import { MalformedMultipart, parseMultipart, type UploadedFile } from '#lib/multipart';
import { randomId, sameSecret } from '#lib/passwords';
import { currentScope, runInScope, type ChallengeRiders } from '#lib/request-scope';
import { ORIGIN_VERIFY_HEADER, getChallengeKey, getOriginSecret } from '#lib/secrets';

export type { UploadedFile } from '#lib/multipart';

export interface Request<Body, Query> {
  event: APIGatewayProxyEventV2;
  route: Route;
  body: Body;
  query: Query;
  params: Record<string, string>;
  /** The signed-in member (access 'user' and 'owner'). */
  caller: Caller;
  /** The person signing up (access 'registration'). */
  registrant: Registrant;
  requestId: string;
  /** Files of a multipart body, by field name. */
  files: Record<string, UploadedFile | undefined>;
  /**
   * A new record id. With an Idempotency-Key it is derived from the key and `label`, so a retry that
   * takes over an unfinished attempt builds the same records (their conditional puts then tell it).
   */
  newId: (label: string) => string;
  /**
   * A new secret (256 bits, base64url), for a link that acts on a record (a hold's release). With an
   * Idempotency-Key it is derived from the key's seed and `label`, as newId is: a retry that takes over
   * an unfinished attempt makes the same one (the same link, so Stripe gets the same parameters).
   */
  newSecret: (label: string) => string;
  /**
   * On a route whose challenge rides in its write (challengeInWrite): the solved challenge's id. An item
   * of the write named by it spends it by being written (data/core.ts CarriedByItems `solutionSpend`).
   */
  solutionId?: string;
}

export interface Reply {
  status?: number;
  message?: string;
  data?: unknown;
  headers?: Record<string, string>;
  /** Set-Cookie values (API Gateway's `cookies`: one header each). */
  cookies?: string[];
  /** A body sent as-is (CSV, HTML) instead of the JSON envelope. */
  rawBody?: string;
}

type Schema = z.ZodMiniType;
type Out<S> = S extends Schema ? z.infer<S> : undefined;

/**
 * A reply that is not the JSON envelope (CSV, HTML, an iCalendar feed): its media type, for the API
 * document. The core must answer with `rawBody`.
 */
export interface RawReply {
  rawMediaType: string;
}

/** `reply: rawReply('text/csv')`: the handler answers a raw body of this media type. */
export const rawReply = (mediaType: string): RawReply => ({ rawMediaType: mediaType });

/** What every reply may carry besides its content. */
type ReplyBase = Omit<Reply, 'data' | 'rawBody'>;

/** A JSON reply with this `data`: the type of helpers that build a core's answer. */
export type ReplyWith<D> = ReplyBase & { data: D; rawBody?: undefined };

/**
 * The reply a core must give for its declared `reply`: `data` of the schema's input type (a wrong or
 * missing field is a type error; `noData` from #shared/common/schemas allows none), or `rawBody`.
 */
export type ReplyFor<R> = R extends RawReply
  ? ReplyBase & { rawBody: string; data?: undefined }
  : R extends Schema
    ? ReplyBase & (undefined extends z.input<R> ? { data?: z.input<R> } : { data: z.input<R> }) & { rawBody?: undefined }
    : never;

interface EndpointOptions<B, Q, R> {
  body?: B;
  query?: Q;
  /**
   * What the answer's `data` is (a zod schema in shared/<domain>/schemas.ts, e.g. `memberListReply`), `noData`
   * for a message-only answer, or `rawReply(mediaType)`. Typed at compile time, checked at run time
   * under REPLY_CHECK=strict (the local stack), and documented in the API document.
   */
  reply: R;
  /**
   * The route's challenge (route row `challenge`) is spent and counted by the handler's one write
   * transaction (data/core.ts transact) rather than by two writes before the handler: for a handler
   * whose success always ends in exactly one transact(). A spent solution is refused all the same.
   * That write also counts the caller's address for the route's rate limit (limitRate) and claims the
   * Idempotency-Key (claimIdempotencyKey, data/idempotency.ts keyForWrite): a new lead is one round trip.
   * Its items stand for the spend and the key's record themselves (data/core.ts CarriedByItems: an item
   * named by `solutionId`, one named by the key through `newId`, which carries the request's record).
   * `requestRecordAt` says where that item is, from the request's body and ids: a retry whose solution
   * is no longer valid is answered from it all the same, before its challenge is refused.
   */
  challengeInWrite?: { requestRecordAt: (request: { body: unknown; newId: (label: string) => string }) => Promise<{ pk: string; sk: string } | undefined> };
  /**
   * With challengeInWrite: the page's write count is not in the write either; the subscriber of the
   * event the write makes counts it, once (functions/domain/forms/on-lead-received.ts): a per-clinic
   * item every write of a burst would otherwise share, kept out of the visitor's transaction.
   */
  pageCountByEvent?: true;
}

/**
 * What a handler accepts and answers, kept on the function endpoint() returns: scripts/openapi builds
 * the API document from it (the schemas are in the bundle anyway, so nothing is added to it).
 */
export interface Contract {
  body?: Schema;
  query?: Schema;
  reply: Schema | RawReply;
}

/** A reply that does not match its declared schema (REPLY_CHECK=strict): a bug of the handler. */
export class ReplyMismatch extends Error {
  override name = 'ReplyMismatch';
}

/**
 * REPLY_CHECK=strict (set by the local stack, so every integration test and `npm start`): each answer
 * is checked against the handler's `reply`, and a mismatch is a 500 naming the path that failed.
 * Deployed functions never set it; what they pay is this one function.
 */
export function checkReply(route: string, declared: Schema | RawReply, reply: Reply): void {
  const fail = (why: string) => {
    throw new ReplyMismatch(`${route}: the reply does not match its declared schema: ${why}`);
  };
  if ('rawMediaType' in declared) {
    if (typeof reply.rawBody !== 'string') fail('a raw body was declared but none was given');
    const type = Object.entries(reply.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
    if (!type.toLowerCase().startsWith(declared.rawMediaType)) fail(`content-type "${type}" is not ${declared.rawMediaType}`);
    return;
  }
  if (reply.rawBody !== undefined) fail('a raw body was given but JSON data was declared');
  // What the client reads: the JSON text's value (undefined fields gone, dates as strings).
  const sent: unknown = reply.data === undefined ? undefined : JSON.parse(JSON.stringify(reply.data));
  const result = declared.safeParse(sent);
  if (!result.success) {
    fail(result.error.issues.map((i) => `data${i.path.map((p) => `.${String(p)}`).join('')}: ${i.message}`).join('; '));
  }
  const extra = undeclaredPaths(sent, result.data, 'data');
  if (extra.length) fail(`undeclared field${extra.length > 1 ? 's' : ''} ${extra.slice(0, 5).join(', ')}`);
}

/** Fields the answer has that the schema's output dropped (zod objects strip unknown keys). */
function undeclaredPaths(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => undeclaredPaths(item, kept[i], `${path}.${i}`));
  if (!sent || typeof sent !== 'object' || !kept || typeof kept !== 'object' || Array.isArray(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    Object.hasOwn(kept, key) ? undeclaredPaths(value, (kept as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

const JSON_LIMIT = 100 * 1024;
const MULTIPART_LIMIT = 10 * 1024 * 1024;
/** Path parameters are ids and keys: anything longer is no record of ours (DynamoDB keys stop at 1 KB). */
const MAX_PARAM_LENGTH = 200;
/** The answer is due this long before Lambda's own timeout, so it is always sent. */
const DEADLINE_MARGIN_MS = 1_000;
/** An unfinished attempt's Idempotency-Key may be taken over by a retry this long after the deadline. */
const LEASE_MARGIN_MS = 5_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const DEADLINE_MESSAGE = 'This is taking longer than it should. Please try again in a moment.';
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
export const IN_PROGRESS_MESSAGE = 'This request is still being processed. Please try again in a moment.';
export const CONTENDED_MESSAGE = 'Someone else was changing this at the same moment. Please try again.';

export function endpoint<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, R extends Schema | RawReply = Schema | RawReply>(
  options: EndpointOptions<B, Q, R>,
  core: (req: Request<Out<B>, Out<Q>>) => Promise<ReplyFor<R>>,
) {
  type Event = APIGatewayProxyEventV2 & { parsed?: Partial<Request<unknown, unknown>> };

  const run = async (event: Event, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const parsed = event.parsed!;
    const route = parsed.route!;
    const body = options.body ? validate(options.body, parsed.body ?? {}) : parsed.body;
    const query = options.query ? validate(options.query, event.queryStringParameters ?? {}) : event.queryStringParameters ?? {};
    const guard = currentScope()?.idempotency;
    let retried: APIGatewayProxyStructuredResultV2 | undefined;
    const reply = await runCore(() => core({
      event,
      route,
      body: body as Out<B>,
      query: query as Out<Q>,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      caller: parsed.caller as Caller,
      registrant: parsed.registrant as Registrant,
      requestId: context.awsRequestId,
      files: parsed.files ?? {},
      newId: (label) => (guard ? derivedId(guard.seed, label) : randomId(10)),
      newSecret: (label) => (guard ? derivedId(guard.seed, `secret\n${label}`, 43) : randomId(32)),
      solutionId: currentScope()?.challenge?.solutionId,
    })).catch(async (error: unknown) => {
      // The key was claimed by another attempt's write meanwhile: answer as its retry would be answered.
      if (!(error instanceof KeyTaken && guard?.inWrite)) throw error;
      retried = answerAsRetry((guard.inWrite.recordAt && (await answerOf(guard.inWrite.recordAt, guard.inWrite.fingerprint, { carried: true }))) || { kind: 'in-progress', retryAfterSeconds: 1 });
      return undefined;
    }) as Reply;
    if (retried) return retried;
    if (config.services.replyCheck) checkReply(event.routeKey, options.reply, reply);
    if (guard && !guard.completed && (reply.status ?? 200) < 300 && reply.rawBody === undefined) {
      const stored = { status: reply.status ?? 200, message: reply.message ?? 'OK', data: reply.data };
      // A key claimed in the write is completed by that write (its item carries the record): a handler of
      // such a route that answered without writing is a mistake, not something to paper over.
      if (guard.inWrite) throw new Error('A write that claims its Idempotency-Key answered without its record');
      await completeKey(guard.key, guard.token, stored, currentScope()?.tenant);
    }
    return respond(reply);
  };

  const chain = middy<Event, APIGatewayProxyStructuredResultV2>()
    .use({ onError: errorEnvelope })
    .use({ onError: releaseIdempotencyKey })
    .use({ before: readRoute })
    .use({ before: requireCloudFront })
    .use({ before: (request: MiddyRequest) => limitRate(request, options.challengeInWrite !== undefined) })
    // Who may call comes first: nobody's body (or upload) is read before the caller is known.
    .use({
      before: async (request: MiddyRequest) => {
        const who = await authorise(request.event.parsed!.route!, request.event.headers ?? {});
        Object.assign(request.event.parsed!, who);
      },
    })
    .use({ before: parseMultipartBody })
    .use({ before: parseBody })
    .use({ before: (request: MiddyRequest) => claimIdempotencyKey(request, options.challengeInWrite !== undefined) })
    .use({ before: (request: MiddyRequest) => requireChallenge(request, options.challengeInWrite, options.pageCountByEvent === true) })
    .handler(run);

  const contract: Contract = { body: options.body, query: options.query, reply: options.reply };
  return Object.assign(withDeadline(chain), { contract });
}

/** The first request of a container is its cold start (the request line says so). */
let coldStart = true;

/**
 * The whole chain inside one deadline: the answer is a clean 503 with Retry-After when it runs out,
 * and whatever the request still has in flight is aborted (data/dynamo.ts reads the signal). Every
 * request ends with one log line: its ids, route, status and duration (functions/lib/log.ts).
 */
function withDeadline<E, R extends APIGatewayProxyStructuredResultV2>(chain: (event: E, context: Context) => Promise<R>) {
  return async (event: E, context: Context): Promise<R | APIGatewayProxyStructuredResultV2> => {
    const started = performance.now();
    const { routeKey, requestContext } = (event ?? {}) as Partial<APIGatewayProxyEventV2>;
    const requestId = context?.awsRequestId;
    const controller = new AbortController();
    const scope = { signal: controller.signal, log: { requestId, route: routeKey } };
    const cold = coldStart;
    coldStart = false;
    return runInScope(scope, async () => {
      let timer: NodeJS.Timeout | undefined;
      const budget = Math.max(500, (context?.getRemainingTimeInMillis?.() ?? 10_000) - DEADLINE_MARGIN_MS);
      const expired = new Promise<APIGatewayProxyStructuredResultV2>((resolve) => {
        timer = setTimeout(() => {
          controller.abort(new Error('The request ran out of time.'));
          log.error(`No answer within ${budget} ms: answered 503`);
          resolve({ statusCode: 503, headers: { ...BASE_HEADERS, 'Retry-After': '2' }, body: JSON.stringify({ message: DEADLINE_MESSAGE, requestId }) });
        }, budget);
      });
      const work = chain(event, context);
      work.catch(() => undefined); // settles after the deadline answered: nothing is waiting for it
      let status: number | undefined;
      try {
        const result = await Promise.race([work, expired]);
        status = result.statusCode;
        return result;
      } finally {
        clearTimeout(timer);
        log.info('request', {
          status: status ?? 500,
          durationMs: Math.round(performance.now() - started),
          apiRequestId: requestContext?.requestId,
          ...(cold ? { coldStart: true } : {}),
        });
      }
    });
  };
}

function validate<S extends Schema>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrors(result.error.issues);
    throw badRequest(Object.values(errors)[0] ?? 'Invalid request', errors);
  }
  return result.data;
}

type MiddyRequest = middy.Request<APIGatewayProxyEventV2 & { parsed?: Partial<Request<unknown, unknown>> }>;

function readRoute(request: MiddyRequest) {
  const route = findRoute(request.event.routeKey);
  if (!route) throw new Error(`No route table row for ${request.event.routeKey}`);
  request.event.parsed = { route };
  // Ids and keys only: nothing longer or with control characters is looked up.
  for (const value of Object.values(request.event.pathParameters ?? {})) {
    if (!value || value.length > MAX_PARAM_LENGTH || /[\u0000-\u001f\u007f]/.test(value)) throw notFound();
  }
}

/**
 * In AWS the API answers only requests that came through CloudFront, which adds the origin secret:
 * the API's own endpoint would otherwise let anyone skip CloudFront and forge X-Forwarded-For.
 */
async function requireCloudFront(request: MiddyRequest) {
  if (request.event.parsed!.route!.signedWebhook) return;
  const expected = await getOriginSecret();
  if (expected === undefined) return;
  if (!sameSecret(header(request.event, ORIGIN_VERIFY_HEADER) ?? '', expected)) throw forbidden('Please use the site address.');
}

/**
 * The caller's address. Behind CloudFront, API Gateway's sourceIp is CloudFront's; CloudFront appends
 * the viewer's address to X-Forwarded-For, so take the rightmost hop that is not the connection's own.
 * Trustworthy because requireCloudFront refuses requests that did not come through CloudFront.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const source = event.requestContext?.http?.sourceIp ?? 'unknown';
  const hops = (header(event, 'x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (hops.length && hops[hops.length - 1] === source) hops.pop();
  return hops[hops.length - 1] ?? source;
}

/**
 * Whom a per-address limit counts: the IPv4 address, or the /64 network of an IPv6 one (a single
 * subscriber usually has a whole /64 to rotate through).
 */
export function clientKey(event: APIGatewayProxyEventV2): string {
  const address = clientAddress(event);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/**
 * The route's per-address limit. A route whose challenge rides in its write (challengeInWrite) counts
 * the address in that same transaction too (requireChallenge), not in a round trip of its own here:
 * only a write that would be stored is counted, and one over the limit stores nothing (429).
 */
async function limitRate(request: MiddyRequest, inWrite: boolean) {
  const route = request.event.parsed!.route!;
  if (!route.rateLimit || (inWrite && route.challenge)) return;
  const wait = await countRequest(request.event.routeKey, clientKey(request.event), route.rateLimit);
  if (wait !== undefined) throw tooManyRequests(tooManyMessage(wait), wait);
}

export function tooManyMessage(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

function bodyBytes(event: APIGatewayProxyEventV2): number {
  if (!event.body) return 0;
  return event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body);
}

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  const found = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return found ? headers[found] : undefined;
}

async function parseMultipartBody(request: MiddyRequest) {
  const { event } = request;
  const route = event.parsed!.route!;
  if (route.body !== 'multipart') return;
  const limit = route.maxBodyBytes ?? MULTIPART_LIMIT;
  const megabytes = Math.round(limit / 1024 / 1024);
  if (bodyBytes(event) > limit + 64 * 1024) throw payloadTooLarge(`The upload is too large (at most ${megabytes} MB).`);
  const contentType = header(event, 'content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) throw unsupportedMediaType('Send the form as multipart/form-data.');
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  let parsed;
  try {
    parsed = await parseMultipart(raw, contentType, { fileSize: limit, files: 5, fields: 100 });
  } catch (error) {
    if (error instanceof MalformedMultipart) throw badRequest('The upload could not be read. Please try again.');
    throw error;
  }
  const files: Record<string, UploadedFile> = {};
  for (const [name, file] of Object.entries(parsed.files)) {
    if (file.truncated) throw payloadTooLarge(`The file is too large (at most ${megabytes} MB).`);
    if (file.content.length > 0) files[name] = file;
  }
  event.parsed!.body = parsed.fields;
  event.parsed!.files = files;
}

/** What makes a retry "the same request": the parsed body, with each file by its digest. */
function requestFingerprint(event: MiddyRequest['event']): string {
  const parsed = event.parsed!;
  const files = Object.entries(parsed.files ?? {}).map(([name, f]) => [name, f?.filename, createHash('sha256').update(f?.content ?? '').digest('hex')]);
  return fingerprintOf(event.routeKey, event.rawPath ?? '', JSON.stringify({ body: parsed.body ?? null, files }));
}

/**
 * Public writes take an Idempotency-Key: the first request with a key claims it; a retry with the same
 * key gets the first answer (nothing new is written), waits while the first is still running, and
 * the same key with a different request is 422.
 */
async function claimIdempotencyKey(request: MiddyRequest, inWrite: boolean) {
  const { event } = request;
  const route = event.parsed!.route!;
  const key = header(event, 'idempotency-key');
  if (!route.idempotent || key === undefined) return;
  if (!IDEMPOTENCY_KEY.test(key)) throw badRequest('The Idempotency-Key header must be 1 to 255 visible characters.');
  if (inWrite) {
    // Claimed by the handler's one write (challengeInWrite): no round trip of its own (data/idempotency.ts keyForWrite).
    // The clinic the write is for (its organisation key) names its ids too: the same key sent to two
    // clinics never derives the same ids (each clinic's lead answers for the key there).
    const { fingerprint, ...claim } = keyForWrite(event.routeKey, key, requestFingerprint(event), organisationKeyOf(event));
    currentScope()!.idempotency = {
      ...claim,
      inWrite: { fingerprint, recordOn: (item, reply) => recordOn(item as TransactItem, fingerprint, reply) },
    };
    return;
  }
  const lease = Math.max(500, (request.context?.getRemainingTimeInMillis?.() ?? 10_000)) + LEASE_MARGIN_MS;
  const claim = await claimKey(event.routeKey, key, requestFingerprint(event), lease);
  if (claim.kind === 'claimed') {
    currentScope()!.idempotency = { key: claim.key, token: claim.token, seed: claim.seed };
    return;
  }
  return answerAsRetry(claim);
}

/** The organisation key a public write names in its body (`apiKey`, the appointment request's `organizationApiKey`); '' when none. */
function organisationKeyOf(event: MiddyRequest['event']): string {
  const body = (event.parsed!.body ?? {}) as Record<string, unknown>;
  const named = body.apiKey ?? body.organizationApiKey;
  return typeof named === 'string' ? named : '';
}

/** A retry's answer, by what its key's record says: the first answer again, 422 for another request, 409 while the first runs. */
function answerAsRetry(claim: Exclude<Claim, { kind: 'claimed' }>) {
  switch (claim.kind) {
    case 'replay':
      return respond({ ...claim.reply, headers: { 'idempotent-replayed': 'true' } });
    case 'mismatch':
      throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
    case 'in-progress':
      throw new HttpError(409, IN_PROGRESS_MESSAGE, undefined, { 'Retry-After': String(claim.retryAfterSeconds) });
  }
}

/**
 * Public writes of a page (route row `challenge`) need a solved proof-of-work challenge of that page,
 * issued for the same organisation key, not expired, and not used before (a retry with the same
 * Idempotency-Key may bring the same solution again). Refusals and accepted writes are counted per
 * page: the counts raise the next challenges' difficulty and tell staff (data/page-activity.ts).
 * With `inWrite` (EndpointOptions.challengeInWrite) the spend and the count ride in the handler's
 * own transaction (runCore); otherwise each is a write here, before the handler.
 */
async function requireChallenge(request: MiddyRequest, inWrite: EndpointOptions<unknown, unknown, Schema>['challengeInWrite'], countByEvent = false) {
  const { event } = request;
  const route = event.parsed!.route!;
  const page = route.challenge;
  if (!page) return;
  const body = (event.parsed!.body ?? {}) as Record<string, unknown>;
  const apiKey = page === 'sign-up' ? '' : organisationKeyOf(event);
  const result = await checkSolution(header(event, CHALLENGE_HEADER), await getChallengeKey());
  if (!result.ok) {
    // A key claimed in the write was not looked up before: the retry of a stored request (its solution
    // expired since) still gets its first answer.
    const guard = currentScope()?.idempotency;
    const recordAt = guard?.inWrite && inWrite ? await inWrite.requestRecordAt({ body, newId: (label) => derivedId(guard.seed, label) }) : undefined;
    const stored = guard?.inWrite && recordAt ? await answerOf(recordAt, guard.inWrite.fingerprint, { carried: true }) : undefined;
    if (stored?.kind === 'replay') return answerAsRetry(stored);
    return refuseChallenge(page, apiKey, result.reason);
  }
  if (result.scope.page !== page || result.scope.apiKey !== apiKey) return refuseChallenge(page, apiKey, 'other-page');
  const idempotencyKey = route.idempotent ? header(event, 'idempotency-key') : undefined;
  if (inWrite) {
    const rate = route.rateLimit ? countRequestItem(event.routeKey, clientKey(event), route.rateLimit) : undefined;
    currentScope()!.challenge = { page, apiKey, ...challengeRiders(page, apiKey, { id: result.id, expiresAt: result.expiresAt, idempotencyKey }), solutionId: result.id, rate, ...(countByEvent ? { countedByEvent: true } : {}) };
    return;
  }
  if (!(await spendSolution(result.id, result.expiresAt, idempotencyKey))) return refuseChallenge(page, apiKey, 'reused');
  await countPageEvent(page, apiKey, 'writes');
}

/** The refusal of a write without a valid, unused solution of its page: counted for the page, 403. */
async function refuseChallenge(page: ChallengePage, apiKey: string, reason: string): Promise<never> {
  countMetric('ChallengesRefused', 1, { page, reason });
  await countPageEvent(page, apiKey, 'refused');
  throw new HttpError(403, CHALLENGE_MESSAGE, { challenge: CHALLENGE_MESSAGE });
}

/**
 * The handler's core, with a challenge riding in its write (requireChallenge `inWrite`): a spent
 * solution found by the transaction is refused as requireChallenge refuses it; a write the page's
 * normal rate left uncounted is counted now (where the crossing raises the alarm). A handler that
 * answered without any transaction still spends the solution and counts the write here.
 */
async function runCore<T>(core: () => Promise<T>): Promise<T> {
  const riders = currentScope()?.challenge;
  let result: T;
  try {
    result = await core();
  } catch (error) {
    return refuseRider(riders, error);
  }
  if (riders && !riders.settled) {
    try {
      await transact([]);
    } catch (error) {
      return refuseRider(riders, error);
    }
  }
  if (riders?.countApart) await countPageEvent(riders.page, riders.apiKey, 'writes');
  return result;
}

/** What the write's riders refused (a spent solution, the address over its limit) as requireChallenge and limitRate refuse it; anything else thrown again. */
async function refuseRider(riders: ChallengeRiders | undefined, error: unknown): Promise<never> {
  if (riders && error instanceof SolutionSpent) return refuseChallenge(riders.page, riders.apiKey, 'reused');
  if (riders && error instanceof RateLimitReached) {
    const wait = waitUntilWindowEnds(error.windowEnd);
    throw tooManyRequests(tooManyMessage(wait), wait);
  }
  throw error;
}

/** A refused or failed request gives its key back, so the same request may be sent again at once. */
async function releaseIdempotencyKey() {
  const guard = currentScope()?.idempotency;
  if (guard && !guard.completed && !guard.inWrite) await releaseKey(guard.key, guard.token).catch(() => undefined);
}

function parseBody(request: MiddyRequest) {
  const { event } = request;
  const route = event.parsed!.route!;
  if (route.body === 'multipart') return;
  const limit = route.maxBodyBytes ?? JSON_LIMIT;
  if (bodyBytes(event) > limit) throw payloadTooLarge();
  if (!event.body) {
    event.parsed!.body = route.body === 'raw' ? '' : undefined;
    return;
  }
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (route.body === 'raw') {
    event.parsed!.body = text;
    return;
  }
  try {
    event.parsed!.body = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function respond(reply: Reply): APIGatewayProxyStructuredResultV2 {
  const status = reply.status ?? 200;
  const cookies = reply.cookies?.length ? { cookies: reply.cookies } : {};
  if (reply.rawBody !== undefined) {
    return { statusCode: status, headers: { ...BASE_HEADERS, ...reply.headers }, body: reply.rawBody };
  }
  const body: Record<string, unknown> = { message: reply.message ?? 'OK' };
  if (reply.data !== undefined) body.data = reply.data;
  return { statusCode: status, headers: { ...BASE_HEADERS, ...reply.headers }, body: JSON.stringify(body), ...cookies };
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/** Errors of reaching a service (refused or reset connections, SDK timeouts), not of the request. */
function isUnreachable(error: (Error & { code?: string }) | null | undefined): boolean {
  if (!error) return false;
  return UNREACHABLE_CODES.has(error.code ?? '') || error.name === 'TimeoutError' || error.name === 'RequestTimeout';
}

/** A service's "slow down" (throttling, S3's SlowDown, a 429 or 503) still there after its client's retries. */
const BUSY_NAMES = new Set(['ThrottlingException', 'Throttling', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded', 'TooManyRequestsException', 'SlowDown']);

function isBusy(error: (Error & { $metadata?: { httpStatusCode?: number } }) | null | undefined): boolean {
  if (!error) return false;
  const status = error.$metadata?.httpStatusCode;
  return BUSY_NAMES.has(error.name) || status === 429 || status === 503 || transientReason(error instanceof TransactionFailure ? error.original : error) === 'throttled';
}

function errorEnvelope(request: middy.Request) {
  const error = request.error as (Error & { statusCode?: number; expose?: boolean }) | null;
  if (error instanceof HttpError) {
    const body: Record<string, unknown> = { message: error.message };
    if (error.errors) body.errors = error.errors;
    request.response = { statusCode: error.status, headers: { ...BASE_HEADERS, ...error.headers }, body: JSON.stringify(body) };
    return;
  }
  if (error?.statusCode && error.statusCode < 500 && error.expose) {
    request.response = respond({ status: error.statusCode, message: error.message });
    return;
  }
  if (error instanceof SupersededAttempt) {
    // A retry with the same key took over after this attempt's deadline: it answers the visitor.
    request.response = respond({ status: 409, message: IN_PROGRESS_MESSAGE });
    return;
  }
  if (transientReason(error instanceof TransactionFailure ? error.original : error) === 'conflict') {
    // Every try of the transaction (data/core.ts transact) collided with another writing the same items.
    log.warn('Transaction lost every try to concurrent writes', { error: error?.name });
    request.response = respond({ status: 409, message: CONTENDED_MESSAGE });
    return;
  }
  const requestId = (request.context as Context | undefined)?.awsRequestId;
  if (currentScope()?.signal.aborted) {
    // The deadline answered 503 already (and logged it); this is the aborted work settling.
    log.warn('Stopped at the deadline', { error: error?.name });
    return;
  }
  log.error('Unexpected error', error);
  if (isUnreachable(error) || isBusy(error)) {
    // A store that cannot be reached (a restart, a network fault) or asks us to slow down is worth retrying: say so.
    request.response = { statusCode: 503, headers: { ...BASE_HEADERS, 'Retry-After': '2' }, body: JSON.stringify({ message: UNAVAILABLE_MESSAGE, requestId }) };
    return;
  }
  request.response = {
    statusCode: 500,
    headers: BASE_HEADERS,
    body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.', requestId }),
  };
}
