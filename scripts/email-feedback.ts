/**
 * `npm run email-feedback -- bounce|complaint <address>`: what SES would report for a message to
 * the address, put on the local stack's bus (its default bus, source `aws.ses`, as SES's
 * EventBridge destination does in AWS), since the local SES emulator never bounces. The address
 * is suppressed: no more mail goes to it until its owner confirms an address again. Run it while
 * `npm start` runs.
 */
import { putBusEvent } from '@clubs/functions/bus/put-events';
import { applyEnvironment, handlerEnvironment, loadLocalConfig } from '@clubs/infra/local/config.ts';
import { emailFeedbackEvent } from '@clubs/shared';

const [kind, address] = process.argv.slice(2);
if ((kind !== 'bounce' && kind !== 'complaint') || !address?.includes('@')) {
  console.error('usage: npm run email-feedback -- bounce|complaint <address>');
  process.exit(2);
}
applyEnvironment(handlerEnvironment(loadLocalConfig()));
const event = emailFeedbackEvent(kind, address);
const id = await putBusEvent({ ...event, detail: JSON.stringify(event.detail), bus: 'default' });
console.log(`${event.detailType} for ${address} put on the local bus (${id})`);
