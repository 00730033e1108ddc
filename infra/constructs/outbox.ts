// The outbox worker: delivers what handlers queued in the table (mail, texts, staff notices, refunds,
// webhooks), from the table's stream as rows are written and from a sweep every minute; beside it,
// the scheduled sweeps (reminders due, lapsed holds), which write the rows it delivers, and the
// subscribers' worker (domain events), fed from the same stream and sweep with the rows of its own lane.
// The deliverer only reads and writes the table, sends mail and texts, refunds and signs webhooks: none
// of the API functions' other bindings; the sweeps and the subscribers' worker less still. Their queues,
// rules and alarms sit in the area stack, the deliverer's with the ids they always had.
import { Duration, Stack } from 'aws-cdk-lib';
import { Stats } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EVENT_ROW_PREFIX, OUTBOX_PREFIX, type OutboxPayload, type OutboxStatus } from '../../functions/data/outbox';
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

/** The payload kinds of the outbox's 'events' lane (functions/data/outbox.ts laneOf). */
const EVENT_LANE_KINDS: readonly OutboxPayload['kind'][] = ['event', 'subscriber'];

/**
 * Feeds a worker the outbox rows of its lane as they are written or put back pending (the table's
 * stream, filtered), and every minute a sweep; stream batches that keep failing (the table itself
 * failing the worker) end in a dead-letter queue. Their rows stay due and the sweep delivers them,
 * so the queue is for a person to look into. `name` prefixes the logical ids ('Outbox': the ids
 * the deliverer always had).
 */
function feedFromOutbox(scope: Construct, fn: ApiFunction, table: ITable, name: string, newImage: object, description: string, keys: object = { pk: { S: FilterRule.beginsWith(OUTBOX_PREFIX) } }): Queue {
  const dlq = new Queue(scope, `${name}StreamDlq`, {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  const pending: OutboxStatus = 'pending';
  // CDK types a filter rule as `any`; it is a JSON pattern the filter serialises as it is.
  const isPending: unknown = FilterRule.isEqual(pending);
  fn.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 25,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      retryAttempts: 5,
      maxRecordAge: Duration.hours(1),
      onFailure: new SqsDlq(dlq),
      // Only outbox rows of the lane written or put back as pending reach the function.
      filters: [FilterCriteria.filter({ eventName: FilterRule.or('INSERT', 'MODIFY'), dynamodb: { Keys: keys, NewImage: { status: { S: isPending }, ...newImage } } })],
    }),
  );
  new Rule(scope, `${name}SweepSchedule`, { description, schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(fn, { retryAttempts: 0 })] });
  acknowledge(dlq, DLQ_ACKNOWLEDGEMENTS);
  return dlq;
}

export class OutboxWorker {
  readonly fn: ApiFunction;
  /** Domain events and their subscribers: the table only. */
  readonly subscribers: ApiFunction;
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
    // Only the delivery lane's rows: the event and subscriber rows are the subscribers' worker's (below).
    const deliveryRows = { payload: { M: { kind: { S: [{ 'anything-but': [...EVENT_LANE_KINDS] }] } } } };
    const dlq = feedFromOutbox(scope, this.fn, table, 'Outbox', deliveryRows, 'Every minute: the outbox worker retries due deliveries');
    alarms.add(scope, 'OutboxStreamDlqAlarm', dlqAlarm(dlq, 'Mail and staff notices failed delivery from the table stream and landed in the dead-letter queue'));

    // Domain events and their subscribers (functions/outbox/run-subscribers.ts), apart from the
    // deliverer so that neither carries the other's code: a subscriber only reads and writes the table
    // (its mail is an outbox row the deliverer sends), so this function has the table and nothing else.
    this.subscribers = api
      .worker(WORKERS.subscribers, { description: 'Domain events and their subscribers (waitlist, patient records, intake mail) from the table stream, and a sweep every minute', timeout: Duration.seconds(OUTBOX_WORKER_TIMEOUT_SECONDS) })
      .bindTable(table, 'write');
    acknowledge(this.subscribers.role!, [['AwsSolutions-IAM5[Resource::*]', 'dynamodb:ListStreams has no resource to name; the stream itself is read by its ARN (asserted by test/infra/stack.test.ts).']]);
    const eventRows = { pk: { S: [{ prefix: `${OUTBOX_PREFIX}${EVENT_ROW_PREFIX}` }] } };
    const subscribersDlq = feedFromOutbox(scope, this.subscribers, table, 'Subscribers', {}, 'Every minute: the subscribers worker retries due events', eventRows);
    alarms.add(scope, 'SubscribersStreamDlqAlarm', dlqAlarm(subscribersDlq, 'Domain events failed delivery to their subscribers from the table stream and landed in the dead-letter queue'));
    alarms.add(scope, 'SubscribersErrorsAlarm', {
      description: 'The subscribers worker failed: waitlist offers, patient records and intake mail are not being made',
      metric: this.subscribers.metricErrors({ period: AppAlarms.PERIOD, statistic: Stats.SUM }),
      threshold: 3,
    });

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
