/**
 * Transactional e-mail (invitations) through Amazon SES v2: the sending identity (the address of
 * `sesFromEmail`, or the whole `sesIdentityDomain` with Easy DKIM) and a configuration set with
 * reputation metrics and a CloudWatch event destination (sends, deliveries, bounces, complaints,
 * rejects by configuration set: the bounce and complaint alarms read them) and an EventBridge one
 * (bounces and complaints, on the account's default bus, where the EmailFeedback rule hands them
 * to the function that suppresses the addresses), sending from this stack's region. Functions whose routes declare
 * `email:send` get `ses:SendEmail` on exactly these two resources, and the From address and
 * configuration set name in their environment (group-access.ts).
 */
import { CfnOutput, Stack } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { ClubsConfig } from './config.ts';

/** What a sending function is given. */
export interface EmailSending {
  /** The From header: `Clubs <address>`. */
  readonly from: string;
  readonly configurationSetName: string;
  /** The ARNs `ses:SendEmail` is granted on: the identity and the configuration set. */
  readonly resourceArns: readonly string[];
}

export class Email extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly sending: EmailSending;
  /** The CloudWatch dimension (AWS/SES) the configuration set's events are counted under. */
  readonly metricDimension = 'ses:configuration-set';

  constructor(scope: Construct, id: string, props: { fromAddress: string; domain?: string }) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      // Addresses that bounced or complained are not mailed again (SES's account suppression list).
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    // SES tags every message with its configuration set's name under this tag.
    this.configurationSet.addEventDestination('Metrics', {
      destination: EventDestination.cloudWatchDimensions([
        { name: this.metricDimension, source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: 'none' },
      ]),
      events: [
        EmailSendingEvent.SEND,
        EmailSendingEvent.DELIVERY,
        EmailSendingEvent.BOUNCE,
        EmailSendingEvent.COMPLAINT,
        EmailSendingEvent.REJECT,
      ],
    });
    this.configurationSet.addEventDestination('Feedback', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: props.domain ? Identity.domain(props.domain) : Identity.email(props.fromAddress),
      configurationSet: this.configurationSet,
    });
    const stack = Stack.of(this);
    const identityName = props.domain ?? props.fromAddress;
    this.sending = {
      from: `Clubs <${props.fromAddress}>`,
      configurationSetName: this.configurationSet.configurationSetName,
      resourceArns: [
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identityName }),
        stack.formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: this.configurationSet.configurationSetName,
        }),
      ],
    };
    if (props.domain) {
      // Easy DKIM: the three CNAME records to publish in the domain's DNS.
      const tokens = [
        [this.identity.dkimDnsTokenName1, this.identity.dkimDnsTokenValue1],
        [this.identity.dkimDnsTokenName2, this.identity.dkimDnsTokenValue2],
        [this.identity.dkimDnsTokenName3, this.identity.dkimDnsTokenValue3],
      ] as const;
      tokens.forEach(([name, value], i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, {
          value: `${name} CNAME ${value}`,
          description: `SES Easy DKIM record ${i + 1} of 3 for ${props.domain}`,
        });
      });
    }
  }
}

/** The stack's e-mail, when the stage names a sender (required in production: config.ts). */
export function emailFor(scope: Construct, config: ClubsConfig): Email | undefined {
  if (!config.sesFromEmail) return undefined;
  return new Email(scope, 'Email', { fromAddress: config.sesFromEmail, domain: config.sesIdentityDomain });
}
