// The CDK stack, synthesized without bundling, checked against the route table and the data layer's
// key names: every row must become a function and a route wired to each other; data, storage, secret,
// mail, Stripe and CloudFront must keep the properties the product relies on.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PREFIX } from '../../functions/data/outbox';
import { TABLE_INDEXES, TABLE_KEYS, TENANT_INDEX, TTL_ATTRIBUTE } from '../../functions/data/table';
import { ROUTES, WORKERS } from '../../functions/routes';
import { handlerId } from '../../infra/constructs/bundling';
import { PROJECT_ROOT } from '../../infra/constructs/paths';
import { isPublicKey } from '../../functions/lib/upload-keys';
import { API_BURST, API_RATE_PER_SECOND, ClinicStack, OUTBOX_WORKER_TIMEOUT_SECONDS, PRIVATE_UPLOADS_PREFIX, STRIPE_EVENTS_HANDLER, apiPath } from '../../infra/stack';
import { OUTBOX_LEASE_MS } from '../../functions/data/outbox';

// Managed CloudFront policy ids (documented constants).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
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

type Resources = Record<string, { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }>;

/** What the root passes for each nested stack parameter (a reference to one of its resources). */
const rootParameters: Record<string, unknown> = {};

/** Whether a value refers to a root resource, directly or through the nested stack's parameter. */
function refersTo(value: unknown, logicalId: string): boolean {
  const resolved = JSON.parse(JSON.stringify(value), (_key, v) =>
    v && typeof v === 'object' && typeof v.Ref === 'string' && v.Ref in rootParameters ? rootParameters[v.Ref] : v,
  );
  return JSON.stringify(resolved).includes(`"${logicalId}"`);
}

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
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(webDir, 'assets', 'index-abcdef12.js'), 'console.log(1)');
  configured = synth(
    {
      stripeEventSourceName: 'aws.partner/stripe.com/ed_test_123',
      senderDomain: 'clinic.example.org',
      mailFrom: 'Clinic <hello@clinic.example.org>',
      appUrl: 'https://app.clinic.example.org',
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
  return found[0]![0];
};

/** The one Lambda function whose logical id comes from this handler module, and its stack's resources. */
function functionOf(areas: Resources[], handler: string) {
  const prefix = handlerId(handler);
  const found = inAreas(areas, 'AWS::Lambda::Function').filter(({ id }) => new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id));
  expect(found, `function for ${handler}`).toHaveLength(1);
  return found[0]!;
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
    const [, table] = byType(plainResources, 'AWS::DynamoDB::Table')[0]!;
    const attributes = table.Properties.AttributeDefinitions as { AttributeName: string; AttributeType: string }[];
    const expected = [TABLE_KEYS.partition, TABLE_KEYS.sort, ...TABLE_INDEXES.flatMap((i) => [i.partition, i.sort]), TENANT_INDEX.partition];
    expect(attributes.map((a) => a.AttributeName).sort()).toEqual([...expected].sort());
    expect(attributes.every((a) => a.AttributeType === 'S')).toBe(true);
  });

  it('keeps both buckets private, encrypted and TLS-only; uploads versioned and retained', () => {
    const buckets = byType(plainResources, 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(2);
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
        (s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
      );
      expect(denies).toHaveLength(1);
    }
  });
});

/** Whether the function's role policy allows `action` on a resource that `resource` accepts. */
function allowsOf(fn: { Properties: Record<string, any> }, resources: Resources) {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  const policy = byType(resources, 'AWS::IAM::Policy').find(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId));
  expect(policy).toBeDefined();
  const statements = policy![1].Properties.PolicyDocument.Statement as any[];
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

  it('runs every function on Node 22, arm64, with the app defaults and environment', () => {
    const secretId = secretIdOf('AppSecrets');
    const originSecretId = secretIdOf('OriginSecret');
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0]![0];
    const uploadsId = byType(plainResources, 'AWS::S3::Bucket').find(([id]) => id.startsWith('UploadsBucket'))![0];
    const functions = inAreas(areaResources, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    const worker = functionOf(areaResources, WORKERS.outbox).id;
    for (const { id, r: fn } of functions) {
      expect(fn.Properties.Runtime, id).toBe('nodejs22.x');
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
      expect(fn.Properties.MemorySize, id).toBe(512);
      expect(fn.Properties.Handler, id).toBe('index.handler');
      const env = fn.Properties.Environment.Variables;
      expect(env.NODE_OPTIONS, id).toBe('--enable-source-maps');
      expect(refersTo(env.TABLE_NAME, tableId), id).toBe(true);
      expect(env.MAIL_FROM, id).toBe('no-reply@example.com');
      expect(fn.Properties.LoggingConfig.LogGroup.Ref, id).toMatch(/Logs/);
      if (id === worker) {
        // The outbox worker: longer than a request, and only the table and mail.
        expect(fn.Properties.Timeout).toBe(OUTBOX_WORKER_TIMEOUT_SECONDS);
        expect(env.APP_SECRETS_ARN).toBeUndefined();
        expect(env.ORIGIN_SECRET_ARN).toBeUndefined();
        expect(env.UPLOADS_BUCKET).toBeUndefined();
        continue;
      }
      expect(fn.Properties.Timeout, id).toBe(10);
      expect(refersTo(env.APP_SECRETS_ARN, secretId), id).toBe(true);
      expect(refersTo(env.ORIGIN_SECRET_ARN, originSecretId), id).toBe(true);
      expect(refersTo(env.UPLOADS_BUCKET, uploadsId), id).toBe(true);
      expect(refersTo(env.APP_URL, byType(plainResources, 'AWS::CloudFront::Distribution')[0]![0]), id).toBe(true);
      // The secrets extension functions/lib/secrets.ts reads through.
      expect(env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, id).toBeDefined();
      expect(fn.Properties.Layers, id).toHaveLength(1);
    }
    const groups = inAreas(areaResources, 'AWS::Logs::LogGroup');
    expect(groups).toHaveLength(functions.length);
    for (const { r: group } of groups) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('routes every row as METHOD /api<path> to the function of its handler', () => {
    const routes = inAreas(areaResources, 'AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(ROUTES.length);
    const apiId = byType(plainResources, 'AWS::ApiGatewayV2::Api')[0]![0];
    for (const row of ROUTES) {
      const routeKey = `${row.method} ${apiPath(row)}`;
      const found = routes.filter(({ r }) => r.Properties.RouteKey === routeKey);
      expect(found, routeKey).toHaveLength(1);
      const { r: route, resources } = found[0]!;
      expect(refersTo(route.Properties.ApiId, apiId), routeKey).toBe(true);
      const target = route.Properties.Target['Fn::Join'][1][1].Ref as string;
      const integration = resources[target]!;
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
    const [, stage] = stages[0]!;
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: API_RATE_PER_SECOND, ThrottlingBurstLimit: API_BURST },
    });
  });

  it('lets every function read the app and origin secrets, use the table and the uploads bucket, and send mail', () => {
    const secretId = secretIdOf('AppSecrets');
    const originSecretId = secretIdOf('OriginSecret');
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0]![0];
    const uploadsId = byType(plainResources, 'AWS::S3::Bucket').find(([id]) => id.startsWith('UploadsBucket'))![0];
    plain.template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ GenerateStringKey: 'tokenSigningKey' }),
    });
    const worker = functionOf(areaResources, WORKERS.outbox).id;
    for (const { id, r: fn, resources } of inAreas(areaResources, 'AWS::Lambda::Function')) {
      if (id === worker) continue;
      const allows = allowsOf(fn, resources);
      expect(allows('secretsmanager:GetSecretValue', (r) => refersTo(r, secretId)), id).toBe(true);
      expect(allows('secretsmanager:GetSecretValue', (r) => refersTo(r, originSecretId)), id).toBe(true);
      expect(allows('dynamodb:PutItem', (r) => refersTo(r, tableId)), id).toBe(true);
      expect(allows('dynamodb:Query', (r) => refersTo(r, tableId) && refersTo(r, '/index/*')), id).toBe(true);
      expect(allows('s3:PutObject', (r) => refersTo(r, uploadsId)), id).toBe(true);
      expect(allows('ses:SendEmail', (r) => refersTo(r, byType(plainResources, 'AWS::SES::EmailIdentity')[0]![0])), id).toBe(true);
      // Text messages: only the function that sends them may publish to SNS.
      const description = String(fn.Properties.Description ?? '');
      expect(allows('sns:Publish', (r) => r === '*'), `${id} ${description}`).toBe(description === "POST /api/sms");
    }
  });
});

describe('mail', () => {
  it('verifies the sender domain and passes MAIL_FROM from context', () => {
    plain.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
    configured.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'clinic.example.org' });
    const functions = inAreas(configured.nested, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    for (const { r: fn } of functions) {
      expect(fn.Properties.Environment.Variables).toMatchObject({ MAIL_FROM: 'Clinic <hello@clinic.example.org>', APP_URL: 'https://app.clinic.example.org' });
    }
  });
});

describe('Stripe events', () => {
  it('makes no rule and no queue without an event source in context', () => {
    const stripe = functionOf(areaResources, STRIPE_EVENTS_HANDLER);
    expect(byType(stripe.resources, 'AWS::Events::Rule')).toHaveLength(0);
    expect(byType(stripe.resources, 'AWS::SQS::Queue')).toHaveLength(0);
    // The outbox worker's schedule and queue are the only others.
    const rules = plain.templates.flatMap((t) => byType(t.toJSON().Resources, 'AWS::Events::Rule'));
    expect(rules.map(([id]) => id)).toEqual([expect.stringMatching(/^OutboxSweepSchedule/)]);
    const queues = plain.templates.flatMap((t) => byType(t.toJSON().Resources, 'AWS::SQS::Queue'));
    expect(queues.map(([id]) => id)).toEqual([expect.stringMatching(/^OutboxStreamDlq/)]);
  });

  it('feeds the stripe-events function from the partner bus, with retries and a dead-letter queue', () => {
    const fn = functionOf(configured.nested, STRIPE_EVENTS_HANDLER);
    const rules = byType(fn.resources, 'AWS::Events::Rule');
    expect(rules).toHaveLength(1);
    const queueId = byType(fn.resources, 'AWS::SQS::Queue')[0]![0];
    expect(rules[0]![1].Properties).toMatchObject({
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
    expect(invokeConfigs[0]![1].Properties).toMatchObject({
      FunctionName: { Ref: fn.id },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    expect(byType(fn.resources, 'AWS::CloudWatch::Alarm')).toHaveLength(1);
    configured.template.hasOutput('StripeEventsDlqUrl', {});
  });
});

describe('outbox worker', () => {
  it('reads the table stream, outbox rows written or put back pending only, bisecting failures into a dead-letter queue', () => {
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0]![0];
    const fn = functionOf(areaResources, WORKERS.outbox);
    const mappings = byType(fn.resources, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(1);
    const [, mapping] = mappings[0]!;
    expect(mapping.Properties.FunctionName).toEqual({ Ref: fn.id });
    expect(refersTo(mapping.Properties.EventSourceArn, tableId)).toBe(true);
    expect(JSON.stringify(mapping.Properties.EventSourceArn)).toContain('StreamArn');
    const queueId = byType(fn.resources, 'AWS::SQS::Queue')[0]![0];
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
        dynamodb: { Keys: { pk: { S: [{ prefix: OUTBOX_PREFIX }] } }, NewImage: { status: { S: ['pending'] } } },
      },
    ]);
    expect(byType(fn.resources, 'AWS::CloudWatch::Alarm')).toHaveLength(1);
  });

  it('sweeps every minute, and a claimed row outlives the function that claimed it', () => {
    const fn = functionOf(areaResources, WORKERS.outbox);
    const rules = byType(fn.resources, 'AWS::Events::Rule');
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED', Targets: [{ Arn: { 'Fn::GetAtt': [fn.id, 'Arn'] } }] });
    const invoke = byType(fn.resources, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'events.amazonaws.com');
    expect(invoke).toHaveLength(1);
    expect(OUTBOX_LEASE_MS).toBeGreaterThan(OUTBOX_WORKER_TIMEOUT_SECONDS * 1000);
  });

  it('may use the table and its stream, send mail and texts (reminders), and nothing else of the app', () => {
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0]![0];
    const fn = functionOf(areaResources, WORKERS.outbox);
    const allows = allowsOf(fn.r, fn.resources);
    expect(allows('dynamodb:UpdateItem', (r) => refersTo(r, tableId))).toBe(true);
    expect(allows('dynamodb:Query', (r) => refersTo(r, tableId) && refersTo(r, '/index/*'))).toBe(true);
    expect(allows('dynamodb:GetRecords', (r) => refersTo(r, tableId) && JSON.stringify(r).includes('StreamArn'))).toBe(true);
    expect(allows('ses:SendEmail', (r) => refersTo(r, byType(plainResources, 'AWS::SES::EmailIdentity')[0]![0]))).toBe(true);
    expect(allows('secretsmanager:GetSecretValue', () => true)).toBe(false);
    expect(allows('s3:PutObject', () => true)).toBe(false);
    expect(allows('sns:Publish', (r) => r === '*')).toBe(true);
  });
});

describe('CloudFront', () => {
  function distribution(template: Template) {
    const resources: Resources = template.toJSON().Resources;
    const [, dist] = byType(resources, 'AWS::CloudFront::Distribution')[0]!;
    return dist.Properties.DistributionConfig;
  }

  it('sends /api/* to the HTTP API uncached with every viewer header but Host, all methods', () => {
    const config = distribution(plain.template);
    const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']));
    expect(api.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(api.FunctionAssociations).toBeUndefined();
    const origin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    // The origin secret the functions check, resolved at deploy time rather than written in the template.
    const verify = origin.OriginCustomHeaders.find((h: any) => h.HeaderName === 'x-origin-verify');
    const value = JSON.stringify(verify.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(refersTo(verify.HeaderValue, secretIdOf('OriginSecret'))).toBe(true);
  });

  it('serves /assets/* from the buckets through origin access control, prefix stripped', () => {
    const config = distribution(plain.template);
    const assets = config.CacheBehaviors.find((b: any) => b.PathPattern === '/assets/*');
    expect(assets).toBeDefined();
    expect(assets.FunctionAssociations).toHaveLength(1);
    const group = config.OriginGroups.Items.find((g: any) => g.Id === assets.TargetOriginId);
    const [primary, fallback] = group.Members.Items.map((m: any) => config.Origins.find((o: any) => o.Id === m.OriginId));
    expect(primary.DomainName['Fn::GetAtt'][0]).toMatch(/^WebBucket/);
    expect(primary.OriginPath).toBe('/assets');
    expect(fallback.DomainName['Fn::GetAtt'][0]).toMatch(/^UploadsBucket/);
    for (const origin of [primary, fallback]) expect(origin.OriginAccessControlId).toBeDefined();
  });

  /** A CloudFront Function of the template, runnable here (its code is plain ES5 with a handler). */
  function viewerFunction(template: Template, behaviour: any) {
    const fnRef = behaviour.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0];
    const code: string = (template.toJSON().Resources as Resources)[fnRef]!.Properties.FunctionCode;
    return new Function(`${code}; return handler;`)() as (e: unknown) => { uri?: string; statusCode?: number };
  }

  it('never serves private uploads at /assets, by the same rule as the functions', () => {
    const config = distribution(plain.template);
    const assets = config.CacheBehaviors.find((b: any) => b.PathPattern === '/assets/*');
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
    const deny = policy[1].Properties.PolicyDocument.Statement.find((st: any) => st.Effect === 'Deny' && st.Principal?.Service === 'cloudfront.amazonaws.com');
    expect(deny.Action).toBe('s3:GetObject');
    expect(JSON.stringify(deny.Resource)).toContain(`/${PRIVATE_UPLOADS_PREFIX}*`);
  });

  it('rewrites app routes to index.html on the default behaviour only, never with error responses', () => {
    const config = distribution(plain.template);
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    const rewrite = viewerFunction(plain.template, config.DefaultCacheBehavior);
    const uri = (path: string) => rewrite({ request: { uri: path } }).uri;
    expect(uri('/dashboard')).toBe('/index.html');
    expect(uri('/form-builder/public/f1/key1')).toBe('/index.html');
    expect(uri('/favicon.ico')).toBe('/favicon.ico');
  });

  it('deploys the web build only when there is one', () => {
    plain.template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    configured.template.resourceCountIs('Custom::CDKBucketDeployment', 2);
  });
});
