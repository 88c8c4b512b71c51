/**
 * Transactional e-mail through Amazon SES v2. The sending identity and its configuration set
 * live in a prerequisite stack of their own (`{stackName}Mail`, MailStack), deployed and
 * verified before the main stack: Cognito refuses a user pool whose SES identity is not yet
 * verified, and a domain identity is verified only once its DKIM records are in DNS, which
 * cannot happen while the stack creating the identity is still deploying. The identity is the
 * address of `sesFromEmail`, or the whole `sesIdentityDomain` with Easy DKIM (the three CNAME
 * records are the mail stack's outputs). Its configuration set keeps reputation metrics, a
 * CloudWatch event destination (sends, deliveries, bounces, complaints, rejects by configuration
 * set: the bounce and complaint alarms read them) and an EventBridge one (bounces and complaints,
 * on the account's default bus, where the main stack's EmailFeedback rule hands them to the
 * function that suppresses the addresses). Both have names known before either stack exists, so
 * the main stack refers to them by name: functions whose routes declare `email:send` get
 * `ses:SendEmail` on exactly these two, and the From address and configuration set name in their
 * environment (group-access.ts); the user pool's SourceArn names the same identity (auth.ts).
 */
import { EMAIL_SENDING } from '@clubs/shared';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
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
import type { Construct } from 'constructs';
import type { ClubsConfig } from './config.ts';

/** The CloudWatch dimension (AWS/SES) the configuration set's events are counted under. */
export const SES_METRIC_DIMENSION = 'ses:configuration-set';

/** The prerequisite stack holding the stage's SES identity. */
export const mailStackName = (mainStackName: string): string => `${mainStackName}Mail`;

/** The configuration set's name, fixed so the main stack can name it before the mail stack exists. */
export const configurationSetNameOf = (mainStackName: string): string => `${mainStackName}-mail`;

/** What SES verifies: the whole domain when the stage names one, else the From address alone. */
export const sesIdentityOf = (config: Pick<ClubsConfig, 'sesFromEmail' | 'sesIdentityDomain'>) =>
  config.sesIdentityDomain ?? config.sesFromEmail;

/** What a sending function is given. */
export interface EmailSending {
  /** The From header: `Clubs <address>`. */
  readonly from: string;
  readonly configurationSetName: string;
  /** Messages a second the account's SES may send (the stage's sesSendRate, else EMAIL_SENDING.sendRate). */
  readonly sendRate: number;
  /** The ARNs `ses:SendEmail` is granted on: the identity and the configuration set. */
  readonly resourceArns: readonly string[];
}

export interface MailStackProps extends StackProps {
  readonly mainStackName: string;
  readonly fromAddress: string;
  /** Verify this whole domain with Easy DKIM instead of the address alone. */
  readonly domain?: string;
}

/** The stage's SES identity and configuration set, deployed (and verified) before the main stack. */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: configurationSetNameOf(props.mainStackName),
      reputationMetrics: true,
      sendingEnabled: true,
      // Addresses that bounced or complained are not mailed again (SES's account suppression list).
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    // SES tags every message with its configuration set's name under this tag.
    this.configurationSet.addEventDestination('Metrics', {
      destination: EventDestination.cloudWatchDimensions([
        { name: SES_METRIC_DIMENSION, source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: 'none' },
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
    const identityName = props.domain ?? props.fromAddress;
    new CfnOutput(this, 'EmailIdentity', {
      value: identityName,
      description: 'The SES identity to verify before deploying the main stack',
    });
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
          // An output's description must be a literal string (CloudFormation refuses a function there).
          description: `SES Easy DKIM record ${i + 1} of 3 for ${props.domain}`,
        });
      });
    }
  }
}

/** The mail stack of a stage that names a sender (required in production: config.ts). */
export function mailStackFor(
  scope: Construct,
  config: ClubsConfig,
  props: StackProps,
): MailStack | undefined {
  if (!config.sesFromEmail) return undefined;
  return new MailStack(scope, mailStackName(config.stackName), {
    ...props,
    mainStackName: config.stackName,
    fromAddress: config.sesFromEmail,
    domain: config.sesIdentityDomain,
  });
}

/**
 * What the main stack's sending functions are given, by the names the mail stack uses: nothing
 * when the stage names no sender.
 */
export function emailSendingFor(stack: Stack, config: ClubsConfig): EmailSending | undefined {
  const identity = sesIdentityOf(config);
  if (!config.sesFromEmail || !identity) return undefined;
  const configurationSetName = configurationSetNameOf(config.stackName);
  return {
    from: `Clubs <${config.sesFromEmail}>`,
    configurationSetName,
    sendRate: config.sesSendRate ?? EMAIL_SENDING.sendRate,
    resourceArns: [
      stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
      stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSetName }),
    ],
  };
}
