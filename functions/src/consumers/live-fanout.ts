/**
 * Target of the LiveUpdates rule of the event manifest: each change event on the bus is sent, as
 * one live message, to the connections following its club (services/live/fan-out.ts).
 */
import { defineChangeConsumer } from '../bus/consumer-handler.ts';
import { logger } from '../logger.ts';
import { fanOutChange } from '../services/live/fan-out.ts';

export const handler = defineChangeConsumer('live-fanout', async (change) => {
  const report = await fanOutChange(change);
  // A change that reached nobody (a card change, a club nobody follows) is not worth an INFO line.
  const log = report.sent + report.gone + report.skipped > 0 ? logger.info : logger.debug;
  log.call(logger, 'live fan-out', { type: change.type, id: change.id, ...report });
  return 'processed';
});
