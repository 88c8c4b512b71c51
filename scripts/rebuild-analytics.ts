/**
 * `npm run rebuild-analytics [clubId…]`: rebuilds the clubs' analytics roll-ups (every club's, or
 * the ones named) from their stored posts, comments and likes (functions/src/data/club-stats-rebuild.ts),
 * for data older than the counters or after a repair; counters no stored fact dates are kept as
 * recorded. Run it when the site is quiet. Locally it runs against the `npm start` stack's
 * DynamoDB Local; in AWS set TABLE_NAME and AWS credentials allowed to read and write the table
 * (docs/DEPLOY.md).
 */
import { rebuildAnalytics } from '@clubs/functions/data/club-stats-rebuild';
import { applyEnvironment, handlerEnvironment, loadLocalConfig } from '@clubs/infra/local/config.ts';

if (!process.env.TABLE_NAME) applyEnvironment(handlerEnvironment(loadLocalConfig()));
const named = process.argv.slice(2);
const report = await rebuildAnalytics(named.length > 0 ? named : undefined);
console.log(
  `Rebuilt the analytics of ${report.clubs} clubs (${report.buckets} day and month items written).`,
);
