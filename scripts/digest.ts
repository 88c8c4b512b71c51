/**
 * `npm run digest [daily|weekly]`: runs a digest's schedule now against the local stack (run it
 * while `npm start` runs): its event goes on the local bus, whose consumer mails each subscriber
 * their digest (see the SES emulator). A period already digested sends nothing again.
 */
import { applyEnvironment, handlerEnvironment, loadLocalConfig } from '@clubs/infra/local/config.ts';
import { runSchedule, scheduleNamed } from '@clubs/infra/local/schedules.ts';
import { DIGEST_CADENCES } from '@clubs/shared';

const cadence = process.argv[2] ?? 'daily';
const schedule = (DIGEST_CADENCES as readonly string[]).includes(cadence)
  ? scheduleNamed(cadence)
  : undefined;
if (!schedule) {
  console.error(`usage: npm run digest [${DIGEST_CADENCES.join('|')}]`);
  process.exit(2);
}
applyEnvironment(handlerEnvironment(loadLocalConfig()));
await runSchedule(schedule);
console.log(`${schedule.id}: run put on the local bus; the digests follow in the SES emulator.`);
