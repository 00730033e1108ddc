// AWS Backup of the table and the uploads: daily (kept 35 days) and monthly (kept a year), besides the
// table's point-in-time recovery and the bucket's versioning. Made in the stack's scope (logical ids
// as before the split, infra/stack.ts).
import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { acknowledge } from '../compliance';

export class Backups {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;

  constructor(scope: Stack, props: { table: ITable; uploads: IBucket }) {
    this.vault = new BackupVault(scope, 'BackupVault', { removalPolicy: RemovalPolicy.RETAIN });
    this.plan = new BackupPlan(scope, 'BackupPlan', {
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({ ruleName: 'Daily', scheduleExpression: Schedule.cron({ hour: '5', minute: '0' }), deleteAfter: Duration.days(35) }),
        new BackupPlanRule({ ruleName: 'Monthly', scheduleExpression: Schedule.cron({ day: '1', hour: '5', minute: '0' }), deleteAfter: Duration.days(365) }),
      ],
    });
    // The uploads too (patient documents): AWS Backup reads a versioned bucket with its S3 policy.
    const role = new Role(scope, 'BackupRole', {
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSBackupServiceRolePolicyForBackup'),
        ManagedPolicy.fromAwsManagedPolicyName('AWSBackupServiceRolePolicyForS3Backup'),
      ],
    });
    this.plan.addSelection('Data', { role, resources: [BackupResource.fromDynamoDbTable(props.table), BackupResource.fromArn(props.uploads.bucketArn)] });
    acknowledge(role, [
      ['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]', "AWS Backup's own role policy for taking backups, maintained by AWS for the services it supports."],
      ['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/AWSBackupServiceRolePolicyForS3Backup]', "AWS Backup's own role policy for backing up S3 buckets, maintained by AWS."],
    ]);
  }
}
