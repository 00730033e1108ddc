// Findings of AWS's rule packs (cdk-nag AwsSolutions and HIPAA Security, test/infra/nag.test.ts)
// that this app does not fix, each acknowledged on the construct it concerns with the reason. A
// finding nobody acknowledged fails the infra tests, so each entry here is a decision, written down.
import { Validations } from 'aws-cdk-lib';
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
    'No rotation Lambda: the token signing key, the Stripe keys (rotated in the Stripe dashboard) and the CloudFront origin secret are rotated by the operator with the procedures in docs/operations.md.',
  ],
  [
    'HIPAA.Security-SecretsManagerRotationEnabled',
    'No rotation Lambda: the token signing key, the Stripe keys (rotated in the Stripe dashboard) and the CloudFront origin secret are rotated by the operator with the procedures in docs/operations.md.',
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
    'Node.js 22 is the runtime the code, its bundles and the tests target (package.json engines); moving to a newer runtime is a deliberate upgrade, not a default.',
  ],
  [
    'HIPAA.Security-CloudWatchLogGroupEncrypted',
    "CloudWatch Logs encrypts every log group at rest with AWS managed keys; the logs hold request ids, routes, statuses and organisation ids, no patient data (functions/lib/http.ts), so a customer managed key would add cost and a key policy without protecting more.",
  ],
  [
    'HIPAA.Security-IAMNoInlinePolicy',
    "Each function's policy is its own, generated from its route row's `uses` (functions/routes.ts) and asserted by test/infra/stack.test.ts; a customer managed policy per function would be the same statements under another resource type.",
  ],
  [
    'AwsSolutions-IAM5',
    "The only wildcards are object prefixes of the uploads bucket (org/*, private/*), the table's indexes (index/*), the function's own log streams, SMS (sns:Publish has no resource for phone numbers) and ListStreams; test/infra/stack.test.ts asserts each function's statements against its route row.",
  ],
];
