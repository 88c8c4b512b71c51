/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy` (cdk.json runs this file with tsx). Reads and
 * validates the context once, then builds the one stack. Works offline: with no credentials the
 * stack is environment-agnostic, and functions are bundled by the local esbuild.
 */
import { App, Tags } from 'aws-cdk-lib';
import { ClubsStack } from '../lib/clubs-stack.ts';
import { ConfigError, loadConfig } from '../lib/config.ts';
import { addNagChecks } from '../lib/nag.ts';

const app = new App();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(app.node);
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
  terminationProtection: false,
});
Tags.of(app).add('project', 'clubs');

addNagChecks(app);
app.synth();
