// The CDK stack, synthesized without bundling, checked against the route table and the data layer's
// key names: every row must become a function and a route wired to each other; data, storage, secret,
// mail, Stripe and CloudFront must keep the properties the product relies on.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/data/table';
import { ROUTES } from '../../functions/routes';
import { handlerId } from '../../infra/constructs/bundling';
import { PROJECT_ROOT } from '../../infra/constructs/api-function';
import { ClinicStack, STRIPE_EVENTS_HANDLER, apiPath } from '../../infra/stack';

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
  return { stack, template: Template.fromStack(stack) };
}

type Resources = Record<string, { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }>;

let plain: ReturnType<typeof synth>;
let configured: ReturnType<typeof synth>;
let plainResources: Resources;
let webDir: string;

beforeAll(() => {
  // Defaults: no Stripe event source, no web build, and the Stripe handler as on disk.
  plain = synth({}, { webBuildDir: join(tmpdir(), 'clinic-no-web-build') });
  plainResources = plain.template.toJSON().Resources;

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
}, 120_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const byType = (resources: Resources, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

/** The one Lambda function whose logical id comes from this handler module. */
function functionIdOf(resources: Resources, handler: string): string {
  const prefix = handlerId(handler);
  const ids = byType(resources, 'AWS::Lambda::Function')
    .map(([id]) => id)
    .filter((id) => new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id));
  expect(ids, `function for ${handler}`).toHaveLength(1);
  return ids[0]!;
}

describe('data', () => {
  it('has the single table with the data layer keys, indexes, TTL, on-demand billing, PITR, retained', () => {
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
        GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partition, KeyType: 'HASH' },
            { AttributeName: index.sort, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      },
    });
    const [, table] = byType(plainResources, 'AWS::DynamoDB::Table')[0]!;
    const attributes = table.Properties.AttributeDefinitions as { AttributeName: string; AttributeType: string }[];
    const expected = [TABLE_KEYS.partition, TABLE_KEYS.sort, ...TABLE_INDEXES.flatMap((i) => [i.partition, i.sort])];
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

describe('functions and routes from the route table', () => {
  const handlers = new Set(ROUTES.map((r) => r.handler));

  it('makes exactly one function per handler of the table (plus stripe-events when its file exists)', () => {
    const expected = new Set(handlers);
    if (plain.stack.functions.has(STRIPE_EVENTS_HANDLER)) expected.add(STRIPE_EVENTS_HANDLER);
    expect(byType(plainResources, 'AWS::Lambda::Function')).toHaveLength(expected.size);
    expect([...plain.stack.functions.keys()].sort()).toEqual([...expected].sort());
  });

  it('runs every function on Node 22, arm64, with the app defaults and environment', () => {
    const secretId = byType(plainResources, 'AWS::SecretsManager::Secret')[0]![0];
    const tableId = byType(plainResources, 'AWS::DynamoDB::Table')[0]![0];
    for (const [id, fn] of byType(plainResources, 'AWS::Lambda::Function')) {
      expect(fn.Properties.Runtime, id).toBe('nodejs22.x');
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
      expect(fn.Properties.MemorySize, id).toBe(512);
      expect(fn.Properties.Timeout, id).toBe(10);
      expect(fn.Properties.Handler, id).toBe('index.handler');
      const env = fn.Properties.Environment.Variables;
      expect(env.NODE_OPTIONS, id).toBe('--enable-source-maps');
      expect(env.TABLE_NAME, id).toEqual({ Ref: tableId });
      expect(env.APP_SECRETS_ARN, id).toEqual({ Ref: secretId });
      expect(env.UPLOADS_BUCKET.Ref, id).toMatch(/^UploadsBucket/);
      expect(env.MAIL_FROM, id).toBe('no-reply@example.com');
      expect(JSON.stringify(env.APP_URL), id).toContain('Distribution');
      // The secrets extension functions/lib/secrets.ts reads through.
      expect(env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, id).toBeDefined();
      expect(fn.Properties.Layers, id).toHaveLength(1);
      expect(fn.Properties.LoggingConfig.LogGroup.Ref, id).toMatch(/Logs/);
    }
    for (const [, group] of byType(plainResources, 'AWS::Logs::LogGroup')) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('routes every row as METHOD /api<path> to the function of its handler', () => {
    const routes = byType(plainResources, 'AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(ROUTES.length);
    const integrations = Object.fromEntries(byType(plainResources, 'AWS::ApiGatewayV2::Integration'));
    for (const row of ROUTES) {
      const routeKey = `${row.method} ${apiPath(row)}`;
      const found = routes.filter(([, r]) => r.Properties.RouteKey === routeKey);
      expect(found, routeKey).toHaveLength(1);
      const target = found[0]![1].Properties.Target['Fn::Join'][1][1].Ref as string;
      const integration = integrations[target]!;
      expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
      expect(integration.Properties.IntegrationUri['Fn::GetAtt'], routeKey).toEqual([functionIdOf(plainResources, row.handler), 'Arn']);
    }
  });

  it('lets every function read the app secret, use the table and the uploads bucket, and send mail', () => {
    const secretId = byType(plainResources, 'AWS::SecretsManager::Secret')[0]![0];
    plain.template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ GenerateStringKey: 'tokenSigningKey' }),
    });
    const policies = byType(plainResources, 'AWS::IAM::Policy');
    for (const [id, fn] of byType(plainResources, 'AWS::Lambda::Function')) {
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      const policy = policies.find(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId));
      expect(policy, id).toBeDefined();
      const statements = policy![1].Properties.PolicyDocument.Statement as any[];
      const allows = (action: string, resource: (r: unknown) => boolean) =>
        statements.some((s) => [s.Action].flat().includes(action) && [s.Resource].flat().some(resource));
      expect(allows('secretsmanager:GetSecretValue', (r) => JSON.stringify(r) === JSON.stringify({ Ref: secretId })), id).toBe(true);
      expect(allows('dynamodb:PutItem', (r) => JSON.stringify(r).includes('Table')), id).toBe(true);
      expect(allows('dynamodb:Query', (r) => JSON.stringify(r).includes('/index/*')), id).toBe(true);
      expect(allows('s3:PutObject', (r) => JSON.stringify(r).includes('UploadsBucket')), id).toBe(true);
      expect(allows('ses:SendEmail', (r) => JSON.stringify(r).includes('SenderIdentity')), id).toBe(true);
    }
  });
});

describe('mail', () => {
  it('verifies the sender domain and passes MAIL_FROM from context', () => {
    plain.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
    configured.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'clinic.example.org' });
    configured.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ MAIL_FROM: 'Clinic <hello@clinic.example.org>', APP_URL: 'https://app.clinic.example.org' }) },
    });
  });
});

describe('Stripe events', () => {
  it('makes no rule and no queue without an event source in context', () => {
    plain.template.resourceCountIs('AWS::Events::Rule', 0);
    plain.template.resourceCountIs('AWS::SQS::Queue', 0);
  });

  it('feeds the stripe-events function from the partner bus, with retries and a dead-letter queue', () => {
    const resources: Resources = configured.template.toJSON().Resources;
    const fnId = functionIdOf(resources, STRIPE_EVENTS_HANDLER);
    const queueId = byType(resources, 'AWS::SQS::Queue')[0]![0];
    configured.template.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: 'aws.partner/stripe.com/ed_test_123',
      EventPattern: { source: [{ prefix: 'aws.partner/stripe.com' }] },
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [fnId, 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
          RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 8 }),
        }),
      ],
    });
    configured.template.resourceCountIs('AWS::CloudWatch::Alarm', 1);
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

  it('rewrites app routes to index.html on the default behaviour only, never with error responses', () => {
    const config = distribution(plain.template);
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    const fnRef = config.DefaultCacheBehavior.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0];
    const resources: Resources = plain.template.toJSON().Resources;
    const code: string = resources[fnRef]!.Properties.FunctionCode;
    const rewrite = new Function(`${code}; return handler;`)() as (e: unknown) => { uri: string };
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
