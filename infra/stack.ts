// The cloud deployment of one tenant, built from the route table: one Lambda and one HTTP API route
// per row of functions/routes.ts, each allowed exactly what its row's `uses` declares; the single
// table whose key names come from the data layer (deletion protection, PITR, AWS Backup); the
// uploads, web and logs buckets; SES with its configuration set; the token, payments and origin
// secrets; Stripe's EventBridge feed and its archive; the outbox worker on the table's stream (and a
// sweep every minute); one CloudFront distribution in front of it all (SPA, /api/*, /assets/*) behind
// WAF with a strict CSP; access logs, the private-uploads trail and alarms to one topic. Runbook:
// docs/operations.md. From functions/ infra takes only names: routes, key names, the outbox prefix.
//
// Each function brings ~7 resources (function, role, policy, log group, integration, permission,
// route) and CloudFormation allows 500 per stack, which the full route table exceeds. So functions and
// routes live in one nested stack per area (the handler's folder: account, forms, ...): the root keeps
// the shared resources, and a function never moves between stacks when other areas grow (a route
// moving between stacks would collide with itself on its route key during the update).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Aspects, CfnOutput, Duration, Fn, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
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
  SecurityPolicyProtocol,
  Signing,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { MathExpression, Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import { ReadWriteType, Trail } from 'aws-cdk-lib/aws-cloudtrail';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Archive, EventBus, Match, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { Code, FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SnsEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '../functions/lib/secrets';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '../functions/lib/log';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { OUTBOX_PREFIX, type OutboxStatus } from '../functions/data/outbox';
import { TABLE_INDEXES, TABLE_KEYS, TENANT_INDEX, TTL_ATTRIBUTE } from '../functions/data/table';
import { ROUTES, WORKERS, type Route, type Uses } from '../functions/routes';
import { ApiFunction, PRIVATE_UPLOADS_PREFIX } from './constructs/api-function';
import { AppAlarms } from './constructs/alarms';
import { contentSecurityPolicy, inlineScriptHashes } from './constructs/csp';
import { EdgeProtection } from './constructs/edge';
import {
  AcknowledgeWildcards,
  BUCKET_ACKNOWLEDGEMENTS,
  SECRET_ACKNOWLEDGEMENTS,
  WEB_DEPLOYMENT_ACKNOWLEDGEMENTS,
  WEB_DEPLOYMENT_WILDCARDS,
  acknowledge,
} from './compliance';
import { bundleHandlers, handlerId, type HandlerBundle } from './constructs/bundling';
import { API_PREFIX, PROJECT_ROOT, handlerEntry } from './constructs/paths';
import { DOCS_FILES, DOCS_PATH, OPENAPI_PATH } from '../scripts/openapi/docs-page';
import { htmlFileOf, PUBLIC_PAGES } from '../shared/public-pages';

/** The handler Stripe's EventBridge events go to (the signed webhook route, if any, feeds the same code). */
export const STRIPE_EVENTS_HANDLER = 'payments/stripe-events';

export { API_PREFIX };

/**
 * Upload keys under this prefix (appointment attachments) are never served at /assets; staff get
 * signed links instead. The same rule as functions/lib/upload-keys.ts (test/infra checks they agree).
 */
export { PRIVATE_UPLOADS_PREFIX };

/** Where Vite puts hashed build files inside dist/web (its default `build.assetsDir`). */
const WEB_ASSETS_DIR = 'assets';
const WEB_BUILD_DIR = join(PROJECT_ROOT, 'dist', 'web');
/** The SPA's source page: its inline scripts are the built page's (Vite keeps them as they are). */
const WEB_SOURCE_HTML = join(PROJECT_ROOT, 'web', 'index.html');

/**
 * The public pages clinics put on their own websites (shared/public-pages.ts): they may be framed by
 * https sites. Every other page of the site may not be framed at all.
 */
export const EMBEDDABLE_PAGES = PUBLIC_PAGES.flatMap((page) => (page.embeddable ? [page.embeddable] : []));

/**
 * The viewer-request function of the site's pages: a public page's path is answered with its own
 * prerendered HTML, any other extensionless path (a console route) with index.html, files as they are.
 */
export const pageRewriteCode = () => `var PAGES = [${PUBLIC_PAGES.map((page) => `[new RegExp(${JSON.stringify(page.pattern)}), '/${htmlFileOf(page)}']`).join(', ')}];
function handler(event) {
  var request = event.request;
  for (var i = 0; i < PAGES.length; i++) {
    if (PAGES[i][0].test(request.uri)) {
      request.uri = PAGES[i][1];
      return request;
    }
  }
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

export interface ClinicStackProps extends StackProps {
  /** WAF and certificate from the us-east-1 companion stack (infra/app.ts); made here when absent. */
  edge?: EdgeProtection;
  /** Only for tests; defaults to whether functions/payments/stripe-events.ts exists. */
  stripeEventsHandlerExists?: boolean;
  /** Only for tests; defaults to whether dist/web exists. */
  webBuildDir?: string;
}

/** The outbox worker's timeout: within the lease a claimed row is left to it (functions/data/outbox.ts). */
export const OUTBOX_WORKER_TIMEOUT_SECONDS = 60;

/** How long logs are kept: function and API logs, CloudFront and S3 access logs, the private-uploads trail. */
export const LOG_RETENTION_DAYS = 365;

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
    const domainName = context('domainName');
    // WAF and the certificate: from the us-east-1 companion stack, or here when this stack is there.
    const edge = props.edge ?? new EdgeProtection(this, 'Edge', { domainName });
    const alarms = new AppAlarms(this, 'Alarms', { email: context('alarmEmail') });
    acknowledge(alarms.topic, [
      ['AwsSolutions-SNS2', 'Alarm notices carry no patient data, and CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key.'],
      ['HIPAA.Security-SNSEncryptedKMS', 'Alarm notices carry no patient data, and CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key.'],
    ]);

    // ---- Data ----------------------------------------------------------------------------------
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partition, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sort, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      removalPolicy: RemovalPolicy.RETAIN,
      // Not even a stack update that replaces it, nor a person in the console, deletes it by mistake.
      deletionProtection: true,
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

    // ---- Audit trail: access logs of the buckets and CloudFront, kept a year ---------------------
    const logs = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // CloudFront's standard logs are delivered with an ACL granting the bucket owner the object.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(LOG_RETENTION_DAYS), noncurrentVersionExpiration: Duration.days(30) }],
    });
    acknowledge(logs, [
      ['AwsSolutions-S1', 'This is the access-log bucket: logging its own access into itself would loop.'],
      ['HIPAA.Security-S3BucketLoggingEnabled', 'This is the access-log bucket: logging its own access into itself would loop.'],
      ...BUCKET_ACKNOWLEDGEMENTS,
    ]);

    const uploads = new Bucket(this, 'UploadsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/uploads/',
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

    acknowledge(uploads, BUCKET_ACKNOWLEDGEMENTS);

    const web = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/web/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(web, [
      ['HIPAA.Security-S3BucketVersioningEnabled', 'The built SPA only: every deploy uploads it again from the source, which is versioned in git.'],
      ...BUCKET_ACKNOWLEDGEMENTS,
    ]);

    // Who read or wrote which patient document: S3 data events for private/ (a staff member's signed
    // link is fetched with the function's credentials, so the event shows the link's signer and the
    // reader's address; the audit log says which staff member asked for the link). Only these data
    // events: the account's own trail keeps management events.
    const trail = new Trail(this, 'PrivateUploadsTrail', {
      bucket: logs,
      s3KeyPrefix: 'cloudtrail',
      includeGlobalServiceEvents: false,
      isMultiRegionTrail: false,
      managementEvents: ReadWriteType.NONE,
      enableFileValidation: true,
      sendToCloudWatchLogs: true,
      cloudWatchLogsRetention: RetentionDays.ONE_YEAR,
    });
    trail.addS3EventSelector([{ bucket: uploads, objectPrefix: PRIVATE_UPLOADS_PREFIX }], { readWriteType: ReadWriteType.ALL, includeManagementEvents: false });
    acknowledge(trail, [
      ['HIPAA.Security-IAMNoInlinePolicy', "CloudTrail's role for delivering to its log group: CDK's policy, scoped to that log group."],
      ['HIPAA.Security-CloudWatchLogGroupEncrypted', 'CloudWatch Logs encrypts every log group at rest with AWS managed keys; the trail holds object keys and addresses, no document content.'],
      ['HIPAA.Security-CloudTrailEncryptionEnabled', 'The trail files are encrypted at rest with S3-managed keys (SSE-S3) in the logs bucket; they hold object keys and addresses, no document content.'],
    ]);

    // ---- Backups: table and uploads daily (35 days) and monthly (a year), besides PITR and versioning --
    const backupVault = new BackupVault(this, 'BackupVault', { removalPolicy: RemovalPolicy.RETAIN });
    const backupPlan = new BackupPlan(this, 'BackupPlan', {
      backupVault,
      backupPlanRules: [
        new BackupPlanRule({ ruleName: 'Daily', scheduleExpression: Schedule.cron({ hour: '5', minute: '0' }), deleteAfter: Duration.days(35) }),
        new BackupPlanRule({ ruleName: 'Monthly', scheduleExpression: Schedule.cron({ day: '1', hour: '5', minute: '0' }), deleteAfter: Duration.days(365) }),
      ],
    });
    // The uploads too (patient documents): AWS Backup reads a versioned bucket with its S3 policy.
    const backupRole = new Role(this, 'BackupRole', {
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSBackupServiceRolePolicyForBackup'),
        ManagedPolicy.fromAwsManagedPolicyName('AWSBackupServiceRolePolicyForS3Backup'),
      ],
    });
    backupPlan.addSelection('Data', { role: backupRole, resources: [BackupResource.fromDynamoDbTable(table), BackupResource.fromArn(uploads.bucketArn)] });
    acknowledge(backupRole, [
      ['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]', "AWS Backup's own role policy for taking backups, maintained by AWS for the services it supports."],
      ['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/AWSBackupServiceRolePolicyForS3Backup]', "AWS Backup's own role policy for backing up S3 buckets, maintained by AWS."],
    ]);

    // ---- Secrets and mail ----------------------------------------------------------------------
    // The token signing key, generated. Read by every function that signs or verifies tokens.
    const secret = new Secret(this, 'AppSecrets', {
      description: 'Clinic Suite app secrets (JSON): tokenSigningKey',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({}),
        generateStringKey: 'tokenSigningKey',
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Encrypts the secrets kept in the table (two-factor secrets), so a backup or an export of the table
    // does not give them away. A secret of its own: the token signing key rotates, this one must not
    // (what it sealed would become unreadable), and each is generated at the first deploy.
    const dataKey = new Secret(this, 'DataEncryptionKey', {
      description: 'Clinic Suite: the key that encrypts two-factor secrets in the table (never rotate it in place)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // The Stripe keys in a secret of their own, which only the payment functions may read (route rows
    // with `uses.payments`). Made empty: the operator puts stripeSecretKey (a restricted key) and
    // stripeWebhookSecret in it (absent keys read as "card payments not set up", functions/lib/secrets.ts).
    const paymentsSecret = new Secret(this, 'PaymentsSecret', {
      description: 'Clinic Suite payments (JSON): stripeSecretKey (a Stripe restricted key), stripeWebhookSecret',
      secretObjectValue: {},
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CloudFront sends this value with every API request (a custom origin header) and the functions
    // refuse requests without it, so the API's own execute-api endpoint is no way around CloudFront
    // (nor around the per-address rate limits, which read the address CloudFront forwards).
    const originSecret = new Secret(this, 'OriginSecret', {
      description: 'Clinic Suite: the value CloudFront sends to the API in the x-origin-verify header',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    // Every mail goes through one configuration set (the identity's default): TLS to the receiving
    // server or no delivery, bounced and complaining addresses put on the suppression list (SES sends
    // to them no more), and bounce/complaint counts as CloudWatch metrics for the alarms.
    const mailConfigurationSet = new ConfigurationSet(this, 'MailConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    mailConfigurationSet.addEventDestination('MailEventMetrics', {
      destination: EventDestination.cloudWatchDimensions([
        { name: 'ses:configuration-set', source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: 'clinic-suite' },
      ]),
      events: [EmailSendingEvent.SEND, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT, EmailSendingEvent.DELIVERY_DELAY],
    });
    const mailConfigurationSetArn = this.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: mailConfigurationSet.configurationSetName });

    // Signs the public pages' proof-of-work challenges (issue 28): read only by the challenge route and
    // the four public writes that check a solution (route rows with `challenge`).
    const challengeKey = new Secret(this, 'ChallengeKey', {
      description: 'Clinic Suite: the HMAC key that signs the public pages\' proof-of-work challenges',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });

    for (const s of [secret, dataKey, paymentsSecret, originSecret, challengeKey]) acknowledge(s, SECRET_ACKNOWLEDGEMENTS);

    // The domain is verified by the DKIM CNAMEs output below (no hosted zone is assumed).
    const sender = new EmailIdentity(this, 'SenderIdentity', { identity: Identity.domain(senderDomain), configurationSet: mailConfigurationSet });

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
    const handlers = [...new Set([...ROUTES.map((r) => r.handler), ...(stripeHandlerExists ? [STRIPE_EVENTS_HANDLER] : []), WORKERS.outbox, WORKERS.mailEvents])];
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
      });
      // Exactly what the handler's rows declare (functions/routes.ts `uses`), nothing more.
      const rows = ROUTES.filter((r) => r.handler === handler);
      const uses = usesOf(rows);
      fn.bindTable(table, uses.table);
      if (uses.uploads) fn.bindUploads(uploads, uses.uploads);
      if (uses.tokens || rows.some((r) => r.access !== 'public')) fn.bindAppSecret(secret).bindDataEncryptionKey(dataKey);
      if (uses.payments) fn.bindPaymentsSecret(paymentsSecret);
      if (uses.mail) fn.bindMail(sender, mailFrom, mailConfigurationSetArn);
      if (uses.sms) fn.bindSms();
      if (uses.challenges) fn.bindChallengeKey(challengeKey);
      // Signed webhooks are also taken at the API's own URL; every other row only through CloudFront.
      if (rows.some((r) => !r.signedWebhook)) fn.bindOriginSecret(originSecret);
      this.functions.set(handler, fn);
      return fn;
    };

    // ---- API: one function and one route per row ----------------------------------------------
    const api = new HttpApi(this, 'HttpApi', { description: 'Clinic Suite API (routes from functions/routes.ts)', createDefaultStage: false });
    // A backstop against floods: API Gateway applies it to each route, shared by all callers. The
    // limits that single out a caller are per client address (route table `rateLimit`).
    // One JSON line per request: who (address, user agent), what (route, status), how long, and the
    // function's error if any. CloudFront is the caller API Gateway sees; the viewer's own address is
    // in the CloudFront logs, by the same request time.
    const apiAccessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.RETAIN });
    acknowledge(apiAccessLogs, [
      ['HIPAA.Security-CloudWatchLogGroupEncrypted', 'CloudWatch Logs encrypts every log group at rest with AWS managed keys; access log lines hold routes, statuses and addresses, no patient data.'],
    ]);
    const stage = api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: API_RATE_PER_SECOND, burstLimit: API_BURST },
      accessLogSettings: { destination: new LogGroupLogDestination(apiAccessLogs), format: AccessLogFormat.custom(JSON.stringify(API_ACCESS_LOG_FIELDS)) },
    });
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
        const stripeBus = EventBus.fromEventBusName(scope, 'StripeEventBus', stripeSource);
        // Every Stripe event kept a year: replayed to the rule after an outage or a bad deploy
        // (docs/operations.md, Replaying Stripe events). Processing is idempotent per event id.
        new Archive(scope, 'StripeEventsArchive', {
          description: 'Stripe events, for replay',
          sourceEventBus: stripeBus,
          eventPattern: { source: Match.prefix('aws.partner/stripe.com') },
          retention: Duration.days(365),
        });
        new Rule(scope, 'StripeEventsRule', {
          description: 'Stripe events to the stripe-events function',
          eventBus: stripeBus,
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
        alarms.add(scope, 'StripeEventsDlqAlarm', dlqAlarm(dlq, 'Stripe events failed processing and landed in the dead-letter queue'));
        acknowledge(dlq, DLQ_ACKNOWLEDGEMENTS);
        alarms.add(scope, 'StripeEventsErrorsAlarm', {
          description: 'The Stripe events function failed: payments may not be recorded until a retry succeeds',
          metric: stripeFn.metricErrors({ period: AppAlarms.PERIOD, statistic: Stats.SUM }),
          threshold: 3,
        });
        new CfnOutput(this, 'StripeEventsDlqUrl', { value: dlq.queueUrl });
      }
    }

    // ---- Outbox worker: the table's stream, and a sweep every minute ---------------------------
    // It only reads and writes the table, sends mail and (reminders, where a clinic turned them on)
    // texts: none of the API functions' other bindings.
    const outboxBundle = bundles?.get(WORKERS.outbox);
    const outboxFn = new ApiFunction(areaStack(WORKERS.outbox), {
      handler: WORKERS.outbox,
      description: 'Outbox delivery: mail, texts, staff notices, refunds and webhooks from the table stream, and a sweep every minute',
      timeout: Duration.seconds(OUTBOX_WORKER_TIMEOUT_SECONDS),
      ...(outboxBundle ? { code: Code.fromAsset(outboxBundle.dir) } : {}),
    })
      .bindTable(table, 'write')
      .bindMail(sender, mailFrom, mailConfigurationSetArn)
      .bindSms()
      // Refunds a patient's cancellation asks for (outbox rows of kind 'refund').
      .bindPaymentsSecret(paymentsSecret)
      // Webhook signing secrets are stored encrypted under the data encryption key. The deliveries
      // themselves go out over the function's own internet access (no VPC).
      .bindDataEncryptionKey(dataKey);
    acknowledge(outboxFn.role!, [['AwsSolutions-IAM5[Resource::*]', 'dynamodb:ListStreams has no resource to name; the stream itself is read by its ARN (asserted by test/infra/stack.test.ts).']]);
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
      alarms.add(scope, 'OutboxStreamDlqAlarm', dlqAlarm(dlq, 'Mail and staff notices failed delivery from the table stream and landed in the dead-letter queue'));
      acknowledge(dlq, DLQ_ACKNOWLEDGEMENTS);
      alarms.add(scope, 'OutboxErrorsAlarm', {
        description: 'The outbox worker failed: mail and staff notices are not going out',
        metric: outboxFn.metricErrors({ period: AppAlarms.PERIOD, statistic: Stats.SUM }),
        threshold: 3,
      });
    }

    // ---- SES bounces and complaints -> the table's suppression list (issue 28) ------------------
    // The configuration set already has SES's own suppression list on; its bounce and complaint
    // events also go, through an SNS topic, to a small function that records the address in the
    // table, which the outbox worker honours before every send (and the local stack the same way).
    {
      const mailEventsBundle = bundles?.get(WORKERS.mailEvents);
      const mailEventsFn = new ApiFunction(areaStack(WORKERS.mailEvents), {
        handler: WORKERS.mailEvents,
        description: 'SES bounces and complaints: addresses the outbox mails no more',
        ...(mailEventsBundle ? { code: Code.fromAsset(mailEventsBundle.dir) } : {}),
      }).bindTable(table, 'write');
      this.functions.set(WORKERS.mailEvents, mailEventsFn);
      // In the function's own stack: the subscription and the function refer to each other.
      const topic = new Topic(Stack.of(mailEventsFn), 'MailEventsTopic', { displayName: 'Clinic Suite SES bounces and complaints', enforceSSL: true });
      const why = 'SES publishes its bounce and complaint events here and cannot publish to a topic encrypted with the AWS managed SNS key; the events name an address and a bounce type, no patient data.';
      acknowledge(topic, [['AwsSolutions-SNS2', why], ['HIPAA.Security-SNSEncryptedKMS', why]]);
      mailConfigurationSet.addEventDestination('MailSuppressionEvents', {
        destination: EventDestination.snsTopic(topic),
        events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
      });
      mailEventsFn.addEventSource(new SnsEventSource(topic));
    }

    // ---- Alarms (one topic; docs/operations.md says what each means and what to do) -------------
    const period = AppAlarms.PERIOD;
    alarms.add(this, 'Api5xxAlarm', {
      description: 'The API answered 5xx to 10 or more requests in 5 minutes (functions failing, timing out or throttled)',
      metric: stage.metricServerError({ period, statistic: Stats.SUM }),
      threshold: 10,
    });
    alarms.add(this, 'ApiLatencyAlarm', {
      description: 'The API took over 3 s to answer at the 95th percentile for 15 minutes',
      metric: stage.metricLatency({ period, statistic: Stats.percentile(95) }),
      threshold: 3000,
      evaluationPeriods: 3,
    });
    // Lambda's account-wide figures (no function dimension): one alarm each instead of two per function.
    // A deployment has an AWS account of its own (docs/operations.md), so these are this app's functions.
    alarms.add(this, 'FunctionErrorsAlarm', {
      description: 'Functions failed (crashed or timed out) 10 or more times in 5 minutes',
      metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Errors', period, statistic: Stats.SUM }),
      threshold: 10,
    });
    alarms.add(this, 'FunctionThrottlesAlarm', {
      description: "Functions were throttled: the account's concurrency limit was reached",
      metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period, statistic: Stats.SUM }),
      threshold: 1,
    });
    alarms.add(this, 'TableThrottlesAlarm', {
      description: 'DynamoDB throttled reads or writes of the table',
      metric: new MathExpression({
        label: 'Throttle events',
        expression: 'reads + writes',
        usingMetrics: {
          reads: table.metric('ReadThrottleEvents', { period, statistic: Stats.SUM }),
          writes: table.metric('WriteThrottleEvents', { period, statistic: Stats.SUM }),
        },
        period,
      }),
      threshold: 1,
    });
    // SES reviews an account at a 5% bounce or 0.1% complaint rate and may pause sending at 10% / 0.5%.
    // A public page (booking, request, form, sign-up) over its normal rate of writes or refused
    // proof-of-work challenges: its clinic's staff are told in the console too (functions/data/page-activity.ts).
    alarms.add(this, 'PublicPageSurgeAlarm', {
      description: 'A public page saw more writes or refused challenges than its normal rate (a likely attack)',
      metric: new Metric({ namespace: METRICS_NAMESPACE, metricName: 'PublicPageSurges', dimensionsMap: { service: METRICS_SERVICE }, period, statistic: Stats.SUM }),
      threshold: 1,
    });
    alarms.add(this, 'MailBounceRateAlarm', {
      description: 'Over 4% of mail bounced (SES reviews the account at 5%)',
      metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period: Duration.hours(1), statistic: Stats.MAXIMUM }),
      threshold: 0.04,
    });
    alarms.add(this, 'MailComplaintRateAlarm', {
      description: 'Over 0.08% of mail was marked as spam (SES reviews the account at 0.1%)',
      metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', period: Duration.hours(1), statistic: Stats.MAXIMUM }),
      threshold: 0.0008,
    });

    // ---- CloudFront: one origin for the browser ------------------------------------------------
    // Page paths as a viewer-request function on the page behaviours only (public pages to their own
    // HTML, the rest of the SPA to index.html). Distribution-wide errorResponses would also turn the
    // API's 404s into index.html.
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Public pages: their own HTML; other extensionless paths are console routes: /index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(pageRewriteCode()),
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
    // The SPA's pages: a strict Content-Security-Policy (inline scripts by hash, from the HTML this
    // synth deploys, or the source page when there is no build yet). The console may be framed by
    // nobody; the public pages clinics embed on their websites by any https site.
    const webBuild = props.webBuildDir ?? WEB_BUILD_DIR;
    // Every page the build holds (the console's and each public page's): their inline scripts.
    const pages = existsSync(join(webBuild, 'index.html'))
      ? ['index.html', ...PUBLIC_PAGES.map(htmlFileOf)].map((file) => join(webBuild, file)).filter((file) => existsSync(file))
      : [WEB_SOURCE_HTML];
    const scriptHashes = [...new Set(pages.flatMap((file) => inlineScriptHashes(readFileSync(file, 'utf8'))))];
    const pageHeaders = (id: string, frameAncestors: "'none'" | 'https:') =>
      new ResponseHeadersPolicy(this, id, {
        comment: frameAncestors === 'https:' ? 'Public pages (embeddable): strict CSP, framed by https sites' : 'Console: strict CSP, never framed',
        securityHeadersBehavior: {
          contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ scriptHashes, frameAncestors }), override: true },
          contentTypeOptions: { override: true },
          ...(frameAncestors === "'none'" ? { frameOptions: { frameOption: HeadersFrameOption.DENY, override: true } } : {}),
          referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
          strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        },
      });
    const consoleHeaders = pageHeaders('PageHeaders', "'none'");
    const embeddableHeaders = pageHeaders('EmbeddablePageHeaders', 'https:');
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

    // ---- The API document and its reference page (issue 16) --------------------------------------
    // Built into dist/web/api/ by npm run build (scripts/build-openapi.ts) and deployed with the web
    // assets; CloudFront serves them from the web bucket, ahead of the /api/* behaviour (the API).
    const docsPage = DOCS_FILES.find((f) => f.path === DOCS_PATH)!;
    const docsRewrite = new CloudFrontFunction(this, 'ApiDocsRewrite', {
      comment: 'The API reference page: /api/docs is its index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(`function handler(event) {
  var request = event.request;
  if (request.uri === '${DOCS_PATH}' || request.uri === '${DOCS_PATH}/') request.uri = '/${docsPage.key}';
  return request;
}`),
    });
    const apiDocsBehaviours: Record<string, BehaviorOptions> = {
      [OPENAPI_PATH]: { origin: webOrigin, viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS, cachePolicy: CachePolicy.CACHING_OPTIMIZED, responseHeadersPolicy: consoleHeaders, compress: true },
      [`${DOCS_PATH}*`]: {
        origin: webOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        // The console's strict CSP: the page has no inline script and loads the viewer from the site.
        responseHeadersPolicy: consoleHeaders,
        compress: true,
        functionAssociations: [{ function: docsRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
    };
    // ---- (end of the API document) ------------------------------------------------------------------

    uploads.addToResourcePolicy(
      new PolicyStatement({
        sid: 'NoPrivateUploadsThroughCloudFront',
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [uploads.arnForObjects(`${PRIVATE_UPLOADS_PREFIX}*`)],
      }),
    );

    // The API's answers, compressed at the edge like the site's files. CloudFront compresses only under
    // a cache policy that allows caching (CachingDisabled's all-zero TTLs rule it out), so this one
    // allows it yet caches nothing in practice: every API answer says no-store (functions/lib/http.ts),
    // nothing is kept without a Cache-Control (default TTL 0), at most a second with one, and the key
    // holds everything an answer may depend on (the caller's Authorization, cookies, query string).
    const apiCachePolicy = new CachePolicy(this, 'ApiCachePolicy', {
      comment: 'Clinic Suite /api/*: nothing cached (the API answers no-store), answers compressed',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      cookieBehavior: CacheCookieBehavior.all(),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    });

    const distribution = new Distribution(this, 'Distribution', {
      comment: 'Clinic Suite: SPA, /api/* and /assets/*',
      ...(domainName ? { domainNames: [domainName], certificate: edge.certificate, minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 } : {}),
      webAclId: edge.webAcl.attrArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Errors are never kept at the edge (CloudFront's default keeps them 10 s): with /api/* under a
      // cache policy that allows caching (for compression), a 503 or a 504 from API Gateway,
      // which carries no Cache-Control, would otherwise be replayed to the next request. TTL only: the
      // answers themselves pass through unchanged.
      errorResponses: [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504].map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      // Standard logs: every viewer request with its address, kept a year in the logs bucket.
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: consoleHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...Object.fromEntries(
          EMBEDDABLE_PAGES.map((pattern) => [
            pattern,
            {
              origin: webOrigin,
              viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              cachePolicy: CachePolicy.CACHING_OPTIMIZED,
              responseHeadersPolicy: embeddableHeaders,
              compress: true,
              functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
            },
          ]),
        ),
        ...apiDocsBehaviours, // before /api/*: CloudFront takes the first pattern that matches
        [`${API_PREFIX}/*`]: {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // Resolved by CloudFormation at deploy time ({{resolve:secretsmanager:...}}): not in the template.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCachePolicy,
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

    const siteUrl = domainName ? `https://${domainName}` : `https://${distribution.distributionDomainName}`;
    if (!domainName) {
      acknowledge(distribution, [
        ['AwsSolutions-CFR4', "Without a domainName (context) CloudFront serves its own *.cloudfront.net certificate, whose TLS policy cannot be chosen; with one, TLSv1.2_2021 is set (docs/operations.md)."],
      ]);
    }
    acknowledge(distribution, [
      ['AwsSolutions-CFR1', "No geo restriction: a clinic's patients and visitors are not confined to one country."],
    ]);
    const appUrl = context('appUrl') ?? siteUrl;
    for (const fn of this.functions.values()) fn.bindAppUrl(appUrl);

    // ---- The built SPA (only when it has been built: synth must work without it) ---------------
    if (existsSync(join(webBuild, 'index.html'))) {
      if (!existsSync(join(webBuild, OPENAPI_PATH))) {
        throw new Error(`${webBuild} has no ${OPENAPI_PATH.slice(1)}: run npm run build (it writes the API document and its page after the console).`);
      }
      // Hashed files first, cached for a year and never pruned (an open tab may still ask for the
      // previous build's chunks); then everything else, revalidated on each use, so index.html never
      // points at chunks that are not there yet.
      // The build's .br/.gz copies are for the local server; CloudFront compresses on its own.
      const webAssets = Source.asset(webBuild, { exclude: ['*.br', '*.gz'] });
      const hashed = new BucketDeployment(this, 'WebHashedFiles', {
        sources: [webAssets],
        destinationBucket: web,
        exclude: ['*'],
        include: [`${WEB_ASSETS_DIR}/*`],
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
        memoryLimit: 512,
      });
      const shell = new BucketDeployment(this, 'WebShell', {
        sources: [webAssets],
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

    // ---- Rule-pack findings that are decisions (infra/compliance.ts, test/infra/nag.test.ts) ------
    Aspects.of(this).add(new AcknowledgeWildcards(WEB_DEPLOYMENT_WILDCARDS));
    acknowledge(this, [
      ['AwsSolutions-APIG4', 'Every route authorises in its function from the route table (access and module permission: functions/lib/authorise.ts), with tokens API Gateway cannot verify (HS256, permissions read fresh per request); public routes are public by design.'],
    ]);
    for (const child of this.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) acknowledge(child, WEB_DEPLOYMENT_ACKNOWLEDGEMENTS);
    }

    // ---- Outputs -------------------------------------------------------------------------------
    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The site (SPA, /api, /assets)' });
    const webhookRoute = ROUTES.find((r) => r.handler === STRIPE_EVENTS_HANDLER)!;
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${siteUrl}${apiPath(webhookRoute)}`, description: 'For a Stripe webhook endpoint (the API answers only through CloudFront)' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: uploads.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: web.bucketName });
    new CfnOutput(this, 'AppSecretsArn', { value: secret.secretArn, description: 'The token signing key (generated)' });
    new CfnOutput(this, 'PaymentsSecretArn', {
      value: paymentsSecret.secretArn,
      description: 'Put stripeSecretKey (a Stripe restricted key) and stripeWebhookSecret in this JSON secret',
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

/** What a handler's rows declare together (a handler served by several rows gets what any of them needs). */
export function usesOf(rows: readonly Route[]): Uses {
  const uploads = [...new Set(rows.map((r) => r.uses.uploads).filter((u) => u !== undefined))];
  if (uploads.length > 1) throw new Error(`Rows of ${rows[0]!.handler} declare different uploads: ${uploads.join(', ')}`);
  return {
    table: rows.some((r) => r.uses.table === 'write') ? 'write' : 'read',
    ...(uploads[0] ? { uploads: uploads[0] } : {}),
    ...(rows.some((r) => r.uses.mail) ? { mail: true } : {}),
    ...(rows.some((r) => r.uses.payments) ? { payments: true } : {}),
    ...(rows.some((r) => r.uses.sms) ? { sms: true } : {}),
    ...(rows.some((r) => r.uses.tokens) ? { tokens: true } : {}),
    // Issuing challenges and checking solutions both read the challenge key.
    ...(rows.some((r) => r.uses.challenges || r.challenge) ? { challenges: true } : {}),
  };
}

/** The API's access log line (API Gateway $context variables of HTTP APIs). */
export const API_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  method: '$context.httpMethod',
  // The route, not the path: a calendar feed's path is its secret token (stored hashed, never logged).
  route: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
};

/** The API Gateway path of a row: the table's path below /api. */
export const apiPath = (route: Pick<Route, 'path'>) => `${API_PREFIX}${route.path}`;

/** Any message in a dead-letter queue is work that failed for good: someone must look. */
function dlqAlarm(dlq: Queue, description: string) {
  return { description, metric: dlq.metricApproximateNumberOfMessagesVisible({ period: AppAlarms.PERIOD, statistic: Stats.MAXIMUM }), threshold: 1 };
}

const DLQ_ACKNOWLEDGEMENTS = [
  ['AwsSolutions-SQS3', 'This queue is itself a dead-letter queue: what lands here stays 14 days for a person (docs/operations.md, DLQ redrive).'],
] as const;
