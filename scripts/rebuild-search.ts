/**
 * `npm run rebuild-search [clubId …]`: writes the search index of the named clubs (of every club
 * when none is named) again from their stored posts, comments, members, courses and events
 * (functions/src/services/search/rebuild.ts), for data stored before the index or after a repair.
 * Every club is found by a query of the club-status index, never a Scan. Safe while the site runs.
 * Locally it runs against the `npm start` stack's DynamoDB Local; in AWS set TABLE_NAME and AWS
 * credentials allowed to read and write the table (docs/DEPLOY.md).
 */

import { queryAll } from '@clubs/functions/data/query';
import { rebuildClubIndex } from '@clubs/functions/services/search/rebuild';
import { applyEnvironment, handlerEnvironment, loadLocalConfig } from '@clubs/infra/local/config.ts';
import { CLUB_STATUSES, TABLE } from '@clubs/shared';
import { indexKeys } from '@clubs/shared/table-keys';

if (!process.env.TABLE_NAME) applyEnvironment(handlerEnvironment(loadLocalConfig()));

async function everyClubId(): Promise<string[]> {
  const ids: string[] = [];
  for (const status of CLUB_STATUSES) {
    const query = { index: TABLE.indexes.byStatus, partition: indexKeys.clubStatusPartition(status) };
    ids.push(...(await queryAll(query, (item) => String(item.id))));
  }
  return ids;
}

const clubIds = process.argv.length > 2 ? process.argv.slice(2) : await everyClubId();
for (const clubId of clubIds) {
  const report = await rebuildClubIndex(clubId);
  console.log(
    `${clubId}: ${report.posts} posts, ${report.comments} comments, ${report.members} members, ${report.courses} courses, ${report.events} events, ${report.removed} removed`,
  );
}
console.log(`Rebuilt the search index of ${clubIds.length} club(s).`);
