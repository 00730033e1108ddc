// endpoint(): the one way a handler is written. middy runs, in order: error envelope, authentication
// and authorisation from the route table row, body parsing (size, JSON or multipart), then input
// validation, then the handler's core. Handlers throw HttpError; they never build error responses.
import { isIPv6 } from 'node:net';
import middy from '@middy/core';
import multipartBodyParser from '@middy/http-multipart-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { fieldErrors } from '#shared/schemas/common';
import { countRequest } from '../data/rate-limits';
import { findRoute, type Route } from '../routes';
import { authorise, type Caller, type Registrant } from './authorise';
import { HttpError, badRequest, forbidden, payloadTooLarge, tooManyRequests, unsupportedMediaType } from './errors';
import { sameSecret } from './passwords';
import { ORIGIN_VERIFY_HEADER, getOriginSecret } from './secrets';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  content: Buffer;
  truncated?: boolean;
}

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
}

export interface Reply {
  status?: number;
  message?: string;
  data?: unknown;
  headers?: Record<string, string>;
  /** A body sent as-is (CSV, HTML) instead of the JSON envelope. */
  rawBody?: string;
}

type Schema = z.ZodMiniType;
type Out<S> = S extends Schema ? z.infer<S> : undefined;

interface EndpointOptions<B, Q> {
  body?: B;
  query?: Q;
}

const JSON_LIMIT = 100 * 1024;
const MULTIPART_LIMIT = 10 * 1024 * 1024;

export function endpoint<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
  options: EndpointOptions<B, Q>,
  core: (req: Request<Out<B>, Out<Q>>) => Promise<Reply>,
) {
  type Event = APIGatewayProxyEventV2 & { parsed?: Partial<Request<unknown, unknown>> };

  const run = async (event: Event, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const parsed = event.parsed!;
    const route = parsed.route!;
    const body = options.body ? validate(options.body, parsed.body ?? {}) : parsed.body;
    const query = options.query ? validate(options.query, event.queryStringParameters ?? {}) : event.queryStringParameters ?? {};
    const reply = await core({
      event,
      route,
      body: body as Out<B>,
      query: query as Out<Q>,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      caller: parsed.caller as Caller,
      registrant: parsed.registrant as Registrant,
      requestId: context.awsRequestId,
      files: parsed.files ?? {},
    });
    return respond(reply);
  };

  return middy<Event, APIGatewayProxyStructuredResultV2>()
    .use({ onError: errorEnvelope })
    .use({ before: readRoute })
    .use({ before: requireCloudFront })
    .use({ before: limitRate })
    // Who may call comes first: nobody's body (or upload) is read before the caller is known.
    .use({
      before: async (request) => {
        const who = await authorise(request.event.parsed!.route!, request.event.headers ?? {});
        Object.assign(request.event.parsed!, who);
      },
    })
    .use(multipartWhenDeclared())
    .use({ before: parseBody })
    .handler(run);
}

function validate<S extends Schema>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrors(result.error.issues);
    throw badRequest(Object.values(errors)[0] ?? 'Invalid request', errors);
  }
  return result.data as z.infer<S>;
}

type MiddyRequest = middy.Request<APIGatewayProxyEventV2 & { parsed?: Partial<Request<unknown, unknown>> }>;

async function readRoute(request: MiddyRequest) {
  const route = findRoute(request.event.routeKey);
  if (!route) throw new Error(`No route table row for ${request.event.routeKey}`);
  request.event.parsed = { route };
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
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

async function limitRate(request: MiddyRequest) {
  const route = request.event.parsed!.route!;
  if (!route.rateLimit) return;
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

function multipartWhenDeclared(): middy.MiddlewareObj {
  return {
    before: async (request) => {
      const req = request as MiddyRequest;
      const route = req.event.parsed!.route!;
      if (route.body !== 'multipart') return;
      const limit = route.maxBodyBytes ?? MULTIPART_LIMIT;
      if (bodyBytes(req.event) > limit + 64 * 1024) throw payloadTooLarge(`The upload is too large (at most ${Math.round(limit / 1024 / 1024)} MB).`);
      const contentType = header(req.event, 'content-type') ?? '';
      if (!contentType.startsWith('multipart/form-data')) throw unsupportedMediaType('Send the form as multipart/form-data.');
      // middy's parser reads the lower-case header name.
      req.event.headers = { ...req.event.headers, 'content-type': contentType };
      const parser = multipartBodyParser({ busboy: { limits: { fileSize: limit, files: 5, fields: 100 } } });
      try {
        await parser.before!(request as never);
      } catch {
        throw badRequest('The upload could not be read. Please try again.');
      }
      const fields: Record<string, unknown> = {};
      const files: Record<string, UploadedFile> = {};
      for (const [name, value] of Object.entries((req.event.body ?? {}) as Record<string, unknown>)) {
        const file = Array.isArray(value) ? value[0] : value;
        if (file && typeof file === 'object' && 'content' in (file as object)) {
          const f = file as UploadedFile;
          if (f.truncated) throw payloadTooLarge(`The file is too large (at most ${Math.round(limit / 1024 / 1024)} MB).`);
          if (f.content.length > 0) files[name] = f;
        } else {
          fields[name] = value;
        }
      }
      req.event.parsed!.body = fields;
      req.event.parsed!.files = files;
    },
  };
}

async function parseBody(request: MiddyRequest) {
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
  if (reply.rawBody !== undefined) {
    return { statusCode: status, headers: { ...BASE_HEADERS, ...reply.headers }, body: reply.rawBody };
  }
  const body: Record<string, unknown> = { message: reply.message ?? 'OK' };
  if (reply.data !== undefined) body.data = reply.data;
  return { statusCode: status, headers: { ...BASE_HEADERS, ...reply.headers }, body: JSON.stringify(body) };
}

async function errorEnvelope(request: middy.Request) {
  const error = request.error as (Error & { statusCode?: number; expose?: boolean }) | null;
  if (error instanceof HttpError) {
    const body: Record<string, unknown> = { message: error.message };
    if (error.errors) body.errors = error.errors;
    request.response = { statusCode: error.status, headers: { ...BASE_HEADERS, ...error.headers }, body: JSON.stringify(body) };
    return;
  }
  if (error?.statusCode && error.statusCode < 500 && error.expose) {
    request.response = { statusCode: error.statusCode, headers: BASE_HEADERS, body: JSON.stringify({ message: error.message }) };
    return;
  }
  const requestId = (request.context as Context | undefined)?.awsRequestId;
  const event = request.event as APIGatewayProxyEventV2 | undefined;
  console.error(JSON.stringify({ level: 'error', requestId, route: event?.routeKey, error: error?.name, message: error?.message, stack: error?.stack }));
  request.response = {
    statusCode: 500,
    headers: BASE_HEADERS,
    body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.', requestId }),
  };
}
