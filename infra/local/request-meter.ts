/**
 * Counts what a DynamoDB document client asks of the table (benchmarks and tests that prove a
 * request's cost): requests sent, and items read — entries a query scanned, items a get or a
 * batch get returned. A middleware on the client, so it sees exactly what the code sends.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface RequestMeter {
  requests: number;
  itemsRead: number;
  /** Command names in the order they were sent. */
  commands: string[];
  reset(): void;
  /** Removes the middleware. */
  stop(): void;
}

let meters = 0;

export function meterRequests(client: DynamoDBDocumentClient): RequestMeter {
  const name = `requestMeter${++meters}`;
  const meter: RequestMeter = {
    requests: 0,
    itemsRead: 0,
    commands: [],
    reset() {
      meter.requests = 0;
      meter.itemsRead = 0;
      meter.commands = [];
    },
    stop() {
      client.middlewareStack.remove(name);
    },
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const output = result.output as {
        ScannedCount?: number;
        Responses?: Record<string, unknown[]>;
        Item?: unknown;
      };
      const command = String((context as { commandName?: string }).commandName ?? '');
      meter.requests += 1;
      meter.commands.push(command);
      if (/Query/.test(command)) meter.itemsRead += output.ScannedCount ?? 0;
      else if (/BatchGet/.test(command))
        meter.itemsRead += Object.values(output.Responses ?? {}).reduce((n, items) => n + items.length, 0);
      else if (/GetItem|GetCommand/.test(command)) meter.itemsRead += output.Item ? 1 : 0;
      return result;
    },
    { step: 'initialize', name },
  );
  return meter;
}
