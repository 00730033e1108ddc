// Mail: SES's configuration set and the sender's domain identity; and the small worker that records
// bounced and complaining addresses in the table, which the outbox honours before every send (the
// local stack does the same, infra/local/ses-events.ts). Made in the stack's scope (logical ids as
// before the split, infra/stack.ts); the worker's topic sits in the worker's area stack.
import { type Stack, Stack as CdkStack } from 'aws-cdk-lib';
import { SnsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { acknowledge } from '../compliance';
import type { ApiFunction } from './api-function';

export class Mail {
  readonly configurationSet: ConfigurationSet;
  readonly configurationSetArn: string;
  readonly sender: EmailIdentity;

  constructor(scope: Stack, props: { senderDomain: string }) {
    // Every mail goes through one configuration set (the identity's default): TLS to the receiving
    // server or no delivery, bounced and complaining addresses put on the suppression list (SES sends
    // to them no more), and bounce/complaint counts as CloudWatch metrics for the alarms.
    this.configurationSet = new ConfigurationSet(scope, 'MailConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    this.configurationSet.addEventDestination('MailEventMetrics', {
      destination: EventDestination.cloudWatchDimensions([
        { name: 'ses:configuration-set', source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: 'clinic-suite' },
      ]),
      events: [EmailSendingEvent.SEND, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT, EmailSendingEvent.DELIVERY_DELAY],
    });
    this.configurationSetArn = scope.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName });
    // The domain is verified by the DKIM CNAMEs the stack outputs (no hosted zone is assumed).
    this.sender = new EmailIdentity(scope, 'SenderIdentity', { identity: Identity.domain(props.senderDomain), configurationSet: this.configurationSet });
  }

  /**
   * SES bounces and complaints -> the table's suppression list (issue 28). The configuration set
   * already has SES's own suppression list on; its bounce and complaint events also go, through an
   * SNS topic, to `worker`, which records the address in the table.
   */
  suppressWith(worker: ApiFunction): void {
    // In the function's own stack: the subscription and the function refer to each other.
    const topic = new Topic(CdkStack.of(worker), 'MailEventsTopic', { displayName: 'Clinic Suite SES bounces and complaints', enforceSSL: true });
    const why = 'SES publishes its bounce and complaint events here and cannot publish to a topic encrypted with the AWS managed SNS key; the events name an address and a bounce type, no patient data.';
    acknowledge(topic, [['AwsSolutions-SNS2', why], ['HIPAA.Security-SNSEncryptedKMS', why]]);
    this.configurationSet.addEventDestination('MailSuppressionEvents', {
      destination: EventDestination.snsTopic(topic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    worker.addEventSource(new SnsEventSource(topic));
  }
}
