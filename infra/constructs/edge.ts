// The edge in front of CloudFront: AWS WAF (managed rules and per-address rate limits on sign-in and
// public writes; Bot Control and a tighter limit on the writes that take a proof-of-work challenge
// and on the challenge route itself, issue 28) and, with a custom domain, its ACM certificate. CloudFront takes both only from
// us-east-1: the stack holds them itself when it is deployed there, otherwise a small companion stack
// in us-east-1 does (infra/app.ts) and the main stack reads them across regions.
import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ROUTES, type Route } from '../../functions/routes';
import { API_PREFIX } from './paths';
import { acknowledge } from '../compliance';

/** Requests per address in 5 minutes before WAF answers 429 (the app's own per-route limits are finer). */
export const WAF_SIGN_IN_LIMIT = 100;
export const WAF_PUBLIC_WRITE_LIMIT = 300;
/** The writes that take a proof-of-work challenge, and the challenge route (issue 28): a person sends a few. */
export const WAF_CHALLENGED_WRITE_LIMIT = 100;
export const WAF_CHALLENGE_ISSUE_LIMIT = 200;
/** The WAF rate window. */
export const WAF_WINDOW_SECONDS = 300;

/** The public rows that sign people in (or start to): sign-up, sign-in, codes, passwords, invitations. */
export const signInRoutes = (): Route[] => ROUTES.filter((r) => r.access === 'public' && r.method === 'POST' && r.path.startsWith('/users/'));
/** The other public writes: form submissions and files, appointment requests, booking holds, payment links. */
export const publicWriteRoutes = (): Route[] =>
  ROUTES.filter((r) => r.access === 'public' && r.method !== 'GET' && !r.signedWebhook && !signInRoutes().includes(r));

/** The public writes that take a solved challenge (route rows with `challenge`): booking, request, form, sign-up. */
export const challengedRoutes = (): Route[] => ROUTES.filter((r) => r.challenge !== undefined);
/** The route that issues challenges. */
export const challengeIssueRoutes = (): Route[] => ROUTES.filter((r) => r.uses.challenges);

/** A regular expression for a row's path on the site (`{id}` is one segment). */
export const pathPattern = (route: Pick<Route, 'path'>) =>
  `^${API_PREFIX}${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`;

export interface EdgeProtectionProps {
  /** The site's own domain (context domainName): a DNS-validated certificate is made for it. */
  domainName?: string;
}

export class EdgeProtection extends Construct {
  readonly webAcl: CfnWebACL;
  readonly certificate?: Certificate;

  constructor(scope: Construct, id: string, props: EdgeProtectionProps = {}) {
    super(scope, id);
    if (props.domainName) {
      // Validated by the CNAME ACM shows in its console and the stack's events (no hosted zone is
      // assumed): the deploy waits until that record exists (docs/operations.md, First deploy).
      this.certificate = new Certificate(this, 'Certificate', { domainName: props.domainName, validation: CertificateValidation.fromDns() });
    }

    const visibility = (name: string) => ({ cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true });
    const managed = (priority: number, name: string, overrides: string[] = []): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(overrides.length ? { ruleActionOverrides: overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
        },
      },
      visibilityConfig: visibility(name),
    });
    const requestTo = (method: string, routes: Route[]): CfnWebACL.StatementProperty => {
      const paths = routes.map((route) => ({
        regexMatchStatement: { fieldToMatch: { uriPath: {} }, regexString: pathPattern(route), textTransformations: [{ priority: 0, type: 'NONE' }] },
      }));
      return {
        andStatement: {
          statements: [
            { byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: method, textTransformations: [{ priority: 0, type: 'NONE' }] } },
            paths.length === 1 ? paths[0] : { orStatement: { statements: paths } },
          ],
        },
      };
    };
    const postTo = (routes: Route[]) => requestTo('POST', routes);
    const rateLimit = (priority: number, name: string, limit: number, scope: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429 } } },
      statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: WAF_WINDOW_SECONDS, scopeDownStatement: scope } },
      visibilityConfig: visibility(name),
    });
    // Where people and scripts must be told apart: the challenged writes and the challenge route.
    const challengedTraffic: CfnWebACL.StatementProperty = { orStatement: { statements: [postTo(challengedRoutes()), requestTo('GET', challengeIssueRoutes())] } };

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      description: 'Clinic Suite: AWS managed rules and per-address rate limits in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('ClinicSuite'),
      rules: [
        rateLimit(0, 'SignInRateLimit', WAF_SIGN_IN_LIMIT, postTo(signInRoutes())),
        rateLimit(1, 'PublicWriteRateLimit', WAF_PUBLIC_WRITE_LIMIT, postTo(publicWriteRoutes())),
        rateLimit(2, 'ChallengedWriteRateLimit', WAF_CHALLENGED_WRITE_LIMIT, postTo(challengedRoutes())),
        rateLimit(3, 'ChallengeIssueRateLimit', WAF_CHALLENGE_ISSUE_LIMIT, requestTo('GET', challengeIssueRoutes())),
        // Bot Control (common level: known bots, HTTP libraries, bot signatures; no JavaScript token,
        // which API calls cannot carry) on the challenged routes only: it is billed per request inspected.
        {
          name: 'AWSManagedRulesBotControlRuleSet',
          priority: 4,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesBotControlRuleSet',
              managedRuleGroupConfigs: [{ awsManagedRulesBotControlRuleSet: { inspectionLevel: 'COMMON' } }],
              scopeDownStatement: challengedTraffic,
            },
          },
          visibilityConfig: visibility('AWSManagedRulesBotControlRuleSet'),
        },
        managed(5, 'AWSManagedRulesAmazonIpReputationList'),
        // Uploads (multipart, up to 10 MB) are larger than the common rule set's 8 KB body limit:
        // the functions check sizes themselves, so that one rule only counts.
        managed(6, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
        managed(7, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });

    // What WAF blocked and why, kept a year (its log group name must start with aws-waf-logs-).
    const logName = `aws-waf-logs-${Stack.of(this).stackName}`;
    const logs = new LogGroup(this, 'WafLogs', { logGroupName: logName, retention: RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.RETAIN });
    acknowledge(logs, [
      ['HIPAA.Security-CloudWatchLogGroupEncrypted', 'CloudWatch Logs encrypts every log group at rest with AWS managed keys; WAF logs hold request metadata with the authorization and cookie headers redacted.'],
    ]);
    new CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [Stack.of(this).formatArn({ service: 'logs', resource: 'log-group', resourceName: logName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
    }).node.addDependency(logs);
  }
}

/** The companion stack in us-east-1 for a main stack deployed in another region. */
export class EdgeStack extends Stack {
  readonly edge: EdgeProtection;

  constructor(scope: Construct, id: string, props: StackProps & EdgeProtectionProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    this.edge = new EdgeProtection(this, 'Edge', { domainName: props.domainName });
  }
}

export const EDGE_REGION = 'us-east-1';
