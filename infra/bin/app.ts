/**
 * The CDK app: `npx cdk synth -c stage=prod` / `npx cdk deploy -c stage=prod` (cdk.json runs this
 * file with tsx). Reads and validates the stage's checked-in settings once (infra/stages; `dev`
 * without `-c stage`), then builds the stage's stack (a production stage refuses placeholder settings: refusePlaceholders). Works offline: with no credentials the
 * stack is environment-agnostic, and functions are bundled by the local esbuild.
 */
import { App, Tags } from 'aws-cdk-lib';
import { BackupCopyStack } from '../lib/backups.ts';
import { ClubsStack } from '../lib/clubs-stack.ts';
import { type ClubsConfig, ConfigError, loadStageConfig, refusePlaceholders } from '../lib/config.ts';
import { EDGE_REGION, EdgeStack } from '../lib/edge-stack.ts';
import { addNagChecks } from '../lib/nag.ts';

const app = new App();

let config: ClubsConfig;
let awaitingWebAcl: boolean;
try {
  config = loadStageConfig(app.node.getAllContext());
  ({ awaitingWebAcl } = refusePlaceholders(config));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;
if (awaitingWebAcl) {
  console.warn(
    `webAclArn is still a placeholder: only ${config.stackName}Edge is built. Deploy it, put its WebAclArn ` +
      `output into infra/stages/${config.stage}.json, then deploy ${config.stackName}.`,
  );
} else {
  const main = new ClubsStack(app, config.stackName, {
    config,
    description: 'Clubs: member-only online clubs (site, API, auth, data, media, payments events)',
    env: account && region ? { account, region } : undefined,
  });
  if (config.backupCopyRegion) {
    // Deployed first: the main stack's backup plan copies into its vault, its media replicates into its bucket.
    const copy = new BackupCopyStack(app, `${config.stackName}Backup`, {
      description: "Clubs: the backup copy vault and the media bucket's replica, in another region",
      env: { account, region: config.backupCopyRegion },
      mainStackName: config.stackName,
      vaultLock: config.backupVaultLock,
      terminationProtection: config.production,
    });
    main.addDependency(copy);
  }
}
if (config.production) {
  // Deployed first, in us-east-1: its WebAclArn output is the stage file's webAclArn.
  new EdgeStack(app, `${config.stackName}Edge`, {
    description: 'Clubs: the WAF web ACL in front of CloudFront, its logs and the us-east-1 alarms',
    env: { account, region: EDGE_REGION },
    mainStackName: config.stackName,
    rateLimit: config.wafRateLimit,
    alarmEmail: config.alarmEmail,
    logRetention: config.logRetentionDays,
    terminationProtection: true,
  });
}
Tags.of(app).add('project', 'clubs');
if (config.stage) Tags.of(app).add('stage', config.stage);

addNagChecks(app);
app.synth();
