/**
 * What a stretch of requests wrote to the table, seen on the one DynamoDB client every handler and
 * event consumer of the test process sends through: a refusal must write nothing. Cheaper than
 * comparing whole-table snapshots (which grow with every fixture club) and stricter: a write that
 * put back the same values is still reported.
 */
import { db } from '@clubs/functions/data/client';

const WRITE =
  /^(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems|Put|Update|Delete|BatchWrite|TransactWrite|ExecuteStatement|BatchExecuteStatement|ExecuteTransaction)(Command)?$/;

export interface TableWrites {
  /** Each successful write since the last reset: its command and what it named. */
  readonly writes: string[];
  reset(): void;
  stop(): void;
}

let watchers = 0;

/** Starts recording the successful writes sent through the shared client (a middleware on it). */
export function watchTableWrites(): TableWrites {
  const client = db();
  const name = `tableWrites${++watchers}`;
  const state: { writes: string[] } = { writes: [] };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      // Only a write that succeeded can have changed the table: a refused condition throws here.
      const result = await next(args);
      const command = String((context as { commandName?: string }).commandName ?? '');
      if (WRITE.test(command)) state.writes.push(`${command} ${describeInput(args.input)}`);
      return result;
    },
    { step: 'initialize', name },
  );
  return {
    get writes() {
      return state.writes;
    },
    reset() {
      state.writes = [];
    },
    stop() {
      client.middlewareStack.remove(name);
    },
  };
}

function describeInput(input: unknown): string {
  const { Key, Item, TransactItems, RequestItems, Statement } = (input ?? {}) as Record<string, unknown>;
  return JSON.stringify(Key ?? Item ?? TransactItems ?? RequestItems ?? Statement ?? input).slice(0, 300);
}
