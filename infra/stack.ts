// The cloud deployment of one tenant, built from the route table: one Lambda and one HTTP API route
// per row of functions/routes.ts, the single table whose key names come from the data layer, the
// uploads and web buckets, SES, the app secret, Stripe's EventBridge feed, the outbox worker on the
// table's stream (and a sweep every minute) and one CloudFront distribution in front of it all (SPA,
// /api/*, /assets/*). From functions/ infra takes only names: routes, key names, the outbox prefix.
//
// Each function brings ~7 resources (function, role, policy, log group, integration, permission,
// route) and CloudFormation allows 500 per stack, which the full route table exceeds. So functions and
// routes live in one nested stack per area (the handler's folder: account, forms, ...): the root keeps
// the shared resources, and a function never moves between stacks when other areas grow (a route
// moving between stacks would collide with itself on its route key during the update).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, Fn, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  Signing,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Match, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { Code, FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '../functions/lib/secrets';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { OUTBOX_PREFIX, type OutboxStatus } from '../functions/data/outbox';
import { TABLE_INDEXES, TABLE_KEYS, TENANT_INDEX, TTL_ATTRIBUTE } from '../functions/data/table';
import { ROUTES, WORKERS, type Route } from '../functions/routes';
import { ApiFunction } from './constructs/api-function';
import { bundleHandlers, handlerId, type HandlerBundle } from './constructs/bundling';
import { API_PREFIX, PROJECT_ROOT, handlerEntry } from './constructs/paths';

/** The handler Stripe's EventBridge events go to (the signed webhook route, if any, feeds the same code). */
export const STRIPE_EVENTS_HANDLER = 'payments/stripe-events';

export { API_PREFIX };

/**
 * Upload keys under this prefix (appointment attachments) are never served at /assets; staff get
 * signed links instead. The same rule as functions/lib/upload-keys.ts (test/infra checks they agree).
 */
export const PRIVATE_UPLOADS_PREFIX = 'private/';

/** Where Vite puts hashed build files inside dist/web (its default `build.assetsDir`). */
const WEB_ASSETS_DIR = 'assets';
const WEB_BUILD_DIR = join(PROJECT_ROOT, 'dist', 'web');

export interface ClinicStackProps extends StackProps {
  /** Only for tests; defaults to whether functions/payments/stripe-events.ts exists. */
  stripeEventsHandlerExists?: boolean;
  /** Only for tests; defaults to whether dist/web exists. */
  webBuildDir?: string;
}

/** The outbox worker's timeout: within the lease a claimed row is left to it (functions/data/outbox.ts). */
export const OUTBOX_WORKER_TIMEOUT_SECONDS = 60;

/** Functions per area stack before synth refuses (about 7 resources each, 500 per stack). */
const MAX_FUNCTIONS_PER_AREA = 60;
/** Steady requests per second and burst each route accepts (API Gateway stage throttling). */
export const API_RATE_PER_SECOND = 200;
export const API_BURST = 400;

/** The area of a handler module: its folder below functions/ (`account/login` -> `account`). */
export const areaOf = (handler: string) => handler.split('/')[0]!;

export class ClinicStack extends Stack {
  /** Every function, by handler module. */
  readonly functions = new Map<string, ApiFunction>();
  /** The nested stack of each area, by area name. */
  readonly areas = new Map<string, NestedStack>();

  constructor(scope: Construct, id: string, props: ClinicStackProps = {}) {
    super(scope, id, props);

    const context = (key: string): string | undefined => {
      const value = this.node.tryGetContext(key);
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    const senderDomain = context('senderDomain') ?? 'example.com';
    const mailFrom = context('mailFrom') ?? `no-reply@${senderDomain}`;

    // ---- Data ----------------------------------------------------------------------------------
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partition, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sort, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      removalPolicy: RemovalPolicy.RETAIN,
      // The outbox worker reads new and changed outbox rows from the stream.
      stream: StreamViewType.NEW_IMAGE,
    });
    for (const index of TABLE_INDEXES) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partition, type: AttributeType.STRING },
        sortKey: { name: index.sort, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    // Every item of an organisation by its `tenant` stamp: deleting an organisation whole, no Scan.
    table.addGlobalSecondaryIndex({
      indexName: TENANT_INDEX.name,
      partitionKey: { name: TENANT_INDEX.partition, type: AttributeType.STRING },
      projectionType: ProjectionType.KEYS_ONLY,
    });

    const uploads = new Bucket(this, 'UploadsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        {
          // Versioning guards against mistakes; a deleted picture or attachment (account deletion)
          // must still disappear for good, so old versions do not live forever.
          noncurrentVersionExpiration: Duration.days(30),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(7),
        },
      ],
    });

    const web = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // ---- Secrets and mail ----------------------------------------------------------------------
    // Only tokenSigningKey is generated. The operator adds stripeSecretKey and stripeWebhookSecret to
    // the same JSON later (absent keys read as "Stripe not configured" in functions/lib/secrets.ts).
    const secret = new Secret(this, 'AppSecrets', {
      description: 'Clinic Suite app secrets (JSON): tokenSigningKey, stripeSecretKey, stripeWebhookSecret',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({}),
        generateStringKey: 'tokenSigningKey',
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CloudFront sends this value with every API request (a custom origin header) and the functions
    // refuse requests without it, so the API's own execute-api endpoint is no way around CloudFront
    // (nor around the per-address rate limits, which read the address CloudFront forwards).
    const originSecret = new Secret(this, 'OriginSecret', {
      description: 'Clinic Suite: the value CloudFront sends to the API in the x-origin-verify header',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    // The domain is verified by the DKIM CNAMEs output below (no hosted zone is assumed).
    const sender = new EmailIdentity(this, 'SenderIdentity', { identity: Identity.domain(senderDomain) });

    const areaStack = (handler: string): NestedStack => {
      const area = areaOf(handler);
      let stack = this.areas.get(area);
      if (!stack) {
        stack = new NestedStack(this, `${handlerId(area)}Api`, { description: `Clinic Suite API: ${area} functions and routes` });
        this.areas.set(area, stack);
      }
      return stack;
    };

    // Every handler this stack deploys: one per module of the route table, plus the Stripe events one.
    const stripeHandlerExists = props.stripeEventsHandlerExists ?? existsSync(handlerEntry(STRIPE_EVENTS_HANDLER));
    const handlers = [...new Set([...ROUTES.map((r) => r.handler), ...(stripeHandlerExists ? [STRIPE_EVENTS_HANDLER] : []), WORKERS.outbox])];
    const takesUploads = (handler: string) => ROUTES.some((r) => r.handler === handler && r.body === 'multipart');
    // Bundled together, in one esbuild run per alias set, instead of one esbuild process per function
    // (about 5x less CPU for a synth). Skipped when the CLI or a test says this stack needs no bundling.
    const bundles = this.bundlingRequired
      ? prebundle(handlers.map((handler) => ({ name: handler, entry: handlerEntry(handler), takesUploads: takesUploads(handler) })))
      : undefined;

    const makeFunction = (handler: string, description?: string): ApiFunction => {
      const existing = this.functions.get(handler);
      if (existing) return existing;
      const bundle = bundles?.get(handler);
      const fn = new ApiFunction(areaStack(handler), {
        handler,
        description,
        takesUploads: takesUploads(handler),
        ...(bundle ? { code: Code.fromAsset(bundle.dir) } : {}),
      })
        .bindTable(table)
        .bindUploads(uploads)
        .bindSecrets(secret)
        .bindOriginSecret(originSecret)
        .bindMail(sender, mailFrom);
      // Only the function that sends texts may publish to SNS.
      if (handler === 'sms/send-sms') fn.bindSms();
      this.functions.set(handler, fn);
      return fn;
    };

    // ---- API: one function and one route per row ----------------------------------------------
    const api = new HttpApi(this, 'HttpApi', { description: 'Clinic Suite API (routes from functions/routes.ts)', createDefaultStage: false });
    // A backstop against floods: API Gateway applies it to each route, shared by all callers. The
    // limits that single out a caller are per client address (route table `rateLimit`).
    api.addStage('DefaultStage', { stageName: '$default', autoDeploy: true, throttle: { rateLimit: API_RATE_PER_SECOND, burstLimit: API_BURST } });
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of ROUTES) {
      const fn = makeFunction(route.handler, `${route.method} ${API_PREFIX}${route.path}`);
      let integration = integrations.get(route.handler);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${fn.node.id}Integration`, fn);
        integrations.set(route.handler, integration);
      }
      // The route sits in its function's area stack, so its integration and permission do too.
      new HttpRoute(Stack.of(fn), `Route${route.method}${handlerId(route.path)}`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(apiPath(route), HttpMethod[route.method]),
        integration,
      });
    }

    // ---- Stripe events (EventBridge) -----------------------------------------------------------
    // The handler file is written by the payments work; until it exists the stack simply has no such
    // function. The rule needs the partner event source Stripe created in this account and region
    // (context stripeEventSourceName, e.g. aws.partner/stripe.com/ed_...): without it there is no bus
    // to attach to, so no rule and no queue are made, but the function is, ready for the rule.
    const stripeSource = context('stripeEventSourceName');
    if (stripeHandlerExists) {
      const stripeFn = makeFunction(STRIPE_EVENTS_HANDLER, 'Stripe events from EventBridge');
      if (stripeSource) {
        // In the function's own stack: the rule's invoke permission and the rule refer to each other.
        const scope = Stack.of(stripeFn);
        const dlq = new Queue(scope, 'StripeEventsDlq', {
          retentionPeriod: Duration.days(14),
          encryption: QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
        });
        new Rule(scope, 'StripeEventsRule', {
          description: 'Stripe events to the stripe-events function',
          eventBus: EventBus.fromEventBusName(scope, 'StripeEventBus', stripeSource),
          eventPattern: { source: Match.prefix('aws.partner/stripe.com') },
          targets: [
            new LambdaFunction(stripeFn, {
              deadLetterQueue: dlq,
              retryAttempts: 8,
              maxEventAge: Duration.hours(24),
            }),
          ],
        });
        // The rule's DLQ only catches events EventBridge could not hand to Lambda. Once Lambda has
        // accepted one (an asynchronous invoke), its own retries apply and a handler that keeps
        // failing would drop the event: send those to the same queue.
        stripeFn.configureAsyncInvoke({
          retryAttempts: 2,
          maxEventAge: Duration.hours(6),
          onFailure: new SqsDestination(dlq),
        });
        // Any message here is a payment event we failed to process: someone must look.
        dlqAlarm(scope, 'StripeEventsDlqAlarm', dlq, 'Stripe events failed processing and landed in the dead-letter queue');
        new CfnOutput(this, 'StripeEventsDlqUrl', { value: dlq.queueUrl });
      }
    }

    // ---- Outbox worker: the table's stream, and a sweep every minute ---------------------------
    // It only reads and writes the table, sends mail and (reminders, where a clinic turned them on)
    // texts: none of the API functions' other bindings.
    const outboxBundle = bundles?.get(WORKERS.outbox);
    const outboxFn = new ApiFunction(areaStack(WORKERS.outbox), {
      handler: WORKERS.outbox,
      description: 'Outbox delivery: mail and staff notices from the table stream, and a sweep every minute',
      timeout: Duration.seconds(OUTBOX_WORKER_TIMEOUT_SECONDS),
      ...(outboxBundle ? { code: Code.fromAsset(outboxBundle.dir) } : {}),
    })
      .bindTable(table)
      .bindMail(sender, mailFrom)
      .bindSms();
    this.functions.set(WORKERS.outbox, outboxFn);
    {
      const scope = Stack.of(outboxFn);
      // Stream batches that keep failing (the table itself failing the worker) end here; their rows
      // stay due and the sweep delivers them, so this queue is for a person to look into.
      const dlq = new Queue(scope, 'OutboxStreamDlq', {
        retentionPeriod: Duration.days(14),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const pending: OutboxStatus = 'pending';
      outboxFn.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: 25,
          bisectBatchOnError: true,
          reportBatchItemFailures: true,
          retryAttempts: 5,
          maxRecordAge: Duration.hours(1),
          onFailure: new SqsDlq(dlq),
          // Only outbox rows written or put back as pending reach the function.
          filters: [
            FilterCriteria.filter({
              eventName: FilterRule.or('INSERT', 'MODIFY'),
              dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(OUTBOX_PREFIX) } }, NewImage: { status: { S: FilterRule.isEqual(pending) } } },
            }),
          ],
        }),
      );
      new Rule(scope, 'OutboxSweepSchedule', {
        description: 'Every minute: the outbox worker retries due deliveries',
        schedule: Schedule.rate(Duration.minutes(1)),
        targets: [new LambdaFunction(outboxFn, { retryAttempts: 0 })],
      });
      dlqAlarm(scope, 'OutboxStreamDlqAlarm', dlq, 'Outbox stream batches failed processing and landed in the dead-letter queue');
    }

    // ---- CloudFront: one origin for the browser ------------------------------------------------
    // SPA fallback as a viewer-request function on the default behaviour only. Distribution-wide
    // errorResponses would also turn the API's 404s into index.html.
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Extensionless paths are app routes: serve /index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(`function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`),
    });
    // /assets/<key>: strip the prefix so the rest is the S3 key, and refuse private keys (appointment
    // attachments) outright, also when percent-encoded. The uploads bucket policy refuses them to
    // CloudFront as well, whatever a request looks like.
    const stripAssets = new CloudFrontFunction(this, 'AssetsPrefix', {
      comment: 'Strip /assets so the rest of the path is the S3 key; never serve private uploads',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(`function handler(event) {
  var request = event.request;
  var key = request.uri.indexOf('/assets/') === 0 ? request.uri.substring(8) : request.uri.substring(1);
  var decoded;
  try { decoded = decodeURIComponent(key); } catch (e) { decoded = '..'; }
  if (decoded.indexOf('${PRIVATE_UPLOADS_PREFIX}') === 0 || decoded.indexOf('..') !== -1 || key.indexOf('..') !== -1) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  request.uri = '/' + key;
  return request;
}`),
    });

    // One origin access control signs CloudFront's requests to both buckets.
    const originAccessControl = new S3OriginAccessControl(this, 'OriginAccessControl', { signing: Signing.SIGV4_ALWAYS });
    const webOrigin = S3BucketOrigin.withOriginAccessControl(web, { originAccessControl });
    // /assets/<key> is an upload (keys org/<orgId>/...), but Vite also emits its hashed files to
    // /assets/. Both live behind the same path: the web bucket first (origin path /assets puts the
    // stripped prefix back), then the uploads bucket on a miss. Build files always win over uploads.
    const assetsOrigin = new OriginGroup({
      primaryOrigin: S3BucketOrigin.withOriginAccessControl(web, { originPath: `/${WEB_ASSETS_DIR}`, originAccessControl }),
      fallbackOrigin: S3BucketOrigin.withOriginAccessControl(uploads, { originAccessControl }),
      fallbackStatusCodes: [403, 404],
    });
    const apiDomain = `${api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    const securityHeaders = ResponseHeadersPolicy.SECURITY_HEADERS;
    // Uploaded files must never run as a page of ours, even if opened directly.
    const assetsHeaders = new ResponseHeadersPolicy(this, 'AssetsHeaders', {
      comment: 'Uploads and build files: no sniffing, no active content',
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        contentSecurityPolicy: { contentSecurityPolicy: "default-src 'none'", override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });

    uploads.addToResourcePolicy(
      new PolicyStatement({
        sid: 'NoPrivateUploadsThroughCloudFront',
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [uploads.arnForObjects(`${PRIVATE_UPLOADS_PREFIX}*`)],
      }),
    );

    const distribution = new Distribution(this, 'Distribution', {
      comment: 'Clinic Suite: SPA, /api/* and /assets/*',
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${API_PREFIX}/*`]: {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // Resolved by CloudFormation at deploy time ({{resolve:secretsmanager:...}}): not in the template.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        [`/${WEB_ASSETS_DIR}/*`]: {
          origin: assetsOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: assetsHeaders,
          compress: true,
          functionAssociations: [{ function: stripAssets, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    for (const [area, stack] of this.areas) {
      const count = [...this.functions.values()].filter((fn) => Stack.of(fn) === stack).length;
      if (count > MAX_FUNCTIONS_PER_AREA) {
        throw new Error(`Area "${area}" has ${count} functions; split it (at most ${MAX_FUNCTIONS_PER_AREA} per nested stack).`);
      }
    }

    const siteUrl = `https://${distribution.distributionDomainName}`;
    const appUrl = context('appUrl') ?? siteUrl;
    for (const fn of this.functions.values()) fn.bindAppUrl(appUrl);

    // ---- The built SPA (only when it has been built: synth must work without it) ---------------
    const webBuild = props.webBuildDir ?? WEB_BUILD_DIR;
    if (existsSync(join(webBuild, 'index.html'))) {
      // Hashed files first, cached for a year and never pruned (an open tab may still ask for the
      // previous build's chunks); then everything else, revalidated on each use, so index.html never
      // points at chunks that are not there yet.
      const hashed = new BucketDeployment(this, 'WebHashedFiles', {
        sources: [Source.asset(webBuild)],
        destinationBucket: web,
        exclude: ['*'],
        include: [`${WEB_ASSETS_DIR}/*`],
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
        memoryLimit: 512,
      });
      const shell = new BucketDeployment(this, 'WebShell', {
        sources: [Source.asset(webBuild)],
        destinationBucket: web,
        exclude: [`${WEB_ASSETS_DIR}/*`, '.vite/*'],
        cacheControl: [CacheControl.noCache()],
        prune: true,
        distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      shell.node.addDependency(hashed);
    }

    // ---- Outputs -------------------------------------------------------------------------------
    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The site (SPA, /api, /assets)' });
    const webhookRoute = ROUTES.find((r) => r.handler === STRIPE_EVENTS_HANDLER)!;
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${siteUrl}${apiPath(webhookRoute)}`, description: 'For a Stripe webhook endpoint (the API answers only through CloudFront)' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: uploads.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: web.bucketName });
    new CfnOutput(this, 'AppSecretsArn', {
      value: secret.secretArn,
      description: 'Add stripeSecretKey and stripeWebhookSecret to this JSON secret',
    });
    new CfnOutput(this, 'SesDkimRecords', {
      description: `CNAME records that verify ${senderDomain} for SES`,
      value: Fn.join(' ; ', [
        Fn.join(' CNAME ', [sender.dkimDnsTokenName1, sender.dkimDnsTokenValue1]),
        Fn.join(' CNAME ', [sender.dkimDnsTokenName2, sender.dkimDnsTokenValue2]),
        Fn.join(' CNAME ', [sender.dkimDnsTokenName3, sender.dkimDnsTokenValue3]),
      ]),
    });
  }
}

/**
 * Bundles into .cache/lambda-bundles/<random>/<Handler>/: a fixed depth below the project, so the
 * source maps' relative paths, and with them the asset hashes, do not change from one synth to the
 * next; a fresh folder, so two synths at once do not write into each other's. CDK copies each bundle
 * into the cloud assembly while the stack is built; the folder goes when the process ends.
 */
function prebundle(requests: Parameters<typeof bundleHandlers>[1]): Map<string, HandlerBundle> {
  const base = join(PROJECT_ROOT, '.cache', 'lambda-bundles');
  mkdirSync(base, { recursive: true });
  // Left behind by an interrupted synth (no exit handler runs on a signal).
  for (const old of readdirSync(base)) {
    const path = join(base, old);
    if (old.startsWith('synth-') && Date.now() - statSync(path).mtimeMs > 60 * 60 * 1000) rmSync(path, { recursive: true, force: true });
  }
  const outdir = mkdtempSync(join(base, 'synth-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  return bundleHandlers(outdir, requests);
}

/** The API Gateway path of a row: the table's path below /api. */
export const apiPath = (route: Pick<Route, 'path'>) => `${API_PREFIX}${route.path}`;

/** Any message in a dead-letter queue is work that failed for good: someone must look. */
function dlqAlarm(scope: Construct, id: string, dlq: Queue, description: string): Alarm {
  return new Alarm(scope, id, {
    alarmDescription: description,
    metric: dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}
