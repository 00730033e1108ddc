// The HTTP API built from the route table: one function per handler module, allowed exactly what its
// rows declare (functions/routes.ts `uses`), and one API Gateway route per row.
//
// Each function brings ~7 resources (function, role, policy, log group, integration, permission,
// route) and CloudFormation allows 500 per stack, which the full route table exceeds. So functions and
// routes live in one nested stack per area (the handler's folder: account, forms, ...): the root keeps
// the shared resources, and a function never moves between stacks when other areas grow (a route
// moving between stacks would collide with itself on its route key during the update).
//
// The API and its nested stacks are made in the root stack's scope, not below a construct of their
// own, so their logical ids stay what they were before the stack was split (infra/stack.ts).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Duration, NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, type HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { ROUTES, type Route, type Uses } from '../../functions/routes';
import { acknowledge } from '../compliance';
import { ApiFunction } from './api-function';
import { bundleHandlers, handlerId, type HandlerBundle } from './bundling';
import type { Mail } from './mail';
import { API_PREFIX, PROJECT_ROOT, handlerEntry } from './paths';
import type { AppSecrets } from './secrets';

/** Functions per area stack before synth refuses (about 7 resources each, 500 per stack). */
const MAX_FUNCTIONS_PER_AREA = 60;
/** Steady requests per second and burst each route accepts (API Gateway stage throttling). */
export const API_RATE_PER_SECOND = 200;
export const API_BURST = 400;

/** The area of a handler module: its folder below functions/ (`account/login` -> `account`). */
export const areaOf = (handler: string) => handler.split('/')[0];

/** The API Gateway path of a row: the table's path below /api. */
export const apiPath = (route: Pick<Route, 'path'>) => `${API_PREFIX}${route.path}`;

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

/** What a handler's rows declare together (a handler served by several rows gets what any of them needs). */
export function usesOf(rows: readonly Route[]): Uses {
  const uploads = [...new Set(rows.map((r) => r.uses.uploads).filter((u) => u !== undefined))];
  if (uploads.length > 1) throw new Error(`Rows of ${rows[0].handler} declare different uploads: ${uploads.join(', ')}`);
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

export interface ApiProps {
  table: ITable;
  uploads: IBucket;
  secrets: AppSecrets;
  mail: Mail;
  mailFrom: string;
  /** Every handler the stack deploys (route rows, workers), bundled together up front. */
  handlers: readonly string[];
  /** False when the CLI or a test says the stack needs no bundling (Stack.bundlingRequired). */
  bundle: boolean;
  /** The stack's maps, filled here: every function by handler module, every area's nested stack. */
  functions: Map<string, ApiFunction>;
  areas: Map<string, NestedStack>;
}

export class Api {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  private readonly bundles: Map<string, HandlerBundle> | undefined;

  constructor(
    private readonly scope: Stack,
    private readonly props: ApiProps,
  ) {
    // Bundled together, in one esbuild run per alias set, instead of one esbuild process per function
    // (about 5x less CPU for a synth).
    this.bundles = props.bundle
      ? prebundle(props.handlers.map((handler) => ({ name: handler, entry: handlerEntry(handler) })))
      : undefined;

    this.httpApi = new HttpApi(scope, 'HttpApi', { description: 'Clinic Suite API (routes from functions/routes.ts)', createDefaultStage: false });
    // A backstop against floods: API Gateway applies it to each route, shared by all callers. The
    // limits that single out a caller are per client address (route table `rateLimit`).
    // One JSON line per request: who (address, user agent), what (route, status), how long, and the
    // function's error if any. CloudFront is the caller API Gateway sees; the viewer's own address is
    // in the CloudFront logs, by the same request time.
    const accessLogs = new LogGroup(scope, 'ApiAccessLogs', { retention: RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.RETAIN });
    acknowledge(accessLogs, [
      ['HIPAA.Security-CloudWatchLogGroupEncrypted', 'CloudWatch Logs encrypts every log group at rest with AWS managed keys; access log lines hold routes, statuses and addresses, no patient data.'],
    ]);
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: API_RATE_PER_SECOND, burstLimit: API_BURST },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: AccessLogFormat.custom(JSON.stringify(API_ACCESS_LOG_FIELDS)) },
    });
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of ROUTES) {
      const fn = this.functionFor(route.handler, `${route.method} ${API_PREFIX}${route.path}`);
      let integration = integrations.get(route.handler);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${fn.node.id}Integration`, fn);
        integrations.set(route.handler, integration);
      }
      // The route sits in its function's area stack, so its integration and permission do too.
      new HttpRoute(Stack.of(fn), `Route${route.method}${handlerId(route.path)}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(apiPath(route), HttpMethod[route.method]),
        integration,
      });
    }
  }

  /** The API's own host name: CloudFront's origin for /api/*. */
  get domain(): string {
    return `${this.httpApi.apiId}.execute-api.${this.scope.region}.${this.scope.urlSuffix}`;
  }

  /** The function of a handler served by route rows, bound to exactly what its rows declare (made once). */
  functionFor(handler: string, description?: string): ApiFunction {
    const existing = this.props.functions.get(handler);
    if (existing) return existing;
    const { table, uploads, secrets, mail, mailFrom } = this.props;
    const fn = new ApiFunction(this.areaStack(handler), { handler, description, ...this.code(handler) });
    // Exactly what the handler's rows declare (functions/routes.ts `uses`), nothing more.
    const rows = ROUTES.filter((r) => r.handler === handler);
    const uses = usesOf(rows);
    fn.bindTable(table, uses.table);
    if (uses.uploads) fn.bindUploads(uploads, uses.uploads);
    if (uses.tokens || rows.some((r) => r.access !== 'public')) fn.bindAppSecret(secrets.app).bindDataEncryptionKey(secrets.dataKey);
    if (uses.payments) fn.bindPaymentsSecret(secrets.payments);
    if (uses.mail) fn.bindMail(mail.sender, mailFrom, mail.configurationSetArn);
    if (uses.sms) fn.bindSms();
    if (uses.challenges) fn.bindChallengeKey(secrets.challengeKey);
    // Signed webhooks are also taken at the API's own URL; every other row only through CloudFront.
    if (rows.some((r) => !r.signedWebhook)) fn.bindOriginSecret(secrets.origin);
    this.props.functions.set(handler, fn);
    return fn;
  }

  /** A function no route serves (a worker): bound by its caller, registered with the rest. */
  worker(handler: string, options: { description: string; timeout?: Duration }): ApiFunction {
    const fn = new ApiFunction(this.areaStack(handler), { handler, ...options, ...this.code(handler) });
    this.props.functions.set(handler, fn);
    return fn;
  }

  /** After every function is made: refuses an area that would outgrow its nested stack. */
  checkAreaSizes(): void {
    for (const [area, stack] of this.props.areas) {
      const count = [...this.props.functions.values()].filter((fn) => Stack.of(fn) === stack).length;
      if (count > MAX_FUNCTIONS_PER_AREA) {
        throw new Error(`Area "${area}" has ${count} functions; split it (at most ${MAX_FUNCTIONS_PER_AREA} per nested stack).`);
      }
    }
  }

  private code(handler: string): { code?: Code } {
    const bundle = this.bundles?.get(handler);
    return bundle ? { code: Code.fromAsset(bundle.dir) } : {};
  }

  private areaStack(handler: string): NestedStack {
    const area = areaOf(handler);
    let stack = this.props.areas.get(area);
    if (!stack) {
      stack = new NestedStack(this.scope, `${handlerId(area)}Api`, { description: `Clinic Suite API: ${area} functions and routes` });
      this.props.areas.set(area, stack);
    }
    return stack;
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
