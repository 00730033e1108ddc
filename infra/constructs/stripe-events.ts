// Stripe events (EventBridge) to the stripe-events function. The rule needs the partner event source
// Stripe created in this account and region (context stripeEventSourceName, e.g.
// aws.partner/stripe.com/ed_...): without it there is no bus to attach to, so no rule and no queue
// are made, but the function is, ready for the rule. Everything sits in the function's area stack
// (the rule's invoke permission and the rule refer to each other), with the construct ids it always had.
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import { Stats } from 'aws-cdk-lib/aws-cloudwatch';
import { Archive, EventBus, Match, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { DLQ_ACKNOWLEDGEMENTS, acknowledge } from '../compliance';
import { AppAlarms, dlqAlarm } from './alarms';
import type { ApiFunction } from './api-function';

/** The handler Stripe's EventBridge events go to (the signed webhook route, if any, feeds the same code). */
export const STRIPE_EVENTS_HANDLER = 'payments/stripe-events';

export class StripeEvents {
  readonly dlq: Queue;

  /** `outputs` is the root stack, where the queue's URL is an output. */
  constructor(outputs: Stack, props: { fn: ApiFunction; eventSourceName: string; alarms: AppAlarms }) {
    const { fn, eventSourceName, alarms } = props;
    const scope = Stack.of(fn);
    this.dlq = new Queue(scope, 'StripeEventsDlq', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const bus = EventBus.fromEventBusName(scope, 'StripeEventBus', eventSourceName);
    // Every Stripe event kept a year: replayed to the rule after an outage or a bad deploy
    // (docs/operations.md, Replaying Stripe events). Processing is idempotent per event id.
    new Archive(scope, 'StripeEventsArchive', {
      description: 'Stripe events, for replay',
      sourceEventBus: bus,
      eventPattern: { source: Match.prefix('aws.partner/stripe.com') },
      retention: Duration.days(365),
    });
    new Rule(scope, 'StripeEventsRule', {
      description: 'Stripe events to the stripe-events function',
      eventBus: bus,
      eventPattern: { source: Match.prefix('aws.partner/stripe.com') },
      targets: [new LambdaFunction(fn, { deadLetterQueue: this.dlq, retryAttempts: 8, maxEventAge: Duration.hours(24) })],
    });
    // The rule's DLQ only catches events EventBridge could not hand to Lambda. Once Lambda has
    // accepted one (an asynchronous invoke), its own retries apply and a handler that keeps
    // failing would drop the event: send those to the same queue.
    fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(this.dlq) });
    // Any message here is a payment event we failed to process: someone must look.
    alarms.add(scope, 'StripeEventsDlqAlarm', dlqAlarm(this.dlq, 'Stripe events failed processing and landed in the dead-letter queue'));
    acknowledge(this.dlq, DLQ_ACKNOWLEDGEMENTS);
    alarms.add(scope, 'StripeEventsErrorsAlarm', {
      description: 'The Stripe events function failed: payments may not be recorded until a retry succeeds',
      metric: fn.metricErrors({ period: AppAlarms.PERIOD, statistic: Stats.SUM }),
      threshold: 3,
    });
    new CfnOutput(outputs, 'StripeEventsDlqUrl', { value: this.dlq.queueUrl });
  }
}
