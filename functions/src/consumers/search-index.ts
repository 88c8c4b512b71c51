/**
 * Target of the SearchIndex rule of the event manifest: each change event on the bus that touched
 * a post, comment, event, course or member card brings those documents' postings to what is
 * stored now (services/search/index-change.ts). A failure is thrown, so the event is delivered
 * again (a reconcile may run any number of times).
 */
import { defineChangeConsumer } from '../bus/consumer-handler.ts';
import { logger } from '../logger.ts';
import { indexChange } from '../services/search/index-change.ts';

export const handler = defineChangeConsumer('search-index', async (change) => {
  const report = await indexChange(change);
  logger.info('search index', { type: change.type, id: change.id, ...report });
  return 'processed';
});
