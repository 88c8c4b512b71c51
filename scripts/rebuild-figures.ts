/**
 * `npm run rebuild-figures`: recounts each club's members from its active memberships, a count
 * that differs corrected with all a membership change moves
 * (functions/src/data/member-count-rebuild.ts); recomputes the super-admin portal's platform figures from the stored
 * clubs, memberships and subscription records (functions/src/data/figures-rebuild.ts), then
 * their day and month items, the portal's charts (functions/src/data/figures-series-rebuild.ts),
 * for data older than the counters or after a repair. The figures now are safe to rebuild while
 * the site runs (a shard that changes while it is rebuilt is read again); the series, as the
 * clubs' analytics, when it is quiet. Locally it runs against the `npm start` stack's DynamoDB Local; in
 * AWS set TABLE_NAME and AWS credentials allowed to read and write the table (docs/DEPLOY.md).
 */
import { rebuildPlatformFigures } from '@clubs/functions/data/figures-rebuild';
import { rebuildPlatformSeries } from '@clubs/functions/data/figures-series-rebuild';
import { rebuildMemberCounts } from '@clubs/functions/data/member-count-rebuild';
import { readPlatformFigures } from '@clubs/functions/data/platform-figures';
import { applyEnvironment, handlerEnvironment, loadLocalConfig } from '@clubs/infra/local/config.ts';

if (!process.env.TABLE_NAME) applyEnvironment(handlerEnvironment(loadLocalConfig()));
const counts = await rebuildMemberCounts();
console.log(`Recounted the members of ${counts.clubs} clubs (${counts.corrected} count(s) corrected).`);
const report = await rebuildPlatformFigures();
console.log(
  `Rebuilt the figures of ${report.clubs} clubs (${report.retries} shard(s) read again after concurrent changes).`,
);
if (report.withoutRevenue > 0) {
  console.log(
    `${report.withoutRevenue} live subscription(s) were stored before their revenue was recorded: counted, without revenue (their next Stripe update records it).`,
  );
}
const buckets = await rebuildPlatformSeries();
console.log(`Rebuilt the platform series (${buckets} day and month items written).`);
console.log(JSON.stringify(await readPlatformFigures(), null, 2));
