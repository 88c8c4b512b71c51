/**
 * Names of stack outputs that tools read from a deployment (`npm run replay-dead-letters --
 * --stack`, infra/ops): the app's bus, and one dead-letter queue URL per event handler group
 * (the prefix, then the group in Pascal case).
 */
export const EVENT_BUS_OUTPUT = 'EventBusName';
export const DEAD_LETTER_OUTPUT_PREFIX = 'DeadLetterQueue';
