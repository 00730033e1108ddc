// The outbox worker: delivers what handlers queued in the table (mail, texts, staff notices, refunds,
// webhooks), from the table's stream as rows are written and from a sweep every minute; beside it,
// the scheduled sweeps (reminders due, lapsed holds), which write the rows it delivers. It only
// reads and writes the table, sends mail and texts, refunds and signs webhooks: none of the API
// functions' other bindings. Its queue, rule and alarms sit in its area stack, with the ids they always had.
import { Duration, Stack } from 'aws-cdk-lib';
import { Stats } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { OUTBOX_PREFIX, type OutboxStatus } from '../../functions/data/outbox';
import { WORKERS } from '../../functions/routes';
import { DLQ_ACKNOWLEDGEMENTS, acknowledge } from '../compliance';
import { AppAlarms, dlqAlarm } from './alarms';
import type { Api } from './api';
import type { ApiFunction } from './api-function';
import type { Mail } from './mail';
import type { AppSecrets } from './secrets';

/** The outbox worker's timeout: within the lease a claimed row is left to it (functions/data/outbox.ts). */
export const OUTBOX_WORKER_TIMEOUT_SECONDS = 60;
/** The scheduled sweeps' timeout: they stop taking work 15 s before it (functions/outbox/sweeps.ts). */
export const SWEEPS_TIMEOUT_SECONDS = 60;

export interface OutboxWorkerProps {
  api: Api;
  table: ITable;
  mail: Mail;
  mailFrom: string;
  secrets: AppSecrets;
  alarms: AppAlarms;
}

export class OutboxWorker {
  readonly fn: ApiFunction;
  /** The scheduled sweeps (reminders due, lapsed holds): the table, and the Stripe keys to end or confirm a hold's session. */
  readonly sweeps: ApiFunction;

  constructor({ api, table, mail, mailFrom, secrets, alarms }: OutboxWorkerProps) {
    this.fn = api
      .worker(WORKERS.outbox, {
        description: 'Outbox delivery: mail, texts, staff notices, refunds and webhooks from the table stream, and a sweep every minute',
        timeout: Duration.seconds(OUTBOX_WORKER_TIMEOUT_SECONDS),
      })
      .bindTable(table, 'write')
      .bindMail(mail.sender, mailFrom, mail.configurationSetArn)
      .bindSms()
      // Refunds a patient's cancellation asks for (outbox rows of kind 'refund').
      .bindPaymentsSecret(secrets.payments)
      // Webhook signing secrets are stored encrypted under the data encryption key. The deliveries
      // themselves go out over the function's own internet access (no VPC).
      .bindDataEncryptionKey(secrets.dataKey);
    acknowledge(this.fn.role!, [['AwsSolutions-IAM5[Resource::*]', 'dynamodb:ListStreams has no resource to name; the stream itself is read by its ARN (asserted by test/infra/stack.test.ts).']]);

    const scope = Stack.of(this.fn);
    // Stream batches that keep failing (the table itself failing the worker) end here; their rows
    // stay due and the sweep delivers them, so this queue is for a person to look into.
    const dlq = new Queue(scope, 'OutboxStreamDlq', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const pending: OutboxStatus = 'pending';
    this.fn.addEventSource(
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
      targets: [new LambdaFunction(this.fn, { retryAttempts: 0 })],
    });
    alarms.add(scope, 'OutboxStreamDlqAlarm', dlqAlarm(dlq, 'Mail and staff notices failed delivery from the table stream and landed in the dead-letter queue'));
    acknowledge(dlq, DLQ_ACKNOWLEDGEMENTS);

    // The reminders due and the unpaid holds whose time ran out: they write outbox rows, which the
    // worker above delivers, so this function needs neither mail nor texts.
    this.sweeps = api
      .worker(WORKERS.sweeps, { description: 'Every minute: the reminders that are due and the unpaid holds whose time ran out', timeout: Duration.seconds(SWEEPS_TIMEOUT_SECONDS) })
      .bindTable(table, 'write')
      .bindPaymentsSecret(secrets.payments);
    new Rule(scope, 'SweepsSchedule', {
      description: 'Every minute: reminders due and lapsed holds',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.sweeps, { retryAttempts: 0 })],
    });
    alarms.add(scope, 'SweepsErrorsAlarm', {
      description: 'The scheduled sweeps failed: reminders are not going out and lapsed holds keep their places',
      metric: this.sweeps.metricErrors({ period: AppAlarms.PERIOD, statistic: Stats.SUM }),
      threshold: 3,
    });
    alarms.add(scope, 'OutboxErrorsAlarm', {
      description: 'The outbox worker failed: mail and staff notices are not going out',
      metric: this.fn.metricErrors({ period: AppAlarms.PERIOD, statistic: Stats.SUM }),
      threshold: 3,
    });
  }
}
