// The root stack's alarms (one topic; docs/operations.md says what each means and what to do): the
// API's errors and latency, Lambda's account-wide failures and throttles, the table's throttles,
// public-page surges and SES's reputation. Each worker's own alarms sit with it (outbox.ts,
// stripe-events.ts).
import { Duration, type Stack } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { MathExpression, Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '../../functions/lib/log';
import { AppAlarms } from './alarms';

export function addServiceAlarms(scope: Stack, alarms: AppAlarms, { stage, table }: { stage: HttpStage; table: ITable }): void {
  const period = AppAlarms.PERIOD;
  alarms.add(scope, 'Api5xxAlarm', {
    description: 'The API answered 5xx to 10 or more requests in 5 minutes (functions failing, timing out or throttled)',
    metric: stage.metricServerError({ period, statistic: Stats.SUM }),
    threshold: 10,
  });
  alarms.add(scope, 'ApiLatencyAlarm', {
    description: 'The API took over 3 s to answer at the 95th percentile for 15 minutes',
    metric: stage.metricLatency({ period, statistic: Stats.percentile(95) }),
    threshold: 3000,
    evaluationPeriods: 3,
  });
  // Lambda's account-wide figures (no function dimension): one alarm each instead of two per function.
  // A deployment has an AWS account of its own (docs/operations.md), so these are this app's functions.
  alarms.add(scope, 'FunctionErrorsAlarm', {
    description: 'Functions failed (crashed or timed out) 10 or more times in 5 minutes',
    metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Errors', period, statistic: Stats.SUM }),
    threshold: 10,
  });
  alarms.add(scope, 'FunctionThrottlesAlarm', {
    description: "Functions were throttled: the account's concurrency limit was reached",
    metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period, statistic: Stats.SUM }),
    threshold: 1,
  });
  alarms.add(scope, 'TableThrottlesAlarm', {
    description: 'DynamoDB throttled reads or writes of the table',
    metric: new MathExpression({
      label: 'Throttle events',
      expression: 'reads + writes',
      usingMetrics: {
        reads: table.metric('ReadThrottleEvents', { period, statistic: Stats.SUM }),
        writes: table.metric('WriteThrottleEvents', { period, statistic: Stats.SUM }),
      },
      period,
    }),
    threshold: 1,
  });
  // A public page (booking, request, form, sign-up) over its normal rate of writes or refused
  // proof-of-work challenges: its clinic's staff are told in the console too (functions/data/page-activity.ts).
  alarms.add(scope, 'PublicPageSurgeAlarm', {
    description: 'A public page saw more writes or refused challenges than its normal rate (a likely attack)',
    metric: new Metric({ namespace: METRICS_NAMESPACE, metricName: 'PublicPageSurges', dimensionsMap: { service: METRICS_SERVICE }, period, statistic: Stats.SUM }),
    threshold: 1,
  });
  // SES reviews an account at a 5% bounce or 0.1% complaint rate and may pause sending at 10% / 0.5%.
  alarms.add(scope, 'MailBounceRateAlarm', {
    description: 'Over 4% of mail bounced (SES reviews the account at 5%)',
    metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period: Duration.hours(1), statistic: Stats.MAXIMUM }),
    threshold: 0.04,
  });
  alarms.add(scope, 'MailComplaintRateAlarm', {
    description: 'Over 0.08% of mail was marked as spam (SES reviews the account at 0.1%)',
    metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', period: Duration.hours(1), statistic: Stats.MAXIMUM }),
    threshold: 0.0008,
  });
}
