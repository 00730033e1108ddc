// Alarms that reach someone: every alarm of the app notifies one SNS topic (context `alarmEmail`
// subscribes an address to it; other subscriptions, chat or paging, are added to the topic by hand).
// What each alarm means and what to do: docs/operations.md, "Alarms".
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmSpec {
  /** What it means, in one sentence; the runbook section has the same heading. */
  description: string;
  metric: IMetric;
  threshold: number;
  /** Periods (of the metric's period) that must breach: 1 by default. */
  evaluationPeriods?: number;
  comparison?: ComparisonOperator;
}

export class AppAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { email?: string } = {}) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Clinic Suite alarms', enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
  }

  /** An alarm in `scope` (the root or an area's stack) that tells the topic when it fires and when it clears. */
  add(scope: Construct, id: string, spec: AlarmSpec): Alarm {
    const alarm = new Alarm(scope, id, {
      alarmDescription: `${spec.description} (docs/operations.md, Alarms)`,
      metric: spec.metric,
      threshold: spec.threshold,
      evaluationPeriods: spec.evaluationPeriods ?? 1,
      comparisonOperator: spec.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    return alarm;
  }

  /** Five minutes: the period of every alarm here. */
  static readonly PERIOD = Duration.minutes(5);
}

/** Any message in a dead-letter queue is work that failed for good: someone must look. */
export function dlqAlarm(dlq: Queue, description: string): AlarmSpec {
  return { description, metric: dlq.metricApproximateNumberOfMessagesVisible({ period: AppAlarms.PERIOD, statistic: Stats.MAXIMUM }), threshold: 1 };
}
