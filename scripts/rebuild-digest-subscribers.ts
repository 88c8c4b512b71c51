/**
 * `npm run rebuild-digest-subscribers`: lists in the digests' partitions the daily and weekly
 * choices stored before those partitions existed (functions/src/services/notifications/digest-backfill.ts),
 * so their members get their digests. Every club and member is found by index queries, never a
 * Scan; safe while the site runs and to run again. Locally it runs against the `npm start`
 * stack's DynamoDB Local; in AWS set TABLE_NAME and AWS credentials allowed to read and write the
 * table (docs/DEPLOY.md).
 */
import { backfillDigestSubscribers } from '@clubs/functions/services/notifications/digest-backfill';
import { applyEnvironment, handlerEnvironment, loadLocalConfig } from '@clubs/infra/local/config.ts';

if (!process.env.TABLE_NAME) applyEnvironment(handlerEnvironment(loadLocalConfig()));
console.log(
  `Listed ${await backfillDigestSubscribers()} digest choice(s) stored before the digests' partitions.`,
);
