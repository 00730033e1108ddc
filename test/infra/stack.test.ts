// The CDK stack, synthesized without bundling, checked against the route table and the data layer's
// key names: every row must become a function and a route wired to each other; data, storage, secret,
// mail, Stripe and CloudFront must keep the properties the product relies on.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ROW_PREFIX, OUTBOX_PREFIX } from '../../functions/data/outbox';
import { TABLE_INDEXES, TABLE_KEYS, TENANT_INDEX, TTL_ATTRIBUTE } from '../../functions/data/table';
import { ROUTES, WORKERS, routeKey, type Uses } from '../../functions/routes';
import { handlerId } from '../../infra/constructs/bundling';
import { PROJECT_ROOT } from '../../infra/constructs/paths';
import { isPublicKey } from '../../functions/lib/upload-keys';
import { createHash } from 'node:crypto';
import { EDGE_REGION, EdgeStack, WAF_CHALLENGED_WRITE_LIMIT, WAF_CHALLENGE_ISSUE_LIMIT, WAF_PUBLIC_WRITE_LIMIT, WAF_SIGN_IN_LIMIT } from '../../infra/constructs/edge';
import { LOCALES } from '../../shared/i18n/locales';
import { htmlFileFor, htmlFileOf, PUBLIC_PAGES } from '../../shared/public-pages';
import { API_BURST, API_RATE_PER_SECOND, ClinicStack, OUTBOX_WORKER_TIMEOUT_SECONDS, SWEEPS_TIMEOUT_SECONDS, PRIVATE_UPLOADS_PREFIX, STRIPE_EVENTS_HANDLER, EMBEDDABLE_PAGES, LOG_RETENTION_DAYS, apiPath, usesOf } from '../../infra/stack';
import { OUTBOX_LEASE_MS } from '../../functions/data/outbox';
import type { Json } from '../support/json';

// Managed CloudFront policy ids (documented constants).
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/** Template.fromStack does not read cdk.json: pass its context ourselves, and skip bundling. */
const cdkContext = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')).context as Record<string, unknown>;
const dirs: string[] = [];

function synth(context: Record<string, unknown>, props: ConstructorParameters<typeof ClinicStack>[2] = {}) {
  const outdir = mkdtempSync(join(tmpdir(), 'clinic-cdk-'));
  dirs.push(outdir);
  const app = new App({ outdir, context: { ...cdkContext, ...context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new ClinicStack(app, 'ClinicTest', props);
  const template = Template.fromStack(stack);
  // The root and every area's nested stack, each with its own resources.
  const templates = [template, ...[...stack.areas.values()].map((nested: NestedStack) => Template.fromStack(nested))];
  for (const [, nestedStack] of byType(template.toJSON().Resources, 'AWS::CloudFormation::Stack')) {
    Object.assign(rootParameters, nestedStack.Properties.Parameters ?? {});
  }
  return { stack, template, templates, nested: templates.slice(1).map((t) => t.toJSON().Resources as Resources) };
}

type Resources = Record<string, { Type: string; Properties: Record<string, Json>; DeletionPolicy?: string }>;

/** What the root passes for each nested stack parameter (a reference to one of its resources). */
const rootParameters: Record<string, unknown> = {};

/** Whether a value refers to a root resource, directly or through the nested stack's parameter. */
function refersTo(value: unknown, logicalId: string): boolean {
  const resolved = JSON.parse(JSON.stringify(value), (_key, v) =>
    v && typeof v === 'object' && typeof v.Ref === 'string' && v.Ref in rootParameters ? rootParameters[v.Ref] : v,
  );
  return JSON.stringify(resolved).includes(`"${logicalId}"`);
}

const BUILT_INLINE_SCRIPT = 'document.documentElement.dataset.x = "1";';
/** An inline script only a public page's HTML of the build has. */
const PUBLIC_PAGE_INLINE_SCRIPT = 'document.documentElement.dataset.y = "2";';
/** An inline script only a public page's Arabic HTML has (issue 36: each language's HTML is its own file). */
const ARABIC_PAGE_INLINE_SCRIPT = 'document.documentElement.dataset.z = "3";';

let plain: ReturnType<typeof synth>;
let configured: ReturnType<typeof synth>;
let plainResources: Resources;
/** Resources of the plain synth's area stacks (functions, routes, their roles). */
let areaResources: Resources[];
let webDir: string;

beforeAll(() => {
  // Defaults: no Stripe event source, no web build, and the Stripe handler as on disk.
  plain = synth({}, { webBuildDir: join(tmpdir(), 'clinic-no-web-build') });
  plainResources = plain.template.toJSON().Resources;
  areaResources = plain.nested;

  webDir = mkdtempSync(join(tmpdir(), 'clinic-web-'));
  dirs.push(webDir);
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), `<!doctype html><title>x</title><script>${BUILT_INLINE_SCRIPT}</script><script type="module" src="/assets/index-abcdef12.js"></script>`);
  writeFileSync(join(webDir, 'assets', 'index-abcdef12.js'), 'console.log(1)');
  mkdirSync(join(webDir, 'api'));
  writeFileSync(join(webDir, 'api', 'openapi.json'), '{"openapi":"3.1.1"}');
  // As the build writes it: the page's script loader is inline code with a data-src (web/vite-deferred-entry.ts).
  writeFileSync(join(webDir, 'booking.html'), `<!doctype html><title>Booking</title><script data-src="/assets/booking-abcdef12.js">${PUBLIC_PAGE_INLINE_SCRIPT}</script>`);
  writeFileSync(join(webDir, 'booking.ar.html'), `<!doctype html><html lang="ar" dir="rtl"><title>الحجز</title><script>${ARABIC_PAGE_INLINE_SCRIPT}</script>`);
  configured = synth(
    {
      stripeEventSourceName: 'aws.partner/stripe.com/ed_test_123',
      senderDomain: 'clinic.example.org',
      mailFrom: 'Clinic <hello@clinic.example.org>',
      appUrl: 'https://app.clinic.example.org',
      alarmEmail: 'ops@clinic.example.org',
      domainName: 'app.clinic.example.org',
    },
    { stripeEventsHandlerExists: true, webBuildDir: webDir },
  );
}, 300_000); // the first synth of a process loads CDK's validation rules: slow on a busy machine

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const byType = (resources: Resources, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

const inAreas = (areas: Resources[], type: string) => areas.flatMap((resources) => byType(resources, type).map(([id, r]) => ({ id, r, resources })));

/** The logical id of the root secret whose construct id starts with `name`. */
const secretIdOf = (name: string) => {
  const found = byType(plainResources, 'AWS::SecretsManager::Secret').filter(([id]) => id.startsWith(name));
  expect(found, name).toHaveLength(1);
  return found[0][0];
};

/** The one Lambda function whose logical id comes from this handler module, and its stack's resources. */
function functionOf(areas: Resources[], handler: string) {
  const prefix = handlerId(handler);
  const found = inAreas(areas, 'AWS::Lambda::Function').filter(({ id }) => new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id));
  expect(found, `function for ${handler}`).toHaveLength(1);
  return found[0];
}

describe('data', () => {
  it('has the single table with the data layer keys, indexes, TTL, stream, on-demand billing, PITR, retained', () => {
    plain.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    plain.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: TABLE_KEYS.partition, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sort, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
        GlobalSecondaryIndexes: [
          ...TABLE_INDEXES.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partition, KeyType: 'HASH' },
              { AttributeName: index.sort, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
          // The organisation's items by their tenant stamp, keys only: enough to delete them.
          { IndexName: TENANT_INDEX.name, KeySchema: [{ AttributeName: TENANT_INDEX.partition, KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } },
        ],
      },
    });
    const [, table] = byType(plainResources, 'AWS::DynamoDB::Table')[0];
    const attributes = table.Properties.AttributeDefinitions as { AttributeName: string; AttributeType: string }[];
    const expected = [TABLE_KEYS.partition, TABLE_KEYS.sort, ...TABLE_INDEXES.flatMap((i) => [i.partition, i.sort]), TENANT_INDEX.partition];
    expect(attributes.map((a) => a.AttributeName).sort()).toEqual([...expected].sort());
    expect(attributes.every((a) => a.AttributeType === 'S')).toBe(true);
  });

  it('keeps the logical ids of the stateful resources (a changed id would replace them on deploy)', () => {
    // The stack's parts (infra/constructs/) make these in the stack's own scope: a construct in
    // between would change the ids below, and CloudFormation would make new, empty ones.
    const stateful = Object.entries(plainResources)
      .filter(([, r]) => ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::SecretsManager::Secret', 'AWS::Backup::BackupVault'].includes(r.Type))
      .map(([id]) => id)
      .sort();
    expect(stateful).toEqual([
      'AppSecretsA1997F2A',
      'BackupVault3A9C5852',
      'ChallengeKey75F65801',
      'DataEncryptionKey101796EE',
      'LogsBucket9C4D8843',
      'OriginSecret5DDC59F1',
      'PaymentsSecret2EDF7B1F',
      'TableCD117FA1',
      'UploadsBucket5E5E9B64',
      'WebBucket12880F5B',
    ]);
  });

  it('keeps both buckets private, encrypted and TLS-only; uploads versioned and retained', () => {
    const buckets = byType(plainResources, 'AWS::S3::Bucket');
    expect(buckets.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(['LogsBucket', 'UploadsBucket', 'WebBucket']);
    for (const [, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    }
    const uploads = buckets.find(([id]) => id.startsWith('UploadsBucket'))!;
    expect(uploads[1].Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(uploads[1].DeletionPolicy).toBe('Retain');

    // enforceSSL: a Deny on aws:SecureTransport=false in each bucket's policy.
    const policies = byType(plainResources, 'AWS::S3::BucketPolicy');
    for (const [bucketId] of buckets) {
      const policy = policies.find(([, p]) => p.Properties.Bucket.Ref === bucketId);
      expect(policy, `policy of ${bucketId}`).toBeDefined();
      const denies = policy![1].Properties.PolicyDocument.Statement.filter(
        (s: Json) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
      );
      expect(denies).toHaveLength(1);
    }
  });
});

/** Whether the function's role policy allows `action` on a resource that `resource` accepts. */
function allowsOf(fn: { Properties: Record<string, Json> }, resources: Resources) {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  const policy = byType(resources, 'AWS::IAM::Policy').find(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === roleId));
  expect(policy).toBeDefined();
  const statements = policy![1].Properties.PolicyDocument.Statement as Json[];
  return (action: string, resource: (r: unknown) => boolean) =>
    statements.some((st) => [st.Action].flat().includes(action) && [st.Resource].flat().some(resource));
}

describe('functions and routes from the route table', () => {
  const handlers = new Set(ROUTES.map((r) => r.handler));

  it('makes exactly one function per handler of the table (plus stripe-events when its file exists, and the workers)', () => {
    const expected = new Set([...handlers, ...Object.values(WORKERS)]);
    if (plain.stack.functions.has(STRIPE_EVENTS_HANDLER)) expected.add(STRIPE_EVENTS_HANDLER);
    expect(inAreas(areaResources, 'AWS::Lambda::Function')).toHaveLength(expected.size);
    expect(byType(plainResources, 'AWS::Lambda::Function')).toHaveLength(0);
    expect([...plain.stack.functions.keys()].sort()).toEqual([...expected].sort());
  });

  it('puts each area in its own nested stack, each within the 500-resource limit', () => {
    const areas = new Set([...plain.stack.functions.keys()].map((h) => h.split('/')[0]));
    expect([...plain.stack.areas.keys()].sort()).toEqual([...areas].sort());
    plain.template.resourceCountIs('AWS::CloudFormation::Stack', areas.size);
    for (const resources of [plainResources, ...areaResources]) expect(Object.keys(resources).length).toBeLessThan(450);
  });

  it('runs every function on Node 24, arm64, with the app defaults and the environment its row declares', () => {
    const secretId = secretIdOf('AppSecrets');
    const paymentsId = secretIdOf('PaymentsSecret');
    const originSecretId = secretIdOf('OriginSecret');
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0][0];
    const uploadsId = byType(plainResources, 'AWS::S3::Bucket').find(([id]) => id.startsWith('UploadsBucket'))![0];
    const functions = inAreas(areaResources, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    for (const [handler] of plain.stack.functions) {
      const { id, r: fn } = functionOf(areaResources, handler);
      expect(fn.Properties.Runtime, id).toBe('nodejs24.x');
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
      expect(fn.Properties.MemorySize, id).toBe(512);
      expect(fn.Properties.Handler, id).toBe('index.handler');
      const env = fn.Properties.Environment.Variables;
      expect(env.NODE_OPTIONS, id).toBe('--enable-source-maps');
      expect(refersTo(env.TABLE_NAME, tableId), id).toBe(true);
      expect(fn.Properties.LoggingConfig.LogGroup.Ref, id).toMatch(/Logs/);
      expect(refersTo(env.APP_URL, byType(plainResources, 'AWS::CloudFront::Distribution')[0][0]), id).toBe(true);
      if (handler === WORKERS.outbox) {
        // The outbox worker: longer than a request; the table, mail, texts, the Stripe keys (refunds) and
        // the data encryption key (webhook signing secrets). Never the local stack's loopback allowance.
        expect(fn.Properties.Timeout).toBe(OUTBOX_WORKER_TIMEOUT_SECONDS);
        expect(env.MAIL_FROM).toBe('no-reply@example.com');
        for (const name of ['APP_SECRETS_ARN', 'ORIGIN_SECRET_ARN', 'UPLOADS_BUCKET', 'WEBHOOKS_ALLOW_LOOPBACK']) expect(env[name], name).toBeUndefined();
        expect(env.PAYMENTS_SECRET_ARN).toBeDefined();
        expect(refersTo(env.DATA_ENCRYPTION_SECRET_ARN, secretIdOf('DataEncryptionKey'))).toBe(true);
        continue;
      }
      if (handler === WORKERS.subscribers) {
        // The subscribers' worker: the table only (a subscriber's mail is an outbox row the deliverer sends).
        expect(fn.Properties.Timeout).toBe(OUTBOX_WORKER_TIMEOUT_SECONDS);
        for (const name of ['APP_SECRETS_ARN', 'ORIGIN_SECRET_ARN', 'UPLOADS_BUCKET', 'MAIL_FROM', 'PAYMENTS_SECRET_ARN', 'DATA_ENCRYPTION_SECRET_ARN', 'WEBHOOKS_ALLOW_LOOPBACK']) expect(env[name], name).toBeUndefined();
        continue;
      }
      if (handler === WORKERS.sweeps) {
        // The scheduled sweeps: the table, and the Stripe keys (a lapsed hold's session ended or read
        // back); their messages are outbox rows, so no mail, texts or data key.
        expect(fn.Properties.Timeout).toBe(SWEEPS_TIMEOUT_SECONDS);
        for (const name of ['APP_SECRETS_ARN', 'ORIGIN_SECRET_ARN', 'UPLOADS_BUCKET', 'MAIL_FROM', 'DATA_ENCRYPTION_SECRET_ARN', 'WEBHOOKS_ALLOW_LOOPBACK']) expect(env[name], name).toBeUndefined();
        expect(refersTo(env.PAYMENTS_SECRET_ARN, paymentsId)).toBe(true);
        continue;
      }
      expect(fn.Properties.Timeout, id).toBe(10);
      const rows = ROUTES.filter((r) => r.handler === handler);
      const uses = usesOf(rows);
      const needsTokenKey = Boolean(uses.tokens) || rows.some((r) => r.access !== 'public');
      expect(env.APP_SECRETS_ARN === undefined, `${handler} APP_SECRETS_ARN`).toBe(!needsTokenKey);
      if (needsTokenKey) expect(refersTo(env.APP_SECRETS_ARN, secretId), id).toBe(true);
      expect(env.DATA_ENCRYPTION_SECRET_ARN === undefined, `${handler} DATA_ENCRYPTION_SECRET_ARN`).toBe(!needsTokenKey);
      if (needsTokenKey) expect(refersTo(env.DATA_ENCRYPTION_SECRET_ARN, secretIdOf('DataEncryptionKey')), id).toBe(true);
      expect(env.PAYMENTS_SECRET_ARN === undefined, `${handler} PAYMENTS_SECRET_ARN`).toBe(!uses.payments);
      if (uses.payments) expect(refersTo(env.PAYMENTS_SECRET_ARN, paymentsId), id).toBe(true);
      expect(env.UPLOADS_BUCKET === undefined, `${handler} UPLOADS_BUCKET`).toBe(!uses.uploads);
      if (uses.uploads) expect(refersTo(env.UPLOADS_BUCKET, uploadsId), id).toBe(true);
      expect(env.MAIL_FROM === undefined, `${handler} MAIL_FROM`).toBe(!uses.mail);
      // Every row but a signed webhook answers only through CloudFront.
      const signedOnly = rows.every((r) => r.signedWebhook);
      expect(env.ORIGIN_SECRET_ARN === undefined, `${handler} ORIGIN_SECRET_ARN`).toBe(signedOnly);
      if (!signedOnly) expect(refersTo(env.ORIGIN_SECRET_ARN, originSecretId), id).toBe(true);
      // The secrets extension functions/lib/secrets.ts reads through.
      expect(env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, id).toBeDefined();
      expect(fn.Properties.Layers, id).toHaveLength(1);
    }
  });

  it('keeps every function log for a year, and keeps it when the stack is deleted', () => {
    const functions = inAreas(areaResources, 'AWS::Lambda::Function');
    const groups = inAreas(areaResources, 'AWS::Logs::LogGroup');
    expect(groups).toHaveLength(functions.length);
    for (const { id, r: group } of groups) {
      expect(group.Properties.RetentionInDays, id).toBe(365);
      expect(group.DeletionPolicy, id).toBe('Retain');
    }
  });

  it('routes every row as METHOD /api<path> to the function of its handler', () => {
    const routes = inAreas(areaResources, 'AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(ROUTES.length);
    const apiId = byType(plainResources, 'AWS::ApiGatewayV2::Api')[0][0];
    for (const row of ROUTES) {
      const routeKey = `${row.method} ${apiPath(row)}`;
      const found = routes.filter(({ r }) => r.Properties.RouteKey === routeKey);
      expect(found, routeKey).toHaveLength(1);
      const { r: route, resources } = found[0];
      expect(refersTo(route.Properties.ApiId, apiId), routeKey).toBe(true);
      const target = route.Properties.Target['Fn::Join'][1][1].Ref as string;
      const integration = resources[target];
      expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
      const fn = functionOf(areaResources, row.handler);
      expect(fn.resources, `${routeKey}: route and function in one stack`).toBe(resources);
      expect(integration.Properties.IntegrationUri['Fn::GetAtt'], routeKey).toEqual([fn.id, 'Arn']);
      const invoke = byType(resources, 'AWS::Lambda::Permission').filter(
        ([, p]) => p.Properties.FunctionName['Fn::GetAtt']?.[0] === fn.id && p.Properties.Principal === 'apigateway.amazonaws.com',
      );
      expect(invoke.length, `${routeKey}: API Gateway may invoke`).toBeGreaterThan(0);
    }
  });

  it('serves the API from one auto-deployed $default stage with a throttling ceiling', () => {
    const stages = byType(plainResources, 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    const [, stage] = stages[0];
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: API_RATE_PER_SECOND, ThrottlingBurstLimit: API_BURST },
    });
  });

});

/** Every statement of the function's role policies. */
function statementsOf(fn: { Properties: Record<string, Json> }, resources: Resources): Json[] {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return byType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
}

/** Handlers whose function may do `action` on a resource `resource` accepts. */
function handlersAllowed(action: string, resource: (r: unknown) => boolean = () => true): string[] {
  return [...plain.stack.functions.keys()].filter((handler) => {
    const { r: fn, resources } = functionOf(areaResources, handler);
    return allowsOf(fn, resources)(action, resource);
  }).sort();
}

describe('least privilege, from the route table', () => {
  const handlersWhere = (test: (uses: Uses) => boolean) =>
    [...new Set(ROUTES.map((r) => r.handler))].filter((h) => test(usesOf(ROUTES.filter((r) => r.handler === h)))).sort();
  const tableId = () => byType(plainResources, 'AWS::DynamoDB::Table')[0][0];
  const uploadsId = () => byType(plainResources, 'AWS::S3::Bucket').find(([id]) => id.startsWith('UploadsBucket'))![0];

  it('declares on every row what its handler touches', () => {
    for (const row of ROUTES) {
      expect(['read', 'write'], routeKey(row)).toContain(row.uses?.table);
      // Rate limits count and idempotency keys claim: both are writes.
      if (row.rateLimit || row.idempotent) expect(row.uses.table, routeKey(row)).toBe('write');
    }
  });

  it('never allows Scan, and reads only with read actions', () => {
    const all = [plainResources, ...areaResources].flatMap((resources) =>
      byType(resources, 'AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]),
    );
    const actions = all.flatMap((st) => [st.Action].flat());
    expect(actions.filter((a) => a === 'dynamodb:Scan' || a === 'dynamodb:*' || a === 's3:*' || a === '*')).toEqual([]);
    const readers = handlersWhere((u) => u.table === 'read');
    expect(readers.length).toBeGreaterThan(30);
    expect(readers).toContain('dashboard/get-summary');
    for (const handler of plain.stack.functions.keys()) {
      const { r: fn, resources } = functionOf(areaResources, handler);
      const allows = allowsOf(fn, resources);
      const onTable = (r: unknown) => refersTo(r, tableId());
      expect(allows('dynamodb:GetItem', onTable), handler).toBe(true);
      expect(allows('dynamodb:Query', (r) => onTable(r) && JSON.stringify(r).includes(`/index/${TENANT_INDEX.name}`)), handler).toBe(true);
      for (const write of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) {
        expect(allows(write, () => true), `${handler} ${write}`).toBe(!readers.includes(handler));
      }
    }
  });

  it('lets only the routes that serve patient documents read private/*, and nobody read the whole bucket', () => {
    const onPrivate = (r: unknown) => JSON.stringify(r).includes(`/${PRIVATE_UPLOADS_PREFIX}*`);
    expect(handlersAllowed('s3:GetObject')).toEqual(['appointments/get-attachment', 'leads/get-lead-file', 'patients/export-patient']);
    expect(handlersAllowed('s3:GetObject', onPrivate)).toEqual(['appointments/get-attachment', 'leads/get-lead-file', 'patients/export-patient']);
    // Patient documents are stored by the booking and form routes, and erased with the organisation.
    expect(handlersAllowed('s3:PutObject', onPrivate)).toEqual(handlersWhere((u) => u.uploads === 'private-write'));
    expect(handlersAllowed('s3:PutObject', onPrivate)).toEqual(['appointments/book-appointment', 'appointments/request-appointment', 'forms/upload-form-file', 'intake/upload-intake-file']);
    // ... and a patient's are deleted when the patient is erased (issue 36), without storing any.
    expect(handlersWhere((u) => u.uploads === 'private-delete')).toEqual(['patients/erase-patient']);
    expect(handlersAllowed('s3:DeleteObject', onPrivate)).toEqual([...handlersWhere((u) => u.uploads === 'private-write' || u.uploads === 'private-delete'), 'account/delete-account'].sort());
    // Public files only under org/, stored by the routes that replace pictures, package images and the
    // mails' logo; removing the logo may delete it, not store one.
    const onPublic = (r: unknown) => JSON.stringify(r).includes('/org/*');
    expect(handlersAllowed('s3:PutObject', onPublic)).toEqual(['account/upload-profile-picture', 'form-packages/upload-package-image', 'organization/upload-logo']);
    expect(handlersAllowed('s3:PutObject', onPublic)).toEqual(handlersWhere((u) => u.uploads === 'public'));
    expect(handlersAllowed('s3:DeleteObject', onPublic)).toEqual([...handlersWhere((u) => u.uploads === 'public' || u.uploads === 'public-delete'), 'account/delete-account'].sort());
    expect(handlersWhere((u) => u.uploads === 'public-delete')).toEqual(['organization/remove-logo']);
    const remover = functionOf(areaResources, 'organization/remove-logo');
    const s3Actions = statementsOf(remover.r, remover.resources).flatMap((st) => [st.Action].flat()).filter((a: string) => a.startsWith('s3:'));
    expect(s3Actions).toEqual(['s3:DeleteObject']);
    // Listing: only deleting an organisation, and only below its prefixes.
    expect(handlersAllowed('s3:ListBucket')).toEqual(['account/delete-account']);
    const eraser = functionOf(areaResources, 'account/delete-account');
    const list = statementsOf(eraser.r, eraser.resources).find((st) => [st.Action].flat().includes('s3:ListBucket'));
    expect(list.Condition).toEqual({ StringLike: { 's3:prefix': ['org/*', `${PRIVATE_UPLOADS_PREFIX}*`] } });
    // Every S3 grant names an object prefix of the uploads bucket (or the bucket itself, for the listing).
    for (const handler of plain.stack.functions.keys()) {
      const { r: fn, resources } = functionOf(areaResources, handler);
      for (const st of statementsOf(fn, resources).filter((st) => [st.Action].flat().some((a: string) => a.startsWith('s3:')))) {
        for (const resource of [st.Resource].flat()) {
          expect(refersTo(resource, uploadsId()), handler).toBe(true);
          if (![st.Action].flat().includes('s3:ListBucket')) expect(JSON.stringify(resource), handler).toMatch(/\/(org|private)\/\*/);
        }
      }
    }
  });

  it('gives the dashboard the table to read and the token key, nothing else', () => {
    const { r: fn, resources } = functionOf(areaResources, 'dashboard/get-summary');
    const actions = statementsOf(fn, resources).flatMap((st) => [st.Action].flat());
    expect(actions.filter((a) => a.startsWith('s3:') || a.startsWith('ses:') || a.startsWith('sns:'))).toEqual([]);
    expect(allowsOf(fn, resources)('secretsmanager:GetSecretValue', (r) => refersTo(r, secretIdOf('PaymentsSecret')))).toBe(false);
    expect(allowsOf(fn, resources)('dynamodb:PutItem', () => true)).toBe(false);
  });

  it('lets only the payment functions read the Stripe keys, and only token users read the signing key', () => {
    const payments = handlersAllowed('secretsmanager:GetSecretValue', (r) => refersTo(r, secretIdOf('PaymentsSecret')));
    expect(payments).toEqual([
      'bookings/cancel-booking', 'bookings/create-booking', 'bookings/get-confirmation', 'bookings/move-booking', 'bookings/release-hold', 'manage/reschedule-booking', 'leads/create-payment-session',
      // Issue 36: a fee charged off-session and a visit's refunds; issue 37: a series' holds released, the waitlist's offers (held, taken, withdrawn).
      'bookings/charge-fee', 'bookings/refund-visit-payment', 'bookings/create-series', 'bookings/move-series', 'waitlist/leave-waitlist', 'waitlist/offer-time', 'waitlist/take-offer',
      // Issue 37.1: a patient's series paid as a course (one Checkout, or a card saved once).
      'bookings/create-patient-series',
      // Issue 36.5: erasing a patient deletes their Stripe Customer.
      'patients/erase-patient',
      STRIPE_EVENTS_HANDLER, WORKERS.outbox, WORKERS.sweeps,
    ].sort());
    expect(payments).toEqual([...handlersWhere((u) => Boolean(u.payments)), WORKERS.outbox, WORKERS.sweeps].sort());
    const tokenKey = handlersAllowed('secretsmanager:GetSecretValue', (r) => refersTo(r, secretIdOf('AppSecrets')));
    const expected = [...new Set(ROUTES.filter((r) => r.access !== 'public' || r.uses.tokens).map((r) => r.handler))].sort();
    expect(tokenKey).toEqual(expected);
    // The key sealing two-factor and webhook signing secrets: the same functions, and the outbox worker
    // (it signs webhook deliveries), no others.
    expect(handlersAllowed('secretsmanager:GetSecretValue', (r) => refersTo(r, secretIdOf('DataEncryptionKey')))).toEqual([...expected, WORKERS.outbox].sort());
    // Public pages that only read (the booking and form pages) cannot mint a token.
    for (const handler of ['forms/get-public-form', 'availability/list-available-slots', 'bookings/create-booking', STRIPE_EVENTS_HANDLER]) expect(tokenKey).not.toContain(handler);
    // The challenge key: the challenge route and the six writes that check a solution, nothing else.
    const challengeKey = handlersAllowed('secretsmanager:GetSecretValue', (r) => refersTo(r, secretIdOf('ChallengeKey')));
    expect(challengeKey).toEqual(['account/register-email', 'appointments/request-appointment', 'bookings/create-booking', 'bookings/create-patient-series', 'challenges/get-challenge', 'forms/submit-form', 'waitlist/join-waitlist']);
    for (const handler of challengeKey) expect(refersTo(functionOf(areaResources, handler).r.Properties.Environment.Variables.CHALLENGE_SECRET_ARN, secretIdOf('ChallengeKey')), handler).toBe(true);
    // The CloudFront origin secret: every function behind CloudFront, not the signed webhook nor the worker.
    const origin = handlersAllowed('secretsmanager:GetSecretValue', (r) => refersTo(r, secretIdOf('OriginSecret')));
    expect(origin).toEqual([...new Set(ROUTES.filter((r) => !r.signedWebhook).map((r) => r.handler))].sort());
  });

  it('lets only the mail rows and the outbox worker send mail, and only send-sms publish texts', () => {
    const identityId = byType(plainResources, 'AWS::SES::EmailIdentity')[0][0];
    const mailers = handlersAllowed('ses:SendEmail', (r) => refersTo(r, identityId));
    expect(mailers).toEqual([...handlersWhere((u) => Boolean(u.mail)), WORKERS.outbox].sort());
    expect(mailers).toEqual(['account/forgot-password', 'account/login', 'account/register-email', WORKERS.outbox].sort());
    // ...through the configuration set, which SES checks too.
    expect(handlersAllowed('ses:SendEmail', (r) => JSON.stringify(r).includes('configuration-set'))).toEqual(mailers);
    // Texts: the SMS route, and the outbox worker for reminders where a clinic turned them on.
    expect(handlersAllowed('sns:Publish')).toEqual(['sms/send-sms', WORKERS.outbox].sort());
  });

  it('narrows every function to a few statements (no wildcard resources but SMS and stream listing)', () => {
    for (const handler of plain.stack.functions.keys()) {
      const { r: fn, resources } = functionOf(areaResources, handler);
      const statements = statementsOf(fn, resources);
      expect(statements.length, handler).toBeLessThanOrEqual(handler === WORKERS.outbox ? 7 : 5);
      for (const st of statements.filter((st) => [st.Resource].flat().includes('*'))) {
        // Only these two actions have no resource to name (CDK may put both in one statement).
        for (const action of [st.Action].flat()) expect(action, handler).toMatch(/^(sns:Publish|dynamodb:ListStreams)$/);
      }
    }
  });
});

describe('mail', () => {
  it('verifies the sender domain and passes MAIL_FROM from context', () => {
    plain.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
    configured.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'clinic.example.org' });
    const functions = inAreas(configured.nested, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    for (const { r: fn } of functions) expect(fn.Properties.Environment.Variables).toMatchObject({ APP_URL: 'https://app.clinic.example.org' });
    for (const handler of ['account/login', WORKERS.outbox]) {
      expect(functionOf(configured.nested, handler).r.Properties.Environment.Variables.MAIL_FROM).toBe('Clinic <hello@clinic.example.org>');
    }
  });
});

describe('Stripe events', () => {
  it('makes no rule and no queue without an event source in context', () => {
    const stripe = functionOf(areaResources, STRIPE_EVENTS_HANDLER);
    expect(byType(stripe.resources, 'AWS::Events::Rule')).toHaveLength(0);
    expect(byType(stripe.resources, 'AWS::SQS::Queue')).toHaveLength(0);
    // The outbox worker's and the sweeps' schedules and the worker's queue are the only others.
    const rules = plain.templates.flatMap((t) => byType(t.toJSON().Resources, 'AWS::Events::Rule'));
    expect(rules.map(([id]) => id).sort()).toEqual([expect.stringMatching(/^OutboxSweepSchedule/), expect.stringMatching(/^SubscribersSweepSchedule/), expect.stringMatching(/^SweepsSchedule/)]);
    const queues = plain.templates.flatMap((t) => byType(t.toJSON().Resources, 'AWS::SQS::Queue'));
    expect(queues.map(([id]) => id).sort()).toEqual([expect.stringMatching(/^OutboxStreamDlq/), expect.stringMatching(/^SubscribersStreamDlq/)]);
  });

  it('feeds the stripe-events function from the partner bus, with retries and a dead-letter queue', () => {
    const fn = functionOf(configured.nested, STRIPE_EVENTS_HANDLER);
    const rules = byType(fn.resources, 'AWS::Events::Rule');
    expect(rules).toHaveLength(1);
    const queueId = byType(fn.resources, 'AWS::SQS::Queue')[0][0];
    expect(rules[0][1].Properties).toMatchObject({
      EventBusName: 'aws.partner/stripe.com/ed_test_123',
      EventPattern: { source: [{ prefix: 'aws.partner/stripe.com' }] },
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [fn.id, 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
          RetryPolicy: { MaximumRetryAttempts: 8 },
        },
      ],
    });
    // A handler that keeps failing after Lambda accepted the event also ends in the queue.
    const invokeConfigs = byType(fn.resources, 'AWS::Lambda::EventInvokeConfig');
    expect(invokeConfigs).toHaveLength(1);
    expect(invokeConfigs[0][1].Properties).toMatchObject({
      FunctionName: { Ref: fn.id },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    // One on the queue, one on the function's own failures.
    expect(byType(fn.resources, 'AWS::CloudWatch::Alarm')).toHaveLength(2);
    configured.template.hasOutput('StripeEventsDlqUrl', {});
  });
});

describe('outbox worker', () => {
  it('reads the table stream, outbox rows written or put back pending only, bisecting failures into a dead-letter queue', () => {
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0][0];
    const fn = functionOf(areaResources, WORKERS.outbox);
    const mappings = byType(fn.resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => refersTo(m.Properties.FunctionName, fn.id));
    expect(mappings).toHaveLength(1);
    const [, mapping] = mappings[0];
    expect(mapping.Properties.FunctionName).toEqual({ Ref: fn.id });
    expect(refersTo(mapping.Properties.EventSourceArn, tableId)).toBe(true);
    expect(JSON.stringify(mapping.Properties.EventSourceArn)).toContain('StreamArn');
    const queueId = byType(fn.resources, 'AWS::SQS::Queue')[0][0];
    expect(mapping.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    const filters = mapping.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
    expect(filters).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        // The events lane's rows (domain events and their subscribers) are the subscribers' worker's.
        dynamodb: { Keys: { pk: { S: [{ prefix: OUTBOX_PREFIX }] } }, NewImage: { status: { S: ['pending'] }, payload: { M: { kind: { S: [{ 'anything-but': ['event', 'subscriber'] }] } } } } },
      },
    ]);
    // In the area: one on each worker's queue, one on each worker's own failures, one on the sweeps' failures.
    expect(byType(fn.resources, 'AWS::CloudWatch::Alarm')).toHaveLength(5);
  });

  it('runs domain events and their subscribers in a function of their own: the events lane of the stream, a sweep, and the table only', () => {
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0][0];
    const fn = functionOf(areaResources, WORKERS.subscribers);
    const mappings = byType(fn.resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => refersTo(m.Properties.FunctionName, fn.id));
    expect(mappings).toHaveLength(1);
    const [, mapping] = mappings[0];
    expect(mapping.Properties).toMatchObject({ StartingPosition: 'TRIM_HORIZON', BisectBatchOnFunctionError: true, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(mapping.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { pk: { S: [{ prefix: `${OUTBOX_PREFIX}${EVENT_ROW_PREFIX}` }] } }, NewImage: { status: { S: ['pending'] } } } },
    ]);
    const rules = byType(fn.resources, 'AWS::Events::Rule').filter(([, r]) => JSON.stringify(r.Properties.Targets).includes(`"${fn.id}"`));
    expect(rules[0][1].Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    const allows = allowsOf(fn.r, fn.resources);
    expect(allows('dynamodb:UpdateItem', (r) => refersTo(r, tableId))).toBe(true);
    expect(allows('dynamodb:GetRecords', (r) => refersTo(r, tableId) && JSON.stringify(r).includes('StreamArn'))).toBe(true);
    expect(allows('secretsmanager:GetSecretValue', () => true)).toBe(false);
    expect(allows('ses:SendEmail', () => true)).toBe(false);
    expect(allows('sns:Publish', () => true)).toBe(false);
    expect(allows('s3:PutObject', () => true)).toBe(false);
  });

  it('sweeps every minute, and a claimed row outlives the function that claimed it', () => {
    const fn = functionOf(areaResources, WORKERS.outbox);
    const rules = byType(fn.resources, 'AWS::Events::Rule').filter(([, r]) => JSON.stringify(r.Properties.Targets).includes(`"${fn.id}"`));
    expect(rules).toHaveLength(1);
    expect(rules[0][1].Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED', Targets: [{ Arn: { 'Fn::GetAtt': [fn.id, 'Arn'] } }] });
    const invoke = byType(fn.resources, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'events.amazonaws.com' && refersTo(p.Properties.FunctionName, fn.id));
    expect(invoke).toHaveLength(1);
    expect(OUTBOX_LEASE_MS).toBeGreaterThan(OUTBOX_WORKER_TIMEOUT_SECONDS * 1000);
  });

  it('runs the reminder and hold sweeps every minute in a function of their own, with the table and the Stripe keys only', () => {
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0][0];
    const fn = functionOf(areaResources, WORKERS.sweeps);
    const rules = byType(fn.resources, 'AWS::Events::Rule').filter(([, r]) => JSON.stringify(r.Properties.Targets).includes(`"${fn.id}"`));
    expect(rules).toHaveLength(1);
    expect(rules[0][1].Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED', Targets: [{ Arn: { 'Fn::GetAtt': [fn.id, 'Arn'] } }] });
    expect(byType(fn.resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => refersTo(m.Properties.FunctionName, fn.id))).toHaveLength(0);
    const allows = allowsOf(fn.r, fn.resources);
    expect(allows('dynamodb:UpdateItem', (r) => refersTo(r, tableId))).toBe(true);
    expect(allows('secretsmanager:GetSecretValue', (r) => refersTo(r, secretIdOf('PaymentsSecret')))).toBe(true);
    expect(allows('secretsmanager:GetSecretValue', (r) => !refersTo(r, secretIdOf('PaymentsSecret')))).toBe(false);
    expect(allows('dynamodb:GetRecords', () => true)).toBe(false);
    expect(allows('ses:SendEmail', () => true)).toBe(false);
    expect(allows('sns:Publish', () => true)).toBe(false);
    expect(allows('s3:PutObject', () => true)).toBe(false);
  });

  it('may use the table and its stream, send mail and texts (reminders), read the Stripe keys (refunds) and the data key (webhook secrets), and nothing else of the app', () => {
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0][0];
    const fn = functionOf(areaResources, WORKERS.outbox);
    const allows = allowsOf(fn.r, fn.resources);
    expect(allows('dynamodb:UpdateItem', (r) => refersTo(r, tableId))).toBe(true);
    expect(allows('dynamodb:Query', (r) => refersTo(r, tableId) && JSON.stringify(r).includes(`/index/${TENANT_INDEX.name}`))).toBe(true);
    expect(allows('dynamodb:GetRecords', (r) => refersTo(r, tableId) && JSON.stringify(r).includes('StreamArn'))).toBe(true);
    expect(allows('ses:SendEmail', (r) => refersTo(r, byType(plainResources, 'AWS::SES::EmailIdentity')[0][0]))).toBe(true);
    expect(allows('secretsmanager:GetSecretValue', (r) => refersTo(r, secretIdOf('PaymentsSecret')))).toBe(true);
    expect(allows('secretsmanager:GetSecretValue', (r) => refersTo(r, secretIdOf('DataEncryptionKey')))).toBe(true);
    expect(allows('secretsmanager:GetSecretValue', (r) => !refersTo(r, secretIdOf('PaymentsSecret')) && !refersTo(r, secretIdOf('DataEncryptionKey')))).toBe(false);
    expect(allows('s3:PutObject', () => true)).toBe(false);
    expect(allows('sns:Publish', (r) => r === '*')).toBe(true);
  });
});

describe('CloudFront', () => {
  function distribution(template: Template) {
    const resources: Resources = template.toJSON().Resources;
    const [, dist] = byType(resources, 'AWS::CloudFront::Distribution')[0];
    return dist.Properties.DistributionConfig;
  }

  /** The template's own cache policy a behaviour refers to. */
  function cachePolicyOf(template: Template, behaviour: Json) {
    const resources: Resources = template.toJSON().Resources;
    return resources[behaviour.CachePolicyId.Ref].Properties.CachePolicyConfig;
  }

  it('sends /api/* to the HTTP API uncached with every viewer header but Host, all methods', () => {
    const config = distribution(plain.template);
    const api = config.CacheBehaviors.find((b: Json) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    // Nothing kept: no answer without a Cache-Control (the API sends no-store), at most a second with
    // one, keyed on the caller's credentials, cookies and query (the TTLs are not all 0 only so that
    // CloudFront may compress).
    const policy = cachePolicyOf(plain.template, api);
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 1 });
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Authorization'] });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'all' });
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'all' });
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']));
    expect(api.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(api.FunctionAssociations).toBeUndefined();
    const origin = config.Origins.find((o: Json) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    // The origin secret the functions check, resolved at deploy time rather than written in the template.
    const verify = origin.OriginCustomHeaders.find((h: Json) => h.HeaderName === 'x-origin-verify');
    const value = JSON.stringify(verify.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(refersTo(verify.HeaderValue, secretIdOf('OriginSecret'))).toBe(true);
  });

  it('compresses on every behaviour, brotli and gzip', () => {
    const config = distribution(plain.template);
    const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    expect(behaviours.map((b: Json) => b.PathPattern ?? 'default')).toEqual(expect.arrayContaining(['default', '/api/*', '/assets/*', ...EMBEDDABLE_PAGES]));
    for (const behaviour of behaviours) {
      const name = behaviour.PathPattern ?? 'default';
      expect(behaviour.Compress, name).toBe(true);
      // CachingOptimized allows both encodings (a documented managed policy); any other is the template's own.
      if (behaviour.CachePolicyId === CACHING_OPTIMIZED) continue;
      const key = cachePolicyOf(plain.template, behaviour).ParametersInCacheKeyAndForwardedToOrigin;
      expect(key, name).toMatchObject({ EnableAcceptEncodingBrotli: true, EnableAcceptEncodingGzip: true });
    }
  });

  it('serves /assets/* from the buckets through origin access control, prefix stripped', () => {
    const config = distribution(plain.template);
    const assets = config.CacheBehaviors.find((b: Json) => b.PathPattern === '/assets/*');
    expect(assets).toBeDefined();
    expect(assets.FunctionAssociations).toHaveLength(1);
    const group = config.OriginGroups.Items.find((g: Json) => g.Id === assets.TargetOriginId);
    const [primary, fallback] = group.Members.Items.map((m: Json) => config.Origins.find((o: Json) => o.Id === m.OriginId));
    expect(primary.DomainName['Fn::GetAtt'][0]).toMatch(/^WebBucket/);
    expect(primary.OriginPath).toBe('/assets');
    expect(fallback.DomainName['Fn::GetAtt'][0]).toMatch(/^UploadsBucket/);
    for (const origin of [primary, fallback]) expect(origin.OriginAccessControlId).toBeDefined();
  });

  /** A CloudFront Function of the template, runnable here (its code is plain ES5 with a handler). */
  function viewerFunction(template: Template, behaviour: Json) {
    const fnRef = behaviour.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0];
    const code: string = (template.toJSON().Resources as Resources)[fnRef].Properties.FunctionCode;
    // Run in a context of its own, as CloudFront does: the code sees no Node globals.
    return runInNewContext(`${code}; handler;`) as (e: unknown) => { uri?: string; statusCode?: number };
  }

  it('serves the API document and its reference page from the web bucket, ahead of /api/* (issue 16)', () => {
    const config = distribution(plain.template);
    const patterns = config.CacheBehaviors.map((b: Json) => b.PathPattern);
    for (const pattern of ['/api/openapi.json', '/api/docs*']) {
      const behaviour = config.CacheBehaviors.find((b: Json) => b.PathPattern === pattern);
      expect(behaviour, pattern).toBeDefined();
      // CloudFront takes the first matching pattern: these must come before the API's.
      expect(patterns.indexOf(pattern), pattern).toBeLessThan(patterns.indexOf('/api/*'));
      const origin = config.Origins.find((o: Json) => o.Id === behaviour.TargetOriginId);
      expect(origin.DomainName['Fn::GetAtt'][0], pattern).toMatch(/^WebBucket/);
      expect(origin.OriginPath ?? '', pattern).toBe('');
      expect(behaviour.AllowedMethods ?? ['GET', 'HEAD'], pattern).toEqual(['GET', 'HEAD']);
      // The console's strict CSP (the page runs no inline script and loads its viewer from the site).
      expect(behaviour.ResponseHeadersPolicyId, pattern).toEqual(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
    }
    const docs = config.CacheBehaviors.find((b: Json) => b.PathPattern === '/api/docs*');
    const rewrite = viewerFunction(plain.template, docs);
    expect(rewrite({ request: { uri: '/api/docs' } }).uri).toBe('/api/docs/index.html');
    expect(rewrite({ request: { uri: '/api/docs/' } }).uri).toBe('/api/docs/index.html');
    expect(rewrite({ request: { uri: '/api/docs/scalar-standalone.js' } }).uri).toBe('/api/docs/scalar-standalone.js');
  });

  it('refuses to deploy a web build without the API document (npm run build writes both)', () => {
    const incomplete = mkdtempSync(join(tmpdir(), 'clinic-web-no-api-'));
    dirs.push(incomplete);
    writeFileSync(join(incomplete, 'index.html'), '<!doctype html><title>x</title>');
    expect(() => synth({}, { webBuildDir: incomplete })).toThrow(/has no api\/openapi\.json: run npm run build/);
  });

  it('never serves private uploads at /assets, by the same rule as the functions', () => {
    const config = distribution(plain.template);
    const assets = config.CacheBehaviors.find((b: Json) => b.PathPattern === '/assets/*');
    const run = viewerFunction(plain.template, assets);
    const keys = [
      'org/o1/users/u1/abc.png',
      'org/o1/packages/p1/x.webp',
      `${PRIVATE_UPLOADS_PREFIX}org/o1/appointments/a1/card.jpg`,
      'org/../private/org/o1/x.pdf',
      'index-abcdef12.js',
    ];
    for (const key of keys) {
      const out = run({ request: { uri: `/assets/${key}` } });
      if (isPublicKey(key)) expect(out.uri, key).toBe(`/${key}`);
      else expect(out.statusCode, key).toBe(404);
    }
    // Percent-encoding does not get around it.
    expect(run({ request: { uri: '/assets/%70rivate/org/o1/x.pdf' } }).statusCode).toBe(404);
    // And the bucket refuses CloudFront those keys whatever the request looks like.
    const uploadsId = byType(plainResources, 'AWS::S3::Bucket').find(([id]) => id.startsWith('UploadsBucket'))![0];
    const policy = byType(plainResources, 'AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === uploadsId)!;
    const deny = policy[1].Properties.PolicyDocument.Statement.find((st: Json) => st.Effect === 'Deny' && st.Principal?.Service === 'cloudfront.amazonaws.com');
    expect(deny.Action).toBe('s3:GetObject');
    expect(JSON.stringify(deny.Resource)).toContain(`/${PRIVATE_UPLOADS_PREFIX}*`);
  });

  it('rewrites app routes to index.html on the default behaviour only, never with error responses', () => {
    const config = distribution(plain.template);
    // Error responses only say errors are not kept at the edge: none replaces an answer with a page
    // (that would turn the API's 404s into index.html).
    expect(config.CustomErrorResponses.length).toBeGreaterThan(0);
    for (const response of config.CustomErrorResponses) {
      expect(response).toEqual({ ErrorCode: expect.any(Number), ErrorCachingMinTTL: 0 });
    }
    expect(config.CustomErrorResponses.map((r: Json) => r.ErrorCode)).toEqual(expect.arrayContaining([403, 404, 500, 503, 504]));
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    const rewrite = viewerFunction(plain.template, config.DefaultCacheBehavior);
    const uri = (path: string) => rewrite({ request: { uri: path } }).uri;
    expect(uri('/dashboard')).toBe('/index.html');
    expect(uri('/favicon.ico')).toBe('/favicon.ico');
    expect(uri('/assets/index-abcdef12.js')).toBe('/assets/index-abcdef12.js');
    // Each public page has its own prerendered HTML (shared/public-pages.ts), as on the local server.
    expect(uri('/booking/pk_key1')).toBe('/booking.html');
    expect(uri('/form-builder/public/f1/key1')).toBe('/form.html');
    expect(uri('/room-integration/pk_key1')).toBe('/request.html');
    expect(uri('/manage')).toBe('/manage.html');
    for (const page of PUBLIC_PAGES) expect(uri(page.example), page.example).toBe(`/${htmlFileFor(page.example)}`);
    // Anything else under those prefixes is not a public page.
    expect(uri('/booking')).toBe('/index.html');
    expect(uri('/booking/a/b')).toBe('/index.html');
    expect(uri('/form-builder/public/f1')).toBe('/index.html');
    expect(uri('/manage/x')).toBe('/index.html');
  });

  it("answers a public page in the language the request asks: ?lang=, else Accept-Language, else English (issue 36)", () => {
    const config = distribution(plain.template);
    const rewrite = viewerFunction(plain.template, config.DefaultCacheBehavior);
    const uri = (path: string, lang?: string, acceptLanguage?: string) =>
      rewrite({
        request: {
          uri: path,
          querystring: lang === undefined ? {} : { lang: { value: lang } },
          headers: acceptLanguage === undefined ? {} : { 'accept-language': { value: acceptLanguage } },
        },
      }).uri;
    expect(uri('/booking/pk_key1', 'ar')).toBe('/booking.ar.html');
    expect(uri('/booking/pk_key1', 'es')).toBe('/booking.es.html');
    expect(uri('/manage', 'fr')).toBe('/manage.fr.html');
    expect(uri('/intake', 'pt-BR')).toBe('/intake.pt.html');
    expect(uri('/form-builder/public/f1/key1', 'DE')).toBe('/form.de.html');
    // The address's language wins over the browser's, English included; one we lack does not count.
    expect(uri('/booking/pk_key1', 'en', 'ar')).toBe('/booking.html');
    expect(uri('/booking/pk_key1', 'ja', 'es-ES,es;q=0.9')).toBe('/booking.es.html');
    // The browser's languages by weight, the first of equal weight; q=0 means "not this one".
    expect(uri('/room-integration/pk_key1', undefined, 'ja,ar-EG;q=0.8,fr;q=0.9')).toBe('/request.fr.html');
    expect(uri('/booking/pk_key1', undefined, 'ar;q=0, de')).toBe('/booking.de.html');
    expect(uri('/booking/pk_key1', undefined, 'ja, *')).toBe('/booking.html');
    expect(uri('/booking/pk_key1')).toBe('/booking.html');
    // Every page in every language, and never for the console or a file.
    for (const page of PUBLIC_PAGES) for (const locale of LOCALES) expect(uri(page.example, locale), `${page.example} ${locale}`).toBe(`/${htmlFileOf(page, locale)}`);
    expect(uri('/dashboard', 'ar', 'ar')).toBe('/index.html');
    expect(uri('/favicon.ico', 'ar')).toBe('/favicon.ico');
  });

  it('deploys the web build only when there is one', () => {
    plain.template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    configured.template.resourceCountIs('Custom::CDKBucketDeployment', 2);
  });
});

/** Every resource of the root and its area stacks. */
const everyResource = (s: ReturnType<typeof synth>) => [s.template.toJSON().Resources as Resources, ...s.nested];
const allOfType = (s: ReturnType<typeof synth>, type: string) => everyResource(s).flatMap((resources) => byType(resources, type));
const rootIdOf = (resources: Resources, type: string, prefix: string) => {
  const found = byType(resources, type).filter(([id]) => id.startsWith(prefix));
  expect(found, prefix).toHaveLength(1);
  return found[0][0];
};

describe('audit trail and retention', () => {
  it('logs every API request as one JSON line, kept a year and retained', () => {
    const [, stage] = byType(plainResources, 'AWS::ApiGatewayV2::Stage')[0];
    const groupId = rootIdOf(plainResources, 'AWS::Logs::LogGroup', 'ApiAccessLogs');
    expect(JSON.stringify(stage.Properties.AccessLogSettings.DestinationArn)).toContain(groupId);
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format);
    expect(format).toMatchObject({ requestId: '$context.requestId', ip: '$context.identity.sourceIp', route: '$context.routeKey', status: '$context.status' });
  });

  it('keeps every log group at least a year, also when the stack is deleted', () => {
    const groups = allOfType(plain, 'AWS::Logs::LogGroup');
    expect(groups.length).toBeGreaterThan(plain.stack.functions.size);
    for (const [id, group] of groups) {
      expect(group.Properties.RetentionInDays, id).toBeGreaterThanOrEqual(365);
      expect(group.DeletionPolicy, id).toBe('Retain');
    }
  });

  it('writes CloudFront standard logs and both buckets\' access logs to a retained logs bucket that expires them after a year', () => {
    const logsId = rootIdOf(plainResources, 'AWS::S3::Bucket', 'LogsBucket');
    const logs = plainResources[logsId];
    expect(logs.DeletionPolicy).toBe('Retain');
    expect(logs.Properties.LifecycleConfiguration.Rules[0].ExpirationInDays).toBe(LOG_RETENTION_DAYS);
    for (const name of ['UploadsBucket', 'WebBucket']) {
      const bucket = plainResources[rootIdOf(plainResources, 'AWS::S3::Bucket', name)];
      expect(bucket.Properties.LoggingConfiguration.DestinationBucketName, name).toEqual({ Ref: logsId });
    }
    const [, dist] = byType(plainResources, 'AWS::CloudFront::Distribution')[0];
    expect(dist.Properties.DistributionConfig.Logging).toMatchObject({ Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] }, Prefix: 'cloudfront/' });
  });

  it('records S3 data events for private/ only: who stored or fetched each patient document', () => {
    const trails = byType(plainResources, 'AWS::CloudTrail::Trail');
    expect(trails).toHaveLength(1);
    const [, trail] = trails[0];
    const uploadsId = rootIdOf(plainResources, 'AWS::S3::Bucket', 'UploadsBucket');
    expect(trail.Properties.EnableLogFileValidation).toBe(true);
    expect(trail.Properties.CloudWatchLogsLogGroupArn).toBeDefined();
    expect(trail.Properties.EventSelectors).toHaveLength(1);
    const [selector] = trail.Properties.EventSelectors;
    expect(selector).toMatchObject({ IncludeManagementEvents: false, ReadWriteType: 'All' });
    expect(selector.DataResources).toHaveLength(1);
    expect(selector.DataResources[0].Type).toBe('AWS::S3::Object');
    const value = JSON.stringify(selector.DataResources[0].Values);
    expect(value).toContain(uploadsId);
    expect(value).toContain(`/${PRIVATE_UPLOADS_PREFIX}`);
  });
});

describe('alarms', () => {
  const topicOf = (s: ReturnType<typeof synth>) => rootIdOf(s.template.toJSON().Resources, 'AWS::SNS::Topic', 'AlarmsTopic');

  it('sends every alarm, firing and clearing, to the one topic', () => {
    for (const s of [plain, configured]) {
      const topic = topicOf(s);
      const alarms = allOfType(s, 'AWS::CloudWatch::Alarm');
      expect(alarms.length).toBeGreaterThan(5);
      for (const [id, alarm] of alarms) {
        expect(refersTo(alarm.Properties.AlarmActions, topic), id).toBe(true);
        expect(refersTo(alarm.Properties.OKActions, topic), id).toBe(true);
        expect(alarm.Properties.AlarmDescription, id).toContain('docs/operations.md');
      }
    }
  });

  it('watches API 5xx and latency, function errors and throttles, table throttling, mail reputation and the dead-letter queues', () => {
    const names = (s: ReturnType<typeof synth>) => allOfType(s, 'AWS::CloudWatch::Alarm').map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort();
    const always = ['Api5xxAlarm', 'ApiLatencyAlarm', 'FunctionErrorsAlarm', 'FunctionThrottlesAlarm', 'TableThrottlesAlarm', 'MailBounceRateAlarm', 'MailComplaintRateAlarm', 'OutboxStreamDlqAlarm', 'OutboxErrorsAlarm', 'SubscribersStreamDlqAlarm', 'SubscribersErrorsAlarm', 'SweepsErrorsAlarm', 'PublicPageSurgeAlarm'];
    expect(names(plain)).toEqual([...always].sort());
    expect(names(configured)).toEqual([...always, 'StripeEventsDlqAlarm', 'StripeEventsErrorsAlarm'].sort());
    const byName = Object.fromEntries(allOfType(plain, 'AWS::CloudWatch::Alarm').map(([id, a]) => [id.replace(/[0-9A-F]{8}$/, ''), a.Properties]));
    expect(byName.Api5xxAlarm).toMatchObject({ MetricName: '5xx', Namespace: 'AWS/ApiGateway' });
    expect(byName.MailBounceRateAlarm).toMatchObject({ MetricName: 'Reputation.BounceRate', Namespace: 'AWS/SES', Threshold: 0.04 });
    expect(byName.FunctionThrottlesAlarm).toMatchObject({ MetricName: 'Throttles', Namespace: 'AWS/Lambda', Threshold: 1 });
    // The business metric the page counters count (functions/data/page-activity.ts), by its EMF dimension.
    expect(byName.PublicPageSurgeAlarm).toMatchObject({ MetricName: 'PublicPageSurges', Namespace: 'ClinicSuite', Threshold: 1, Dimensions: [{ Name: 'service', Value: 'clinic-suite' }] });
  });

  it('subscribes the alarmEmail address, and nobody without one', () => {
    expect(byType(plainResources, 'AWS::SNS::Subscription')).toHaveLength(0);
    configured.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@clinic.example.org' });
  });
});

describe('backups and recovery', () => {
  it('protects the table from deletion and backs it and the uploads up daily (35 days) and monthly (a year)', () => {
    const [tableId, table] = byType(plainResources, 'AWS::DynamoDB::Table')[0];
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    const [, plan] = byType(plainResources, 'AWS::Backup::BackupPlan')[0];
    const rules = plan.Properties.BackupPlan.BackupPlanRule.map((r: Json) => [r.RuleName, r.Lifecycle.DeleteAfterDays]);
    expect(rules).toEqual([['Daily', 35], ['Monthly', 365]]);
    const [, selection] = byType(plainResources, 'AWS::Backup::BackupSelection')[0];
    expect(refersTo(selection.Properties.BackupSelection.Resources, tableId)).toBe(true);
    expect(refersTo(selection.Properties.BackupSelection.Resources, rootIdOf(plainResources, 'AWS::S3::Bucket', 'UploadsBucket'))).toBe(true);
    expect(JSON.stringify(plainResources[selection.Properties.BackupSelection.IamRoleArn['Fn::GetAtt'][0]].Properties.ManagedPolicyArns)).toContain('AWSBackupServiceRolePolicyForS3Backup');
    expect(byType(plainResources, 'AWS::Backup::BackupVault')[0][1].DeletionPolicy).toBe('Retain');
  });

  it('archives every Stripe event of the partner bus for a year, for replay', () => {
    const fn = functionOf(configured.nested, STRIPE_EVENTS_HANDLER);
    const archives = byType(fn.resources, 'AWS::Events::Archive');
    expect(archives).toHaveLength(1);
    expect(archives[0][1].Properties).toMatchObject({ RetentionDays: 365, EventPattern: { source: [{ prefix: 'aws.partner/stripe.com' }] } });
    expect(JSON.stringify(archives[0][1].Properties.SourceArn)).toContain('event-bus/aws.partner/stripe.com/ed_test_123');
    expect(allOfType(plain, 'AWS::Events::Archive')).toHaveLength(0);
  });

  it('sends mail through a configuration set: TLS required, bounces and complaints suppressed and counted', () => {
    const [setId, set] = byType(plainResources, 'AWS::SES::ConfigurationSet')[0];
    expect(set.Properties.DeliveryOptions).toEqual({ TlsPolicy: 'REQUIRE' });
    expect(set.Properties.SuppressionOptions.SuppressedReasons.sort()).toEqual(['BOUNCE', 'COMPLAINT']);
    const [, identity] = byType(plainResources, 'AWS::SES::EmailIdentity')[0];
    expect(identity.Properties.ConfigurationSetAttributes.ConfigurationSetName).toEqual({ Ref: setId });
    const destinations = byType(plainResources, 'AWS::SES::ConfigurationSetEventDestination').map(([, d]) => d.Properties.EventDestination);
    const metrics = destinations.find((d) => d.CloudWatchDestination)!;
    expect(metrics.MatchingEventTypes).toEqual(expect.arrayContaining(['bounce', 'complaint']));
  });

  it("sends bounces and complaints through SNS to the function that keeps the table's suppression list", () => {
    const destinations = byType(plainResources, 'AWS::SES::ConfigurationSetEventDestination').map(([, d]) => d.Properties.EventDestination);
    const toSns = destinations.filter((d) => d.SnsDestination);
    expect(toSns).toHaveLength(1);
    expect(toSns[0].MatchingEventTypes.sort()).toEqual(['bounce', 'complaint']);
    const fn = functionOf(areaResources, WORKERS.mailEvents);
    const [topicId] = byType(fn.resources, 'AWS::SNS::Topic')[0];
    const [, subscription] = byType(fn.resources, 'AWS::SNS::Subscription')[0];
    expect(subscription.Properties).toMatchObject({ Protocol: 'lambda', TopicArn: { Ref: topicId }, Endpoint: { 'Fn::GetAtt': [fn.id, 'Arn'] } });
    // The topic lives in the function's nested stack; the root reads its ARN from that stack's outputs.
    expect(JSON.stringify(toSns[0].SnsDestination.TopicARN)).toMatch(/Outputs\.\w*MailEventsTopic/);
    expect(topicId).toMatch(/^MailEventsTopic/);
  });
});

describe('edge', () => {
  const distributionOf = (s: ReturnType<typeof synth>) => byType(s.template.toJSON().Resources, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
  const headersOf = (s: ReturnType<typeof synth>, policy: Json) => {
    const resources = s.template.toJSON().Resources as Resources;
    return resources[policy.Ref].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
  };
  const inlineScript = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)![1];
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('puts a WAF web ACL on CloudFront: managed rules, and per-address rate limits on sign-in and public writes', () => {
    const [aclId, acl] = byType(plainResources, 'AWS::WAFv2::WebACL')[0];
    expect(distributionOf(plain).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules as Json[];
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement).map((r) => r.Statement.ManagedRuleGroupStatement.Name);
    expect(managed).toEqual(expect.arrayContaining(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesAmazonIpReputationList']));
    const rate = (name: string) => rules.find((r) => r.Name === name).Statement.RateBasedStatement;
    const matches = (statement: Json, path: string) => {
      const [method, paths] = statement.ScopeDownStatement.AndStatement.Statements;
      expect(method.ByteMatchStatement.SearchString).toBe('POST');
      const regexes = (paths.OrStatement?.Statements ?? [paths]).map((p: Json) => new RegExp(p.RegexMatchStatement.RegexString));
      return regexes.some((r: RegExp) => r.test(path));
    };
    const signIn = rate('SignInRateLimit');
    expect(signIn).toMatchObject({ Limit: WAF_SIGN_IN_LIMIT, AggregateKeyType: 'IP' });
    for (const path of ['/api/users/login', '/api/users/register-email', '/api/users/verify-email-otp', '/api/users/password/forgot', '/api/users/accept-invite']) expect(matches(signIn, path), path).toBe(true);
    for (const path of ['/api/users/profile', '/api/users/loginx', '/api/dashboard']) expect(matches(signIn, path), path).toBe(false);
    const writes = rate('PublicWriteRateLimit');
    expect(writes).toMatchObject({ Limit: WAF_PUBLIC_WRITE_LIMIT, AggregateKeyType: 'IP' });
    for (const path of ['/api/form-builder/form/f1/submissions', '/api/leads/forms/f1/files', '/api/bookings/create-booking', '/api/public/appointments/book-custom', '/api/leads/payments/session']) {
      expect(matches(writes, path), path).toBe(true);
    }
    for (const path of ['/api/form-builder/form/f1', '/api/payments/stripe/webhook', '/api/users/login']) expect(matches(writes, path), path).toBe(false);
  });

  it('puts Bot Control and tighter per-address limits in front of the challenged writes and the challenge route (issue 28)', () => {
    const [, acl] = byType(plainResources, 'AWS::WAFv2::WebACL')[0];
    const rules = acl.Properties.Rules as Json[];
    const priorities = rules.map((r) => r.Priority);
    expect(new Set(priorities).size).toBe(rules.length);
    const paths = (statement: Json, method: string) => {
      const [byMethod, which] = statement.AndStatement.Statements;
      expect(byMethod.ByteMatchStatement.SearchString).toBe(method);
      return (which.OrStatement?.Statements ?? [which]).map((p: Json) => new RegExp(p.RegexMatchStatement.RegexString));
    };
    const hits = (regexes: RegExp[], path: string) => regexes.some((r) => r.test(path));
    const challenged = ['/api/bookings/create-booking', '/api/public/appointments/book-custom', '/api/form-builder/form/f1/submissions', '/api/users/register-email'];

    const writes = rules.find((r) => r.Name === 'ChallengedWriteRateLimit').Statement.RateBasedStatement;
    expect(writes).toMatchObject({ Limit: WAF_CHALLENGED_WRITE_LIMIT, AggregateKeyType: 'IP' });
    for (const path of challenged) expect(hits(paths(writes.ScopeDownStatement, 'POST'), path), path).toBe(true);
    for (const path of ['/api/leads/forms/f1/files', '/api/users/login', '/api/public/challenge']) expect(hits(paths(writes.ScopeDownStatement, 'POST'), path), path).toBe(false);
    const issue = rules.find((r) => r.Name === 'ChallengeIssueRateLimit').Statement.RateBasedStatement;
    expect(issue).toMatchObject({ Limit: WAF_CHALLENGE_ISSUE_LIMIT, AggregateKeyType: 'IP' });
    expect(hits(paths(issue.ScopeDownStatement, 'GET'), '/api/public/challenge')).toBe(true);

    const bot = rules.find((r) => r.Name === 'AWSManagedRulesBotControlRuleSet');
    const group = bot.Statement.ManagedRuleGroupStatement;
    expect(group).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesBotControlRuleSet', ManagedRuleGroupConfigs: [{ AWSManagedRulesBotControlRuleSet: { InspectionLevel: 'COMMON' } }] });
    expect(bot.OverrideAction).toEqual({ None: {} });
    // Only those routes are inspected (Bot Control is billed per request).
    const [posts, gets] = group.ScopeDownStatement.OrStatement.Statements;
    for (const path of challenged) expect(hits(paths(posts, 'POST'), path), path).toBe(true);
    expect(hits(paths(posts, 'POST'), '/api/bookings/available-slots')).toBe(false);
    expect(hits(paths(gets, 'GET'), '/api/public/challenge')).toBe(true);
  });

  it('serves a custom domain with its ACM certificate and TLSv1.2_2021; none without one', () => {
    expect(distributionOf(plain).Aliases).toBeUndefined();
    const config = distributionOf(configured);
    expect(config.Aliases).toEqual(['app.clinic.example.org']);
    expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    configured.template.hasResourceProperties('AWS::CertificateManager::Certificate', { DomainName: 'app.clinic.example.org', ValidationMethod: 'DNS' });
    configured.template.hasOutput('SiteUrl', { Value: 'https://app.clinic.example.org' });
  });

  it('gives the SPA a strict CSP: scripts from the site and the inline theme script by its hash, never framed', () => {
    const source = readFileSync(join(PROJECT_ROOT, 'web', 'index.html'), 'utf8');
    const headers = headersOf(plain, distributionOf(plain).DefaultCacheBehavior.ResponseHeadersPolicyId);
    const csp: string = headers.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(csp).toContain(`script-src 'self' ${sha256(inlineScript(source))};`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    // From the built page when there is one.
    const built = headersOf(configured, distributionOf(configured).DefaultCacheBehavior.ResponseHeadersPolicyId).ContentSecurityPolicy.ContentSecurityPolicy;
    // Every public page's HTML in every language (issue 36).
    expect(built).toContain(`script-src 'self' ${sha256(BUILT_INLINE_SCRIPT)} ${sha256(PUBLIC_PAGE_INLINE_SCRIPT)} ${sha256(ARABIC_PAGE_INLINE_SCRIPT)};`);
  });

  it('lets clinics frame the public pages on their https sites, and only those', () => {
    // The booking, form and request pages; the patient's manage page is not framed.
    expect([...EMBEDDABLE_PAGES].sort()).toEqual(['/booking/*', '/form-builder/public/*', '/room-integration/*']);
    for (const page of PUBLIC_PAGES.filter((p) => p.embeddable)) expect(page.example.startsWith(page.embeddable!.slice(0, -1)), page.name).toBe(true);
    const config = distributionOf(plain);
    for (const pattern of EMBEDDABLE_PAGES) {
      const behaviour = config.CacheBehaviors.find((b: Json) => b.PathPattern === pattern);
      expect(behaviour, pattern).toBeDefined();
      expect(behaviour.FunctionAssociations).toEqual(config.DefaultCacheBehavior.FunctionAssociations);
      const headers = headersOf(plain, behaviour.ResponseHeadersPolicyId);
      expect(headers.ContentSecurityPolicy.ContentSecurityPolicy, pattern).toContain('frame-ancestors https:;');
      expect(headers.FrameOptions, pattern).toBeUndefined();
    }
  });

  it('puts the WAF and the certificate in a us-east-1 companion stack when the main stack is elsewhere', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'clinic-cdk-'));
    dirs.push(outdir);
    const app = new App({ outdir, context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], domainName: 'app.clinic.example.org' } });
    const edge = new EdgeStack(app, 'ClinicEdge', { env: { account: '111111111111', region: EDGE_REGION }, domainName: 'app.clinic.example.org' });
    const main = new ClinicStack(app, 'ClinicEu', { env: { account: '111111111111', region: 'eu-west-1' }, edge: edge.edge, crossRegionReferences: true, webBuildDir: join(tmpdir(), 'clinic-no-web-build') });
    const edgeTemplate = Template.fromStack(edge);
    const mainTemplate = Template.fromStack(main);
    edgeTemplate.resourceCountIs('AWS::WAFv2::WebACL', 1);
    edgeTemplate.resourceCountIs('AWS::CertificateManager::Certificate', 1);
    mainTemplate.resourceCountIs('AWS::WAFv2::WebACL', 0);
    mainTemplate.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    const config = byType(mainTemplate.toJSON().Resources, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
    // Read from the us-east-1 stack's outputs at deploy (cross-region reference).
    expect(JSON.stringify(config.WebACLId)).toContain('Fn::GetStackOutput');
    expect(config.ViewerCertificate.MinimumProtocolVersion).toBe('TLSv1.2_2021');
  });
});
