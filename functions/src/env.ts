/**
 * Environment read once per container. Handlers know nothing of CDK or the local stack: both
 * set these variables (endpoints only locally).
 */
import { EMAIL_SENDING, EVENT_BUS, LIVE, TABLE } from '@clubs/shared';

export const env = {
  get tableName(): string {
    return process.env.TABLE_NAME || TABLE.defaultName;
  },
  get region(): string {
    return process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'us-east-1';
  },
  /** Set only locally (DynamoDB Local). */
  get dynamodbEndpoint(): string | undefined {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  /**
   * The access key signed with locally. DynamoDB Local started without -sharedDb keeps a database
   * per key: each test file signs with a key of its own (tests/integration/setup.ts).
   */
  get dynamodbLocalKey(): string {
    return process.env.DYNAMODB_LOCAL_KEY || 'local';
  },
  /** The media bucket (avatars, club images, post and course media). */
  get mediaBucket(): string {
    return process.env.MEDIA_BUCKET || '';
  },
  /** Set only locally (s3rver). */
  get s3Endpoint(): string | undefined {
    return process.env.S3_ENDPOINT || undefined;
  },
  get eventBusName(): string {
    return process.env.EVENT_BUS_NAME || EVENT_BUS.defaultName;
  },
  /**
   * The Bedrock model that drafts course outlines (the CDK context value `outlineModelId`); unset
   * locally and in deployments without one, where the built-in template drafts them.
   */
  get outlineModelId(): string | undefined {
    return process.env.OUTLINE_MODEL_ID || undefined;
  },
  /**
   * Where live messages are posted to connections: the WebSocket API stage's management endpoint
   * (https://{api}.execute-api.{region}.amazonaws.com/{stage}), or the local socket server.
   */
  get liveEndpoint(): string | undefined {
    return process.env.LIVE_ENDPOINT || undefined;
  },
  /**
   * Sockets one person may have open at once: LIVE.maxConnectionsPerPerson, unless a local
   * measurement (bench:live, a thousand sockets of one demo member) raises it for its own stack.
   */
  get liveConnectionsPerPerson(): number {
    const raised = Number(process.env.LIVE_CONNECTIONS_PER_PERSON);
    return Number.isInteger(raised) && raised > 0 ? raised : LIVE.maxConnectionsPerPerson;
  },
  /** Set only locally (the SES v2 emulator, aws-ses-v2-local). */
  get sesEndpoint(): string | undefined {
    return process.env.SES_ENDPOINT || undefined;
  },
  /** The From address of transactional mail (a verified SES identity in AWS). */
  get emailFrom(): string {
    return process.env.EMAIL_FROM || '';
  },
  /** The SES configuration set mail is sent with (its event destinations, reputation metrics). */
  get sesConfigurationSet(): string | undefined {
    return process.env.SES_CONFIGURATION_SET || undefined;
  },
  /** Messages a second the stage's SES account may send (EMAIL_SENDING.sendRate unless the stage says more). */
  get emailSendRate(): number {
    const rate = Number(process.env.EMAIL_SEND_RATE);
    return Number.isFinite(rate) && rate > 0 ? rate : EMAIL_SENDING.sendRate;
  },
};
