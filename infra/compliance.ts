// Findings of AWS's rule packs (cdk-nag AwsSolutions and HIPAA Security, test/infra/nag.test.ts)
// that this app does not fix, each acknowledged on the construct it concerns with the reason. A
// finding nobody acknowledged fails the infra tests, so each entry here is a decision, written down.
import { CfnResource, Names, Stack, Validations, type IAspect } from 'aws-cdk-lib';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export type Acknowledgement = readonly [ruleId: string, reason: string];

/** Acknowledges rule findings on a construct and everything below it. */
export function acknowledge(construct: IConstruct, acknowledgements: readonly Acknowledgement[]): void {
  for (const [id, reason] of acknowledgements) Validations.of(construct).acknowledge({ id, reason });
}

/** Every bucket of the app. */
export const BUCKET_ACKNOWLEDGEMENTS: Acknowledgement[] = [
  [
    'HIPAA.Security-S3DefaultEncryptionKMS',
    'Encrypted at rest with S3-managed keys (AES-256, SSE-S3). A KMS key would add a key policy to every reader (CloudFront, the functions) and a cost per request, for no change in who can read: access is decided by IAM and the bucket policy.',
  ],
  [
    'HIPAA.Security-S3BucketReplicationEnabled',
    'One region by design; S3 stores objects across several availability zones, versioning keeps overwritten and deleted objects 30 days, and AWS Backup covers the table.',
  ],
];

/** Every secret of the app. */
export const SECRET_ACKNOWLEDGEMENTS: Acknowledgement[] = [
  [
    'AwsSolutions-SMG4',
    'No rotation Lambda: the token signing key, the Stripe keys (rotated in the Stripe dashboard) and the CloudFront origin secret are rotated by the operator with the procedures in docs/operations.md; the data encryption key must not be rotated in place (what it sealed would become unreadable).',
  ],
  [
    'HIPAA.Security-SecretsManagerRotationEnabled',
    'No rotation Lambda: the token signing key, the Stripe keys (rotated in the Stripe dashboard) and the CloudFront origin secret are rotated by the operator with the procedures in docs/operations.md; the data encryption key must not be rotated in place (what it sealed would become unreadable).',
  ],
  [
    'HIPAA.Security-SecretsManagerUsingKMSKey',
    "Encrypted with Secrets Manager's AWS managed key; who may read each secret is decided per function by IAM (the route table's `uses`), which a customer managed key would not narrow further.",
  ],
];

/** Every function of the app (the API functions and the workers). */
export const FUNCTION_ACKNOWLEDGEMENTS: Acknowledgement[] = [
  [
    'HIPAA.Security-LambdaInsideVPC',
    'The functions reach only AWS service endpoints (DynamoDB, S3, SES, SNS, Secrets Manager) and Stripe, over TLS and signed with their own role; there is nothing in a VPC for them to reach, and a VPC would add NAT or endpoint costs and cold-start time without narrowing access.',
  ],
  [
    'HIPAA.Security-LambdaDLQ',
    'API functions are invoked synchronously by API Gateway: a failure is the answer to the caller, there is no event to keep. The asynchronous ones keep their failures: the Stripe events function in its on-failure queue, the outbox worker in its stream dead-letter queue.',
  ],
  [
    'HIPAA.Security-LambdaConcurrency',
    'No reserved concurrency: reserving it for 100+ functions would split the account limit into small fixed shares. The API stage throttle and per-address rate limits bound the load instead.',
  ],
  [
    'AwsSolutions-L1',
    'Node.js 24 is the runtime the code, its bundles and the tests target (package.json engines); moving to a newer runtime is a deliberate upgrade, not a default.',
  ],
  [
    'HIPAA.Security-CloudWatchLogGroupEncrypted',
    "CloudWatch Logs encrypts every log group at rest with AWS managed keys; the logs hold request ids, routes, statuses and organisation ids, no patient data (functions/http/http.ts), so a customer managed key would add cost and a key policy without protecting more.",
  ],
  [
    'HIPAA.Security-IAMNoInlinePolicy',
    "Each function's policy is its own, generated from its route row's `uses` (functions/routes.ts) and asserted by test/infra/stack.test.ts; a customer managed policy per function would be the same statements under another resource type.",
  ],
];

export interface AllowedWildcard {
  /** The finding as cdk-nag words it: `Resource::<...>/index/*`, `Action::s3:List*`. */
  finding: RegExp;
  reason: string;
  /** Only in policies below a construct whose path contains this. */
  under?: string;
}

/**
 * AwsSolutions-IAM5 names each wildcard of a policy as its own finding, with the resource as
 * CloudFormation will see it. This aspect runs cdk-nag's own rule over every IAM policy and
 * acknowledges exactly the wildcards listed here; any other wildcard stays a finding.
 */
export class AcknowledgeWildcards implements IAspect {
  constructor(private readonly allowed: readonly AllowedWildcard[]) {}

  visit(node: IConstruct): void {
    if (!CfnResource.isCfnResource(node) || !['AWS::IAM::Policy', 'AWS::IAM::Role', 'AWS::IAM::ManagedPolicy'].includes(node.cfnResourceType)) return;
    const findings = rules.iam.IAMNoWildcardPermissions(node);
    if (!Array.isArray(findings)) return;
    for (const finding of findings) {
      const allowed = this.allowed.find((a) => a.finding.test(finding) && (!a.under || node.node.path.includes(a.under)));
      if (allowed) Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: allowed.reason });
    }
  }
}

/**
 * How cdk-nag names a resource ARN in `consumer`'s template: the resource's own logical id in its
 * stack, or the parameter a nested stack receives it through (CDK names it `referenceto<uniqueId><attr>`).
 */
export function arnFinding(consumer: IConstruct, target: IConstruct): string {
  const resource = (target.node.defaultChild ?? target) as CfnResource;
  const producer = Stack.of(resource);
  return producer === Stack.of(consumer) ? `<${producer.getLogicalId(resource)}.Arn>` : `<referenceto${Names.nodeUniqueId(resource.node)}Arn>`;
}

/** CDK's own function that copies the built SPA into the web bucket (BucketDeployment). */
/** A dead-letter queue needs no dead-letter queue of its own. */
export const DLQ_ACKNOWLEDGEMENTS: Acknowledgement[] = [
  ['AwsSolutions-SQS3', 'This queue is itself a dead-letter queue: what lands here stays 14 days for a person (docs/operations.md, DLQ redrive).'],
];

export const WEB_DEPLOYMENT_ACKNOWLEDGEMENTS: Acknowledgement[] = [
  ['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', "CDK's deployment function, run by CloudFormation during a deploy only; its role is CDK's."],
  ['HIPAA.Security-IAMNoInlinePolicy', "CDK's deployment function: its policy is CDK's, scoped to the asset and web buckets."],
  ['HIPAA.Security-CloudWatchLogGroupEncrypted', "CDK's deployment function's log: file names of the SPA build, no patient data."],
  ['HIPAA.Security-LambdaInsideVPC', "CDK's deployment function copies build files between two buckets during a deploy; nothing in a VPC."],
  ['HIPAA.Security-LambdaDLQ', "CDK's deployment function is invoked by CloudFormation, which reports its failure as a failed deploy."],
  ['HIPAA.Security-LambdaConcurrency', "CDK's deployment function runs once per deploy."],
  ['AwsSolutions-L1', "CDK's deployment function: its runtime is chosen by the aws-cdk-lib version."],
];

export const WEB_DEPLOYMENT_WILDCARDS: AllowedWildcard[] = [
  { finding: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/, reason: "CDK's grant to its deployment function: read the build asset, replace the web bucket's files.", under: 'Custom::CDKBucketDeployment' },
  { finding: /^Resource::(<WebBucket[0-9A-F]{8}\.Arn>|arn:[^:]+:s3:::cdk-[a-z0-9]+-assets-[^/]+)\/\*$/, reason: "The objects of the web bucket and of CDK's asset bucket, for the deployment function.", under: 'Custom::CDKBucketDeployment' },
  { finding: /^Resource::\*$/, reason: "CDK's grant to its deployment function for CloudFront invalidations, which have no narrower resource.", under: 'Custom::CDKBucketDeployment' },
];
