// The cloud deployment of one tenant, built from the route table: one Lambda and one HTTP API route
// per row of functions/routes.ts, each allowed exactly what its row's `uses` declares; the single
// table whose key names come from the data layer (deletion protection, PITR, AWS Backup); the
// uploads, web and logs buckets; SES with its configuration set; the token, payments and origin
// secrets; Stripe's EventBridge feed and its archive; the outbox worker on the table's stream (and a
// sweep every minute); one CloudFront distribution in front of it all (SPA, /api/*, /assets/*) behind
// WAF with a strict CSP; access logs, the private-uploads trail and alarms to one topic. Runbook:
// docs/operations.md. From functions/ infra takes only names: routes, key names, the outbox prefix.
//
// This file only composes the parts, one per concern in infra/constructs/. The parts make their
// resources in this stack's scope (or an area's nested stack), not below a construct of their own:
// a construct id in between would change every logical id, and CloudFormation would replace the
// production table, buckets and secrets. test/infra/stack.test.ts pins the ids of the stateful ones.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Aspects, CfnOutput, Fn, type NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ROUTES, WORKERS } from '../functions/routes';
import { AcknowledgeWildcards, WEB_DEPLOYMENT_WILDCARDS, acknowledge } from './compliance';
import { AppAlarms } from './constructs/alarms';
import { Api, apiPath } from './constructs/api';
import type { ApiFunction } from './constructs/api-function';
import { Backups } from './constructs/backups';
import { DataStore } from './constructs/data';
import { EdgeProtection } from './constructs/edge';
import { Mail } from './constructs/mail';
import { OutboxWorker } from './constructs/outbox';
import { API_PREFIX, PROJECT_ROOT, handlerEntry } from './constructs/paths';
import { AppSecrets } from './constructs/secrets';
import { addServiceAlarms } from './constructs/service-alarms';
import { Site } from './constructs/site';
import { Storage } from './constructs/storage';
import { STRIPE_EVENTS_HANDLER, StripeEvents } from './constructs/stripe-events';
import { deployWebBuild } from './constructs/web-deployment';

// What tests, scripts and the local stack read from here.
export { API_PREFIX, STRIPE_EVENTS_HANDLER };
export { API_ACCESS_LOG_FIELDS, API_BURST, API_RATE_PER_SECOND, apiPath, areaOf, usesOf } from './constructs/api';
/**
 * Upload keys under this prefix (appointment attachments) are never served at /assets; staff get
 * signed links instead. The same rule as functions/lib/upload-keys.ts (test/infra checks they agree).
 */
export { PRIVATE_UPLOADS_PREFIX } from './constructs/api-function';
export { OUTBOX_WORKER_TIMEOUT_SECONDS, SWEEPS_TIMEOUT_SECONDS } from './constructs/outbox';
export { EMBEDDABLE_PAGES, pageRewriteCode } from './constructs/site';
export { LOG_RETENTION_DAYS } from './constructs/storage';

const WEB_BUILD_DIR = join(PROJECT_ROOT, 'dist', 'web');

export interface ClinicStackProps extends StackProps {
  /** WAF and certificate from the us-east-1 companion stack (infra/app.ts); made here when absent. */
  edge?: EdgeProtection;
  /** Only for tests; defaults to whether functions/payments/stripe-events.ts exists. */
  stripeEventsHandlerExists?: boolean;
  /** Only for tests; defaults to whether dist/web exists. */
  webBuildDir?: string;
}

export class ClinicStack extends Stack {
  /** Every function, by handler module. */
  readonly functions = new Map<string, ApiFunction>();
  /** The nested stack of each area, by area name. */
  readonly areas = new Map<string, NestedStack>();

  constructor(scope: Construct, id: string, props: ClinicStackProps = {}) {
    super(scope, id, props);

    const context = (key: string): string | undefined => {
      const value: unknown = this.node.tryGetContext(key);
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

    // Data, files, backups, secrets, mail.
    const { table } = new DataStore(this);
    const storage = new Storage(this);
    new Backups(this, { table, uploads: storage.uploads });
    const secrets = new AppSecrets(this);
    const mail = new Mail(this, { senderDomain });

    // The API: every handler of the route table, plus the Stripe events one and the workers.
    const stripeHandlerExists = props.stripeEventsHandlerExists ?? existsSync(handlerEntry(STRIPE_EVENTS_HANDLER));
    const handlers = [...new Set([...ROUTES.map((r) => r.handler), ...(stripeHandlerExists ? [STRIPE_EVENTS_HANDLER] : []), ...Object.values(WORKERS)])];
    const api = new Api(this, {
      table,
      uploads: storage.uploads,
      secrets,
      mail,
      mailFrom,
      handlers,
      bundle: this.bundlingRequired,
      functions: this.functions,
      areas: this.areas,
    });

    // Stripe events: the handler file is written by the payments work; until it exists the stack
    // simply has no such function. The rule needs the partner event source (stripe-events.ts).
    const stripeSource = context('stripeEventSourceName');
    if (stripeHandlerExists) {
      const stripeFn = api.functionFor(STRIPE_EVENTS_HANDLER, 'Stripe events from EventBridge');
      if (stripeSource) new StripeEvents(this, { fn: stripeFn, eventSourceName: stripeSource, alarms });
    }

    // The workers: the outbox, and the one that records SES bounces and complaints.
    new OutboxWorker({ api, table, mail, mailFrom, secrets, alarms });
    mail.suppressWith(api.worker(WORKERS.mailEvents, { description: 'SES bounces and complaints: addresses the outbox mails no more' }).bindTable(table, 'write'));

    addServiceAlarms(this, alarms, { stage: api.stage, table });

    // The site: CloudFront in front of the buckets and the API.
    const webBuild = props.webBuildDir ?? WEB_BUILD_DIR;
    const site = new Site(this, {
      web: storage.web,
      uploads: storage.uploads,
      logs: storage.logs,
      apiDomain: api.domain,
      originSecret: secrets.origin,
      edge,
      domainName,
      webBuild,
    });
    api.checkAreaSizes();
    const appUrl = context('appUrl') ?? site.url;
    for (const fn of this.functions.values()) fn.bindAppUrl(appUrl);
    deployWebBuild(this, { webBuild, web: storage.web, distribution: site.distribution });

    // ---- Rule-pack findings that are decisions (infra/compliance.ts, test/infra/nag.test.ts) ------
    Aspects.of(this).add(new AcknowledgeWildcards(WEB_DEPLOYMENT_WILDCARDS));
    acknowledge(this, [
      ['AwsSolutions-APIG4', 'Every route authorises in its function from the route table (access and module permission: functions/http/authorise.ts), with tokens API Gateway cannot verify (HS256, permissions read fresh per request); public routes are public by design.'],
    ]);

    // ---- Outputs -------------------------------------------------------------------------------
    new CfnOutput(this, 'SiteUrl', { value: site.url, description: 'The site (SPA, /api, /assets)' });
    const webhookRoute = ROUTES.find((r) => r.handler === STRIPE_EVENTS_HANDLER)!;
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${site.url}${apiPath(webhookRoute)}`, description: 'For a Stripe webhook endpoint (the API answers only through CloudFront)' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: storage.uploads.bucketName });
    new CfnOutput(this, 'WebBucketName', { value: storage.web.bucketName });
    new CfnOutput(this, 'AppSecretsArn', { value: secrets.app.secretArn, description: 'The token signing key (generated)' });
    new CfnOutput(this, 'PaymentsSecretArn', {
      value: secrets.payments.secretArn,
      description: 'Put stripeSecretKey (a Stripe restricted key) and stripeWebhookSecret in this JSON secret',
    });
    new CfnOutput(this, 'SesDkimRecords', {
      description: `CNAME records that verify ${senderDomain} for SES`,
      value: Fn.join(' ; ', [
        Fn.join(' CNAME ', [mail.sender.dkimDnsTokenName1, mail.sender.dkimDnsTokenValue1]),
        Fn.join(' CNAME ', [mail.sender.dkimDnsTokenName2, mail.sender.dkimDnsTokenValue2]),
        Fn.join(' CNAME ', [mail.sender.dkimDnsTokenName3, mail.sender.dkimDnsTokenValue3]),
      ]),
    });
  }
}
