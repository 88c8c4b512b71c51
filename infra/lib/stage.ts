/**
 * The stacks of one stage, as `cdk deploy` builds them: the main stack and, where the stage asks
 * for them, the edge stack in us-east-1, the mail stack (the SES identity, in the main region)
 * and the backup copy stack in `backupCopyRegion`, each deployed before the main stack. The CDK app (infra/bin/app.ts) and the deploy check
 * (infra/ops/deploy-check.ts) build a stage through here, so what is checked is what deploys.
 */
import { type App, type Stack, Tags } from 'aws-cdk-lib';
import { BackupCopyStack } from './backups.ts';
import { ClubsStack } from './clubs-stack.ts';
import type { ClubsConfig } from './config.ts';
import { EDGE_REGION, EdgeStack } from './edge-stack.ts';
import { type MailStack, mailStackFor } from './email.ts';

/** Where `cdk deploy` puts the stage: the CLI's CDK_DEFAULT_ACCOUNT and CDK_DEFAULT_REGION. */
export interface StageEnvironment {
  readonly account?: string;
  readonly region?: string;
}

export interface BuiltStage {
  /** Absent while the edge stack's web ACL ARN is awaited (only the edge stack is built then). */
  readonly main?: ClubsStack;
  readonly copy?: BackupCopyStack;
  readonly edge?: EdgeStack;
  /** The SES identity the user pool and the app send with (when the stage names a sender). */
  readonly mail?: MailStack;
  /** Every stack of the stage, in deployment order. */
  readonly stacks: readonly Stack[];
}

/**
 * Resource types CloudFormation does not take tags on in every region (its registry schemas, as
 * cfn-lint ships them, still refuse `Tags` on a dashboard): tagging them could refuse a deploy
 * for nothing, since a dashboard carries no cost.
 */
const UNTAGGED_TYPES = ['AWS::CloudWatch::Dashboard'];

export function buildStage(
  app: App,
  config: ClubsConfig,
  env: StageEnvironment,
  { awaitingWebAcl = false }: { awaitingWebAcl?: boolean } = {},
): BuiltStage {
  const { account, region } = env;
  const stacks: Stack[] = [];
  let main: ClubsStack | undefined;
  let copy: BackupCopyStack | undefined;
  let edge: EdgeStack | undefined;
  if (config.production) {
    // Deployed first, in us-east-1: its WebAclArn output is the stage file's webAclArn.
    edge = new EdgeStack(app, `${config.stackName}Edge`, {
      description: 'Clubs: the WAF web ACL in front of CloudFront, its logs and the us-east-1 alarms',
      env: { account, region: EDGE_REGION },
      mainStackName: config.stackName,
      rateLimit: config.wafRateLimit,
      alarmEmail: config.alarmEmail,
      logRetention: config.logRetentionDays,
      terminationProtection: true,
    });
    stacks.push(edge);
  }
  // Deployed before the main stack, and verified (its DKIM records in DNS) before that deploy:
  // Cognito refuses a user pool whose SES identity is not verified. Built while the web ACL is
  // awaited too, so its DNS records can be published while the edge stack deploys.
  const mail = mailStackFor(app, config, {
    description: "Clubs: the SES identity and configuration set the user pool and the app's mail send with",
    env: account && region ? { account, region } : undefined,
    terminationProtection: config.production,
  });
  if (mail) stacks.push(mail);
  if (!awaitingWebAcl) {
    if (config.backupCopyRegion) {
      // Deployed before the main stack: its backup plan copies into this vault, its media replicates into this bucket.
      copy = new BackupCopyStack(app, `${config.stackName}Backup`, {
        description: "Clubs: the backup copy vault and the media bucket's replica, in another region",
        env: { account, region: config.backupCopyRegion },
        mainStackName: config.stackName,
        vaultLock: config.backupVaultLock,
        terminationProtection: config.production,
      });
      stacks.push(copy);
    }
    main = new ClubsStack(app, config.stackName, {
      config,
      description: 'Clubs: member-only online clubs (site, API, auth, data, media, payments events)',
      env: account && region ? { account, region } : undefined,
    });
    if (copy) main.addStackDependency(copy);
    if (mail) main.addStackDependency(mail);
    stacks.push(main);
  }
  for (const stack of stacks) {
    Tags.of(stack).add('project', 'clubs', { excludeResourceTypes: UNTAGGED_TYPES });
    if (config.stage) Tags.of(stack).add('stage', config.stage, { excludeResourceTypes: UNTAGGED_TYPES });
  }
  return { main, copy, edge, mail, stacks };
}
