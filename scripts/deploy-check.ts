/**
 * `npm run deploy:check [stage]` (prod by default): synthesizes every stack of the stage for the
 * account and region `cdk deploy` would use (CDK_DEFAULT_ACCOUNT/CDK_DEFAULT_REGION, stand-ins
 * without them), and fails on any cdk-nag finding, cfn-lint error or template over a
 * CloudFormation quota (infra/ops/deploy-check.ts). `--keep` leaves the cloud assembly in place
 * and prints where.
 */
import { rmSync } from 'node:fs';
import { ConfigError } from '@clubs/infra/lib/config.ts';
import { checkStage, failuresOf, formatCheck } from '@clubs/infra/ops/deploy-check.ts';

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const stage = args.find((arg) => !arg.startsWith('--')) ?? 'prod';
const started = Date.now();
try {
  const check = await checkStage({
    stage,
    environment: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  console.log(formatCheck(check));
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (keep) console.log(`cloud assembly: ${check.outdir}`);
  else rmSync(check.outdir, { recursive: true, force: true });
  process.exit(failuresOf(check).length === 0 ? 0 : 1);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
