// The generated API document: valid OpenAPI 3.1 (a well-kept validator), every route-table row in it
// with its method, access, permission, parameters, body and replies, and a handler that was not
// built with endpoint() stops the build with a message that says what to do.
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type Route } from '../../functions/routes';
import { WEBHOOK_SIGNATURE_HEADER } from '#shared/webhooks/schemas';
import { WEBHOOK_EVENTS } from '#shared/webhooks/events';
import {
  buildOpenApiDocument,
  eventsWithoutPayload,
  headerComment,
  loadHandler,
  operationsWithoutSecurity,
  repliesWithoutSchema,
  summaryOf,
  WEBHOOK_SECURITY,
  withoutSourceRefs,
  type OpenApiDocument,
} from './document';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generated document walked as JSON of any shape; the assertions are its check
type Json = Record<string, any>;

let doc: OpenApiDocument;
const op = (route: Pick<Route, 'method' | 'path'>): Json => doc.paths[route.path]?.[route.method.toLowerCase()];

beforeAll(async () => {
  doc = await buildOpenApiDocument();
}, 120_000);

async function validate(document: unknown) {
  return new Validator().validate(structuredClone(document) as Record<string, unknown>);
}

/** Every `$ref` in the document points at something in it (zod's own `#/$defs/...` would not). */
function danglingRefs(document: unknown): string[] {
  const dangling: string[] = [];
  const resolves = (ref: string) =>
    ref.startsWith('#/') && ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document) !== undefined;
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && !resolves(value)) dangling.push(value);
        walk(value);
      }
    }
  };
  walk(document);
  return dangling;
}

describe('the API document', () => {
  it('is valid OpenAPI 3.1 and every $ref resolves', async () => {
    const result = await validate(doc);
    expect(result.errors, JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(danglingRefs(doc)).toEqual([]);
  });

  it('fails validation when it is broken (the check can fail)', async () => {
    const broken = structuredClone(doc) as Json;
    broken.paths['/appointments/{id}'].get.parameters[0].in = 'body'; // OpenAPI 2's, not 3.1's
    expect((await validate(broken)).valid).toBe(false);
    const wrongVersion = { ...structuredClone(doc), openapi: '3.1' };
    expect((await validate(wrongVersion)).valid).toBe(false);
    expect(danglingRefs({ a: { $ref: '#/$defs/__schema0' } })).toEqual(['#/$defs/__schema0']);
  });

  it('has every route-table row, and nothing else', () => {
    const missing = ROUTES.filter((r) => !op(r)).map(routeKey);
    expect(missing, 'rows missing from the document').toEqual([]);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(ROUTES.map(routeKey).sort());
    const ids = operations.map((key) => op({ method: key.split(' ')[0] as Route['method'], path: key.split(' ')[1] }).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says how each row is called: security, permission, path parameters, Idempotency-Key, replies', () => {
    for (const route of ROUTES) {
      const operation = op(route);
      const key = routeKey(route);
      expect(operation.tags, key).toEqual([route.handler.split('/')[0]]);
      expect(operation.summary, key).toMatch(/\S/);
      const security = { public: [], registration: [{ registrationToken: [] }], user: [{ bearerAuth: [] }], owner: [{ bearerAuth: [] }] }[route.access];
      expect(operation.security, key).toEqual(security);
      expect(operation['x-permission'], key).toEqual(route.permission);
      const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect((operation.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name), key).toEqual(pathParams);
      expect((operation.parameters ?? []).some((p: Json) => p.$ref === '#/components/parameters/IdempotencyKey'), key).toBe(Boolean(route.idempotent));
      // Each success the handler answers with (200, 201 on creation, 202 for work handed to the outbox).
      const successes = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
      expect(successes.length, key).toBeGreaterThan(0);
      expect(operation.responses['503'], key).toEqual({ $ref: '#/components/responses/ServiceUnavailable' });
      if (route.access !== 'public') expect(operation.responses['401'], key).toBeDefined();
      if (route.rateLimit) expect(operation.responses['429'], key).toEqual({ $ref: '#/components/responses/TooManyRequests' });
      if (route.method !== 'GET' && route.method !== 'DELETE') expect(operation.responses['413'], key).toBeDefined();
      if (route.permission) expect(operation.description, key).toContain(`**${route.permission.action}** permission on **${route.permission.module}**`);
    }
  });

  it('describes each body the way its row takes it, from the handler schema', async () => {
    for (const route of ROUTES) {
      const { contract } = await loadHandler(route);
      const content = op(route).requestBody?.content as Json | undefined;
      const key = routeKey(route);
      if (route.body === 'multipart') expect(Object.keys(content ?? {}), key).toEqual(['multipart/form-data']);
      else if (route.body === 'raw') expect(Object.keys(content ?? {}), key).toEqual(['text/plain']);
      else if (contract.body) expect(Object.keys(content ?? {}), key).toEqual(['application/json']);
      else expect(content, key).toBeUndefined();
    }
    // A schema with pipes and transforms shows what the client sends (io: 'input').
    const request = op({ method: 'POST', path: '/public/appointments/book-custom' }).requestBody.content['multipart/form-data'].schema;
    expect(request.properties.bookingDate).toEqual({ type: 'string', minLength: 1 });
    expect(request.required).toEqual(expect.arrayContaining(['firstName', 'email', 'bookingDate', 'organizationApiKey']));
    const login = op({ method: 'POST', path: '/users/login' }).requestBody.content['application/json'].schema;
    expect(login.required).toEqual(['email', 'password']);
    const appointments = op({ method: 'GET', path: '/appointments' }).parameters as Json[];
    expect(appointments.find((p) => p.name === 'pageSize')).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } });
  });

  it('has the message-only reply and the error replies as shared components', () => {
    const responses = doc.components.responses as Json;
    expect(responses.Message.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Message' });
    expect(responses.BadRequest.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ValidationError' });
    for (const name of ['Unauthorized', 'Forbidden', 'NotFound', 'Conflict', 'PayloadTooLarge', 'TooManyRequests', 'ServiceUnavailable']) expect(responses[name], name).toBeDefined();
    expect((doc.components.schemas as Json).Message.required).toEqual(['message']);
  });

  it("says what every operation's success reply holds, from the handler's `reply`", async () => {
    expect(repliesWithoutSchema(doc)).toEqual([]);
    for (const route of ROUTES) {
      const { contract } = await loadHandler(route);
      const success = Object.entries(op(route).responses as Json).filter(([status]) => /^2/.test(status)).map(([, reply]) => reply as Json);
      const key = routeKey(route);
      if ('rawMediaType' in contract.reply) for (const r of success) expect(Object.keys(r.content), key).toEqual([contract.reply.rawMediaType]);
    }
    // A list: the page of records, each a named component.
    const members = op({ method: 'GET', path: '/organization/members' }).responses['200'].content['application/json'].schema;
    expect(members.required).toEqual(['message', 'data']);
    expect(members.properties.data.properties.items.items).toEqual({ $ref: '#/components/schemas/MemberView' });
    const schemas = doc.components.schemas as Json;
    expect(schemas.MemberView.properties.roles.items).toEqual({ $ref: '#/components/schemas/PermissionEntry' });
    expect(schemas.PermissionEntry.required).toEqual(expect.arrayContaining(['module', 'read', 'write', 'delete']));
    expect(op({ method: 'GET', path: '/users/profile' }).responses['200'].content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/UserDetails' });
    expect(op({ method: 'POST', path: '/users/password/forgot' }).responses['200']).toEqual({ $ref: '#/components/responses/Message' });
    expect(Object.keys(op({ method: 'GET', path: '/calendar/feed/{token}' }).responses['200'].content)).toEqual(['text/calendar']);
    // The check can fail: a reply without its schema, or with one that says nothing, is named.
    const broken = structuredClone(doc) as Json;
    broken.paths['/users/profile'].get.responses['200'] = { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } };
    broken.paths['/services'].get.responses['200'].content['application/json'].schema.properties.data = {};
    expect(repliesWithoutSchema(broken as OpenApiDocument)).toEqual(['GET /users/profile 200', 'GET /services 200']);
  });

  it('has each outgoing webhook event with its payload and signature header', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(Object.keys(WEBHOOK_EVENTS).sort());
    expect(eventsWithoutPayload(doc)).toEqual([]);
    const held: Json = doc.webhooks['booking.held'].post;
    expect(held.parameters.find((p: Json) => p.name === WEBHOOK_SIGNATURE_HEADER)).toMatchObject({ in: 'header', required: true });
    const body = held.requestBody.content['application/json'].schema;
    expect(body.properties.type).toEqual({ type: 'string', const: 'booking.held' });
    expect(body.properties.data.properties.object).toEqual({ $ref: '#/components/schemas/BookingEventObject' });
    const booking = (doc.components.schemas as Json).BookingEventObject;
    expect(booking.properties.object).toEqual({ type: 'string', const: 'booking' });
    expect(booking.required).toEqual(expect.arrayContaining(['id', 'status', 'startUtc']));
    // The check can fail: an event without its payload is named.
    const broken = structuredClone(doc) as Json;
    delete broken.webhooks['lead.created'];
    broken.webhooks['payment.refunded'].post.requestBody.content['application/json'].schema.properties.data.properties.object = {};
    expect(eventsWithoutPayload(broken as OpenApiDocument)).toEqual(['payment.refunded', 'lead.created']);
  });

  // Redocly's recommended lint (`npx @redocly/cli lint --extends recommended`) has one error rule this
  // document ever broke: security-defined (the 9 webhooks had none). Each webhook says how it is signed.
  it('says how every operation and every webhook is secured (Redocly security-defined)', () => {
    expect(operationsWithoutSecurity(doc)).toEqual([]);
    const held: Json = doc.webhooks['booking.held'].post;
    expect(held.security).toEqual([{ [WEBHOOK_SECURITY]: [] }]);
    expect((doc.components.securitySchemes as Json)[WEBHOOK_SECURITY]).toMatchObject({ type: 'apiKey', in: 'header', name: WEBHOOK_SIGNATURE_HEADER });
    // The check can fail: a webhook without security, and one naming a scheme that does not exist.
    const broken = structuredClone(doc) as Json;
    delete broken.webhooks['lead.created'].post.security;
    broken.paths['/users/profile'].get.security = [{ apiKey: [] }];
    expect(operationsWithoutSecurity(broken as OpenApiDocument)).toEqual(['GET /users/profile: apiKey is not a security scheme', 'webhook lead.created POST: no security']);
  });

  it('refuses a row whose handler was not made by endpoint(), saying what to do', async () => {
    const route: Route = { method: 'GET', path: '/nothing', handler: 'lib/errors', access: 'user', uses: { table: 'read' } };
    await expect(loadHandler(route)).rejects.toThrow(/GET \/nothing: functions\/lib\/errors\.ts exports no handler made by endpoint\(\).*endpoint\(\{ body, query, reply \}/);
  });

  it('takes summaries from the header comment', () => {
    const route: Route = { method: 'GET', path: '/services/{id}', handler: 'services/get-service', access: 'user', uses: { table: 'read' } };
    expect(headerComment('// One line\n// and the next.\nimport x;')).toBe('One line and the next.');
    expect(summaryOf(route, 'POST /leads/forms/{formId}/files (public, multipart: apiKey + file): a visitor\'s file. More.')).toBe("A visitor's file");
    expect(summaryOf(route, 'The packages offered, i.e. active ones. More.')).toBe('The packages offered, i.e. active ones');
    expect(summaryOf(route, 'GET /services/{id}')).toBe('GET /services/{id}');
    // Source files mean nothing to a reader of the API.
    expect(withoutSourceRefs('Free times (lib/free-times.ts) of a day')).toBe('Free times of a day');
    expect(withoutSourceRefs('Cancels it (or their appointment: lib/cancel-appointment.ts).')).toBe('Cancels it (or their appointment).');
    expect(withoutSourceRefs('Limited per account (./lib/limits.ts: by device) too')).toBe('Limited per account (by device) too');
    expect(withoutSourceRefs('Moves it (lib/move.ts, lib/places.ts moveConfirmed).')).toBe('Moves it.');
  });
});
