/**
 * The CDK app: `npx cdk synth -c stage=prod` / `npx cdk deploy -c stage=prod` (cdk.json runs this
 * file with tsx). Reads and validates the stage's checked-in settings once (infra/stages; `dev`
 * without `-c stage`), then builds the stage's stacks (infra/lib/stage.ts; a production stage
 * refuses placeholder settings: refusePlaceholders). Works offline: with no credentials the main
 * stack is environment-agnostic, and functions are bundled by the local esbuild.
 */
import { App } from 'aws-cdk-lib';
import { type ClubsConfig, ConfigError, loadStageConfig, refusePlaceholders } from '../lib/config.ts';
import { addNagChecks } from '../lib/nag.ts';
import { buildStage } from '../lib/stage.ts';

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

if (awaitingWebAcl) {
  console.warn(
    `webAclArn is still a placeholder: only the prerequisite stacks (${config.stackName}Edge, and ${config.stackName}Mail ` +
      `when the stage names a sender) are built. Deploy them, put the edge's WebAclArn output into ` +
      `infra/stages/${config.stage}.json, then deploy ${config.stackName}.`,
  );
}
buildStage(
  app,
  config,
  { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  { awaitingWebAcl },
);

addNagChecks(app);
app.synth();
