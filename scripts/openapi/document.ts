// The API's OpenAPI 3.1 document, generated from the route table: never written by hand. Each row of
// functions/routes.ts gives the method, path, access, permission (its operation's entry in
// shared/api-contract.ts), body kind, size limit, rate limit and idempotency; its handler module gives the zod schemas it validates (endpoint() keeps them on
// the handler as `contract`) and, from its header comment, the summary. zod 4 turns the schemas into
// JSON Schema (draft 2020-12, which OpenAPI 3.1 uses). Run by scripts/build-openapi.ts (npm run
// build) and by the local stack (GET /api/openapi.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import { readdirSync } from 'node:fs';
import { noData } from '#shared/common/schemas';
import { WEBHOOK_EVENT_OBJECTS, WEBHOOK_SIGNATURE_HEADER } from '#shared/webhooks/schemas';
import { WEBHOOK_EVENTS, type WebhookEventType } from '#shared/webhooks/events';
import { ROUTES, routeKey, type Route } from '../../functions/routes';
import type { Contract, RawReply } from '../../functions/http/http';

const ROOT = join(import.meta.dirname, '..', '..');
const FUNCTIONS = join(ROOT, 'functions');

type Json = Record<string, unknown>;

/** What the generator needs of a handler: the contract endpoint() attaches and its source text. */
export interface HandlerInfo {
  contract: Contract;
  source: string;
}

/** Loads a handler module and its contract; a handler not made by endpoint() has none and is refused. */
export async function loadHandler(route: Route): Promise<HandlerInfo> {
  const file = join(FUNCTIONS, `${route.handler}.ts`);
  const module = (await import(pathToFileURL(file).href)) as { handler?: { contract?: Contract } };
  const contract = module.handler?.contract;
  if (!contract) {
    throw new Error(
      `${routeKey(route)}: functions/${route.handler}.ts exports no handler made by endpoint() (it has no \`contract\`), so the API document cannot describe it. Build the handler with endpoint({ body, query, reply }, ...).`,
    );
  }
  return { contract, source: readFileSync(file, 'utf8') };
}

/** JSON Schema of what a client sends (io: 'input': before transforms; pipes give their input side). */
export function inputSchema(schema: z.ZodMiniType): Json {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete json.$schema;
  return json;
}

/** The modules of shared/ that hold schemas: each domain's `records.ts` and `*schemas.ts` (docs/conventions.md). */
function schemaModules(): string[] {
  const shared = join(ROOT, 'shared');
  return readdirSync(shared, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => /(^|\/)(records|[\w-]*schemas)\.ts$/.test(f) || /^schemas\/[\w-]+\.ts$/.test(f))
    .filter((f) => !f.endsWith('.test.ts'))
    .sort()
    .map((f) => join(shared, f));
}

/**
 * The named schemas the replies and webhooks are made of (exports of the schema modules ending in
 * `Record`, `View` or `EventObject`, e.g. `appointmentViewRecord` -> AppointmentView): they become
 * components, referenced where used.
 */
async function namedSchemas(): Promise<Map<z.ZodMiniType, string>> {
  const names = new Map<z.ZodMiniType, string>();
  for (const file of schemaModules()) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!/(Record|View|EventObject)$/.test(name) || !value || typeof value !== 'object' || !('_zod' in value)) continue;
      const schema = value as z.ZodMiniType;
      if (!names.has(schema)) names.set(schema, name.replace(/Record$/, '').replace(/^./, (c) => c.toUpperCase()));
    }
  }
  return names;
}

/**
 * JSON Schema of what the API answers (io: 'output'), with the named schemas as `$ref`s to
 * components (collected into `components`). `additionalProperties: false` is left out: an answer may
 * gain fields, and a client should not break on them.
 */
export function outputSchema(schema: z.ZodMiniType, named: Map<z.ZodMiniType, string>, components: Json): Json {
  const own = named.get(schema);
  if (own) {
    const others = new Map([...named].filter(([s]) => s !== schema));
    components[own] ??= outputSchema(schema, others, components);
    return ref('schemas', own);
  }
  const registry = z.registry<{ id: string }>();
  for (const [s, id] of named) if (s !== schema) registry.add(s, { id });
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12', metadata: registry }) as Json;
  const tidy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(tidy);
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema' || key === '$defs' || key === 'id' && typeof value === 'string' && (node as Json).type !== undefined && [...named.values()].includes(value)) continue;
      if (key === 'additionalProperties' && value === false) continue;
      out[key] = key === '$ref' && typeof value === 'string' ? value.replace('#/$defs/', '#/components/schemas/') : tidy(value);
    }
    return out;
  };
  for (const [id, def] of Object.entries((json.$defs as Json | undefined) ?? {})) components[id] ??= tidy(def);
  return tidy(json) as Json;
}

const isRaw = (reply: Contract['reply']): reply is RawReply => 'rawMediaType' in reply;

/** The handler's header comment (its leading // lines), as one text. */
export function headerComment(source: string): string {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    const match = /^\/\/ ?(.*)$/.exec(line);
    if (!match) break;
    lines.push(match[1].trim());
  }
  return lines.join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * The comment without references to source files, which mean nothing to a reader of the API:
 * `(lib/free-times.ts)` goes, `(or theirs: lib/x.ts)` keeps `(or theirs)`.
 */
export function withoutSourceRefs(text: string): string {
  const file = String.raw`[\w./-]+\.ts\b`;
  return text
    .replace(new RegExp(String.raw`\s*\(${file}(?:[\s,]+[\w./-]+)*\)`, 'g'), '')
    .replace(new RegExp(String.raw`[:;,]\s*(?:see\s+)?${file}(?=\))`, 'g'), '')
    .replace(new RegExp(String.raw`\(\s*${file}:\s*`, 'g'), '(')
    .replace(new RegExp(String.raw`,?\s*see\s+${file}`, 'g'), '');
}

const SUMMARY_MAX = 100;

/** One short line: the header comment's first sentence without a leading `METHOD /path ...:`. */
export function summaryOf(route: Route, comment: string): string {
  const text = comment.replace(/^(?:GET|POST|PUT|PATCH|DELETE)\s+\/\S*(?:\s*(?:\([^)]*\)|\[[^\]]*\]|\{[^}]*\}))*\s*:\s*/, '');
  // A sentence ends at . ! or ? before a capital letter (so "i.e. the" and "e.g. a" do not end it).
  const sentence = /^(.*?[.!?])\s+(?=[A-Z])/.exec(text)?.[1] ?? text;
  const clean = sentence.replace(/[.:;,]$/, '').trim();
  const short = clean.length > SUMMARY_MAX ? `${clean.slice(0, clean.lastIndexOf(' ', SUMMARY_MAX - 1)).replace(/[\s,;:(]+$/, '')}…` : clean;
  if (!short || /^(GET|POST|PUT|PATCH|DELETE)\s/.test(short)) return `${route.method} ${route.path}`;
  return short[0].toUpperCase() + short.slice(1);
}

const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1).toLowerCase();
const pascal = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map(capitalised).join('');
const camel = (text: string) => pascal(text).replace(/^./, (c) => c.toLowerCase());

/** `account/get-profile` -> `accountGetProfile`; a handler on several rows gets its path added. */
function operationIds(): Map<Route, string> {
  const count = new Map<string, number>();
  for (const r of ROUTES) count.set(r.handler, (count.get(r.handler) ?? 0) + 1);
  const ids = new Map<Route, string>();
  for (const r of ROUTES) {
    const base = camel(r.handler);
    ids.set(r, (count.get(r.handler) ?? 0) > 1 ? `${base}At${pascal(r.path)}` : base);
  }
  return ids;
}

const ACCESS_TEXT: Record<Route['access'], string> = {
  public: 'Public: no token.',
  registration: 'Needs the registration token of the sign-up steps (Authorization: Bearer).',
  user: 'Needs a signed-in member (Authorization: Bearer access token).',
  owner: "Only the organisation's owner (Authorization: Bearer access token).",
};

const SECURITY: Record<Route['access'], Json[]> = {
  public: [],
  registration: [{ registrationToken: [] }],
  user: [{ bearerAuth: [] }],
  owner: [{ bearerAuth: [] }],
};

const MB = 1024 * 1024;
const JSON_LIMIT = 100 * 1024;
const MULTIPART_LIMIT = 10 * MB;
const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round((bytes / MB) * 100) / 100} MB` : `${Math.round(bytes / 1024)} KB`);

const ref = (kind: 'responses' | 'parameters' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The error replies a row can give, from its row and what its handler file throws. */
function errorReplies(route: Route, info: HandlerInfo): string[] {
  const hasParams = route.path.includes('{');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const throws = (name: string) => new RegExp(`\\b${name}\\(`).test(info.source);
  const codes: string[] = [];
  if (info.contract.body || info.contract.query || hasBody || throws('badRequest')) codes.push('400');
  if (route.access !== 'public' || throws('unauthorized')) codes.push('401');
  codes.push('403'); // every row: a missing permission, or (deployed) a request that skipped CloudFront
  if (hasParams || throws('notFound')) codes.push('404');
  if (route.idempotent || throws('conflict')) codes.push('409');
  if (hasBody) codes.push('413');
  if (route.body === 'multipart') codes.push('415');
  if (route.idempotent) codes.push('422');
  if (route.rateLimit || throws('tooManyRequests')) codes.push('429');
  codes.push('503');
  return codes;
}

/** Success statuses the handler answers with (`status: 201` in its replies), 200 by default. */
function successStatuses(info: HandlerInfo): string[] {
  const found = [...info.source.matchAll(/\bstatus:\s*(2\d\d)\b/g)].map((m) => m[1]);
  return found.length ? [...new Set(found)].sort() : ['200'];
}

function requestBody(route: Route, info: HandlerInfo): Json | undefined {
  const body = info.contract.body ? inputSchema(info.contract.body) : undefined;
  if (route.body === 'raw') {
    return { required: true, description: `The raw body exactly as sent (its signature covers it), at most ${sizeText(route.maxBodyBytes ?? JSON_LIMIT)}.`, content: { 'text/plain': { schema: { type: 'string' } } } };
  }
  if (route.body === 'multipart') {
    const fields = body ?? { type: 'object' };
    return {
      required: true,
      description: `Form fields and files as multipart/form-data, at most ${sizeText(route.maxBodyBytes ?? MULTIPART_LIMIT)} in all.`,
      content: { 'multipart/form-data': { schema: { ...fields, additionalProperties: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
    };
  }
  if (!body) return undefined;
  return { required: true, description: `JSON, at most ${sizeText(route.maxBodyBytes ?? JSON_LIMIT)}.`, content: { 'application/json': { schema: body } } };
}

function parameters(route: Route, info: HandlerInfo): Json[] {
  const params: Json[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string', maxLength: 200 },
    ...(m[1] === 'apiKey' ? { description: "The organisation's integration key (Organisation > Integration)." } : {}),
  }));
  if (info.contract.query) {
    const query = inputSchema(info.contract.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, Json> | undefined) ?? {})) {
      params.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (route.signedWebhook) params.push({ name: 'Stripe-Signature', in: 'header', required: true, description: "Stripe's signature of the body.", schema: { type: 'string' } });
  if (route.idempotent) params.push(ref('parameters', 'IdempotencyKey'));
  return params;
}

function description(route: Route, info: HandlerInfo, comment: string): string {
  const parts = [comment, '', ACCESS_TEXT[route.access]];
  if (route.permission) parts.push(`Needs the **${route.permission.action}** permission on **${route.permission.module}** (owners pass every check).`);
  const body = info.contract.body ? inputSchema(info.contract.body) : undefined;
  const query = info.contract.query ? inputSchema(info.contract.query) : undefined;
  const hasApiKey = (s?: Json) => Object.hasOwn((s?.properties as Json | undefined) ?? {}, 'apiKey');
  if (route.access === 'public' && (route.path.includes('{apiKey}') || hasApiKey(body) || hasApiKey(query))) {
    parts.push("The organisation is found by its integration key, the `apiKey` (in the path, query or body), never by a token.");
  }
  if (route.rateLimit) parts.push(`At most ${route.rateLimit.limit} requests per client address in ${route.rateLimit.windowSeconds / 60} minutes (then 429 with Retry-After).`);
  if (route.idempotent) parts.push('Takes an Idempotency-Key: a retry with the same key gets the first answer and writes nothing new.');
  return parts.join('\n').trim();
}

/** The success reply: the envelope with the handler's `data` schema, a message only, or a raw body. */
function successReply(info: HandlerInfo, named: Map<z.ZodMiniType, string>, schemas: Json): Json {
  const { reply } = info.contract;
  if (isRaw(reply)) return { description: `Success: the ${reply.rawMediaType} document itself (no envelope).`, content: { [reply.rawMediaType]: { schema: { type: 'string' } } } };
  if (reply === noData) return ref('responses', 'Message');
  const data = outputSchema(reply, named, schemas);
  const optional = reply.safeParse(undefined).success;
  return {
    description: optional ? 'Success: the envelope; `data`, when present, holds the answer.' : 'Success: the envelope, with the answer in `data`.',
    content: {
      'application/json': {
        schema: { type: 'object', required: optional ? ['message'] : ['message', 'data'], properties: { message: { type: 'string' }, data } },
      },
    },
  };
}

function operation(route: Route, info: HandlerInfo, operationId: string, named: Map<z.ZodMiniType, string>, schemas: Json): Json {
  const comment = withoutSourceRefs(headerComment(info.source));
  const responses: Json = {};
  for (const status of successStatuses(info)) responses[status] = successReply(info, named, schemas);
  for (const code of errorReplies(route, info)) responses[code] = ref('responses', ERROR_REPLIES[code].name);
  const body = requestBody(route, info);
  const params = parameters(route, info);
  return {
    operationId,
    tags: [route.handler.split('/')[0]],
    summary: summaryOf(route, comment),
    description: description(route, info, comment),
    security: SECURITY[route.access],
    ...(route.permission ? { 'x-permission': { module: route.permission.module, action: route.permission.action } } : {}),
    'x-access': route.access,
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** The shared error replies: name and what they mean here. */
const ERROR_REPLIES: Record<string, { name: string; text: string; withErrors?: true; retryAfter?: true }> = {
  '400': { name: 'BadRequest', text: 'The request is not valid: `message` says why; on validation errors `errors` maps each field (dotted path) to its first message.', withErrors: true },
  '401': { name: 'Unauthorized', text: 'No valid token, or the credentials are wrong.' },
  '403': { name: 'Forbidden', text: 'The caller lacks the permission (or, deployed, the request did not come through the site address).' },
  '404': { name: 'NotFound', text: 'No such record in this organisation.' },
  '409': { name: 'Conflict', text: 'The request conflicts with the current state (e.g. a changed version), or a request with the same Idempotency-Key is still running (Retry-After).', retryAfter: true },
  '413': { name: 'PayloadTooLarge', text: 'The body is larger than the row allows.' },
  '415': { name: 'UnsupportedMediaType', text: 'The body must be multipart/form-data.' },
  '422': { name: 'IdempotencyKeyReused', text: 'This Idempotency-Key was already used for a different request.' },
  '429': { name: 'TooManyRequests', text: 'Too many attempts from this address (or for this account): try again after Retry-After seconds.', retryAfter: true },
  '503': { name: 'ServiceUnavailable', text: 'The request ran out of time or a store could not be reached: nothing was left half-written; try again after Retry-After seconds.', retryAfter: true },
};

function components(schemas: Json): Json {
  const responses: Json = {
    Message: { description: 'Success: the envelope with its message only (no `data`).', content: { 'application/json': { schema: ref('schemas', 'Message') } } },
  };
  for (const reply of Object.values(ERROR_REPLIES)) {
    responses[reply.name] = {
      description: reply.text,
      ...(reply.retryAfter ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: ref('schemas', reply.withErrors ? 'ValidationError' : 'Error') } },
    };
  }
  return {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'The access token of a signed-in member (POST /users/login).' },
      registrationToken: { type: 'http', scheme: 'bearer', description: 'The short-lived registration token of the sign-up steps (POST /users/verify-email-otp); accepted by nothing else.' },
      // OpenAPI has no HMAC scheme: an apiKey in the header is the nearest, its description says how to check it.
      [WEBHOOK_SECURITY]: {
        type: 'apiKey',
        in: 'header',
        name: WEBHOOK_SIGNATURE_HEADER,
        description:
          `How the webhooks (the \`webhooks\` section) are signed, for the receiving endpoint to check: the ${WEBHOOK_SIGNATURE_HEADER} header is ` +
          '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the endpoint\'s signing secret (shown once, when the endpoint is added). ' +
          'Compute the HMAC over the raw body as received, compare in constant time, and refuse a `t` more than 5 minutes old.',
      },
    },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Any 1 to 255 visible characters, new per intended request; a retry with the same key gets the first answer (header Idempotent-Replayed: true).',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      },
    },
    schemas: {
      // shared/api.ts ApiBody: every JSON answer has this shape.
      Message: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
      Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, requestId: { type: 'string' } } },
      ...schemas,
      ValidationError: {
        type: 'object',
        required: ['message'],
        properties: {
          message: { type: 'string', description: 'The first problem, for display.' },
          errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field (dotted path) -> its first message.' },
        },
      },
    },
    responses,
  };
}

export interface OpenApiDocument {
  openapi: string;
  info: Json;
  servers: Json[];
  tags: Json[];
  paths: Record<string, Record<string, Json>>;
  webhooks: Record<string, Record<string, Json>>;
  components: Json;
}

/**
 * The outgoing webhooks (OpenAPI 3.1 `webhooks`): one POST per event type, the body being the event
 * envelope with that type's `data.object` (shared/webhooks/schemas.ts), signed in Clinic-Signature.
 */
/** The security scheme of the outgoing webhooks: their HMAC signature header. */
export const WEBHOOK_SECURITY = 'webhookSignature';

function webhooks(named: Map<z.ZodMiniType, string>, schemas: Json): OpenApiDocument['webhooks'] {
  const out: OpenApiDocument['webhooks'] = {};
  for (const [type, text] of Object.entries(WEBHOOK_EVENTS) as [WebhookEventType, string][]) {
    const object = WEBHOOK_EVENT_OBJECTS[type];
    out[type] = {
      post: {
        operationId: `webhook${pascal(type)}`,
        tags: ['webhooks'],
        summary: text.replace(/\.$/, ''),
        description:
          `Sent to each endpoint registered for \`${type}\` (Organisation > Integrations), as a POST of JSON. ` +
          `Verify the ${WEBHOOK_SIGNATURE_HEADER} header before trusting the body, and deduplicate on \`id\` (a delivery may come more than once; the events of one record come in order).`,
        // How the receiver knows it is us: the signature header (components.securitySchemes).
        security: [{ [WEBHOOK_SECURITY]: [] }],
        parameters: [
          {
            name: WEBHOOK_SIGNATURE_HEADER,
            in: 'header',
            required: true,
            description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the endpoint\'s signing secret (shown once, when the endpoint is added). Refuse a `t` more than 5 minutes old.',
            schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
          },
          { name: 'Clinic-Event-Id', in: 'header', required: true, description: "The event's `id`.", schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['id', 'type', 'createdAt', 'organizationId', 'data'],
                properties: {
                  id: { type: 'string', description: 'The event id: the same on every delivery of this event.' },
                  type: { type: 'string', const: type },
                  createdAt: { type: 'string', description: 'ISO time the event happened.' },
                  organizationId: { type: 'string' },
                  data: { type: 'object', required: ['object'], properties: { object: outputSchema(object, named, schemas) } },
                },
              },
            },
          },
        },
        responses: { '2XX': { description: 'Received: any 2xx answer within 10 seconds ends the delivery; anything else is tried again later.' } },
      },
    };
  }
  return out;
}

/** The whole document, from every row of the route table. */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const ids = operationIds();
  const named = await namedSchemas();
  const schemas: Json = {};
  const paths: OpenApiDocument['paths'] = {};
  for (const route of ROUTES) {
    const info = await loadHandler(route);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, info, ids.get(route)!, named, schemas);
  }
  const events = webhooks(named, schemas);
  const tags = [...new Set(ROUTES.map((r) => r.handler.split('/')[0]))].map((name) => ({ name }));
  return {
    openapi: '3.1.1',
    info: {
      title: 'Clinic Suite API',
      version,
      description:
        'Scheduling, forms and payments for clinics. Generated from the route table (functions/routes.ts) and the zod schemas each handler validates and answers with. Every JSON answer is the envelope `{ message, data?, errors? }`; each operation documents its `data`. Answers may gain fields over time: ignore the ones you do not know. The `webhooks` section lists the events the API sends to your endpoints.',
    },
    servers: [{ url: '/api' }],
    tags,
    paths,
    webhooks: events,
    components: components(schemas),
  };
}

/** A schema that says nothing (`{}`, or only a description): an answer so described is undocumented. */
const saysNothing = (schema: Json | undefined) => !schema || Object.keys(schema).filter((k) => k !== 'description').length === 0;

/**
 * Operations whose success replies do not say what they carry: each 2xx must be the message-only
 * reply, a raw body of a media type, or the envelope with a `data` schema that says something.
 */
export function repliesWithoutSchema(document: Pick<OpenApiDocument, 'paths'>): string[] {
  const missing: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      for (const [status, reply] of Object.entries((op.responses as Json | undefined) ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const r = reply as Json;
        if (r.$ref === '#/components/responses/Message') continue;
        const content = (r.content as Record<string, Json> | undefined) ?? {};
        const json = content['application/json']?.schema as Json | undefined;
        const raw = Object.entries(content).find(([type]) => type !== 'application/json');
        const ok = json ? !saysNothing((json.properties as Json | undefined)?.data as Json | undefined) : Boolean(raw && !saysNothing(raw[1].schema as Json));
        if (!ok) missing.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
  }
  return missing;
}

/** Webhook events (shared/webhooks/schemas.ts WEBHOOK_EVENTS) the document has no payload schema for. */
export function eventsWithoutPayload(document: Pick<OpenApiDocument, 'webhooks'>): string[] {
  return Object.keys(WEBHOOK_EVENTS).filter((type) => {
    const body = (document.webhooks?.[type]?.post as Json | undefined)?.requestBody as Json | undefined;
    const schema = ((body?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
    const object = (((schema?.properties as Json | undefined)?.data as Json | undefined)?.properties as Json | undefined)?.object as Json | undefined;
    return saysNothing(object);
  });
}

/**
 * Operations and webhooks that do not say how they are secured: Redocly's `security-defined` rule (an
 * error in its recommended set). Each must have `security` (an empty list: public), and every scheme
 * it names must be in components.securitySchemes.
 */
export function operationsWithoutSecurity(document: Pick<OpenApiDocument, 'paths' | 'webhooks' | 'components'>): string[] {
  const schemes = new Set(Object.keys(((document.components).securitySchemes as Json | undefined) ?? {}));
  const problems: string[] = [];
  const check = (name: string, op: Json) => {
    const security = op.security as Json[] | undefined;
    if (!Array.isArray(security)) problems.push(`${name}: no security`);
    else for (const scheme of security.flatMap((requirement) => Object.keys(requirement))) if (!schemes.has(scheme)) problems.push(`${name}: ${scheme} is not a security scheme`);
  };
  for (const [path, operations] of Object.entries(document.paths)) for (const [method, op] of Object.entries(operations)) check(`${method.toUpperCase()} ${path}`, op);
  for (const [type, operations] of Object.entries(document.webhooks ?? {})) for (const [method, op] of Object.entries(operations)) check(`webhook ${type} ${method.toUpperCase()}`, op);
  return problems;
}
