// The three buckets: access logs (kept a year), uploads (pictures and patient documents, versioned)
// and the built web app. Plus the audit trail of who read or wrote a patient document.
//
// Made in the stack's scope, not below a construct of their own: their logical ids (hence the
// deployed buckets) stay what they were (infra/stack.ts).
import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { ReadWriteType, Trail } from 'aws-cdk-lib/aws-cloudtrail';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BUCKET_ACKNOWLEDGEMENTS, acknowledge } from '../compliance';
import { PRIVATE_UPLOADS_PREFIX } from './api-function';

/** How long logs are kept: function and API logs, CloudFront and S3 access logs, the private-uploads trail. */
export const LOG_RETENTION_DAYS = 365;

export class Storage {
  /** Access logs of the other buckets and CloudFront, and the trail's files. */
  readonly logs: Bucket;
  readonly uploads: Bucket;
  readonly web: Bucket;
  readonly trail: Trail;

  constructor(scope: Stack) {
    // ---- Audit trail: access logs of the buckets and CloudFront, kept a year ---------------------
    this.logs = new Bucket(scope, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // CloudFront's standard logs are delivered with an ACL granting the bucket owner the object.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(LOG_RETENTION_DAYS), noncurrentVersionExpiration: Duration.days(30) }],
    });
    acknowledge(this.logs, [
      ['AwsSolutions-S1', 'This is the access-log bucket: logging its own access into itself would loop.'],
      ['HIPAA.Security-S3BucketLoggingEnabled', 'This is the access-log bucket: logging its own access into itself would loop.'],
      ...BUCKET_ACKNOWLEDGEMENTS,
    ]);

    this.uploads = new Bucket(scope, 'UploadsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.logs,
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
    acknowledge(this.uploads, BUCKET_ACKNOWLEDGEMENTS);

    this.web = new Bucket(scope, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 's3/web/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(this.web, [
      ['HIPAA.Security-S3BucketVersioningEnabled', 'The built SPA only: every deploy uploads it again from the source, which is versioned in git.'],
      ...BUCKET_ACKNOWLEDGEMENTS,
    ]);

    // Who read or wrote which patient document: S3 data events for private/ (a staff member's signed
    // link is fetched with the function's credentials, so the event shows the link's signer and the
    // reader's address; the audit log says which staff member asked for the link). Only these data
    // events: the account's own trail keeps management events.
    this.trail = new Trail(scope, 'PrivateUploadsTrail', {
      bucket: this.logs,
      s3KeyPrefix: 'cloudtrail',
      includeGlobalServiceEvents: false,
      isMultiRegionTrail: false,
      managementEvents: ReadWriteType.NONE,
      enableFileValidation: true,
      sendToCloudWatchLogs: true,
      cloudWatchLogsRetention: RetentionDays.ONE_YEAR,
    });
    this.trail.addS3EventSelector([{ bucket: this.uploads, objectPrefix: PRIVATE_UPLOADS_PREFIX }], { readWriteType: ReadWriteType.ALL, includeManagementEvents: false });
    acknowledge(this.trail, [
      ['HIPAA.Security-IAMNoInlinePolicy', "CloudTrail's role for delivering to its log group: CDK's policy, scoped to that log group."],
      ['HIPAA.Security-CloudWatchLogGroupEncrypted', 'CloudWatch Logs encrypts every log group at rest with AWS managed keys; the trail holds object keys and addresses, no document content.'],
      ['HIPAA.Security-CloudTrailEncryptionEnabled', 'The trail files are encrypted at rest with S3-managed keys (SSE-S3) in the logs bucket; they hold object keys and addresses, no document content.'],
    ]);
  }
}
