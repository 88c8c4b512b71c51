/**
 * The CDK app: `npx cdk synth -c stage=prod` / `npx cdk deploy -c stage=prod` (cdk.json runs this
 * file with tsx). Reads and validates the stage's checked-in settings once (infra/stages; `dev`
 * without `-c stage`), then builds the stage's stack. Works offline: with no credentials the
 * stack is environment-agnostic, and functions are bundled by the local esbuild.
 */
import { App, Tags } from 'aws-cdk-lib';
import { ClubsStack } from '../lib/clubs-stack.ts';
import { type ClubsConfig, ConfigError, loadStageConfig } from '../lib/config.ts';
import { EDGE_REGION, EdgeStack } from '../lib/edge-stack.ts';
import { addNagChecks } from '../lib/nag.ts';

const app = new App();

let config: ClubsConfig;
try {
  config = loadStageConfig(app.node.getAllContext());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;
new ClubsStack(app, config.stackName, {
  config,
  description: 'Clubs: member-only online clubs (site, API, auth, data, media, payments events)',
  env: account && region ? { account, region } : undefined,
});
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
