/**
 * Runs the Lambda handlers of functions/src/{routes,consumers,triggers} in this process, as Lambda
 * would: one module per handler group, loaded once (a warm container), called with (event, context).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { HANDLER_DIRS, handlerEntries } from '../lib/paths.ts';
import { LOCAL_REGION } from './config.ts';

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const ACCOUNT = '000000000000';

export function lambdaContext(functionName: string, timeoutMs: number, requestId = randomUUID()): Context {
  const deadline = Date.now() + timeoutMs;
  const unsupported = () => {
    throw new Error('callback-style Lambda completion is not supported; return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${ACCOUNT}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${new Date().toISOString().slice(0, 10)}/${requestId.slice(0, 8)}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

/** Loads handler modules once per group; a failed import is retried on the next call. */
export class HandlerRegistry {
  private readonly modules = new Map<string, Promise<LambdaHandler>>();

  /** The folders searched for `{group}.ts`: the functions' entry folders, or one of a test's. */
  private readonly dirs: readonly string[];

  constructor(dir?: string) {
    this.dirs = dir === undefined ? HANDLER_DIRS : [dir];
  }

  fileOf(group: string): string {
    if (!/^[a-z0-9-]+$/.test(group)) throw new Error(`invalid handler group "${group}"`);
    return handlerEntries(group, this.dirs)[0] ?? join(this.dirs[0] ?? '.', `${group}.ts`);
  }

  exists(group: string): boolean {
    return existsSync(this.fileOf(group));
  }

  get(group: string): Promise<LambdaHandler> {
    let loaded = this.modules.get(group);
    if (!loaded) {
      loaded = this.load(group);
      this.modules.set(group, loaded);
      loaded.catch(() => this.modules.delete(group));
    }
    return loaded;
  }

  private async load(group: string): Promise<LambdaHandler> {
    const file = this.fileOf(group);
    if (!existsSync(file)) throw new Error(`no handler module for group "${group}" (${file})`);
    const module: { handler?: unknown } = await import(pathToFileURL(file).href);
    if (typeof module.handler !== 'function') throw new Error(`${file} exports no handler function`);
    return module.handler as LambdaHandler;
  }

  /** Imports every existing group ahead of the first request (errors surface on first use). */
  async warm(groups: readonly string[]): Promise<void> {
    await Promise.allSettled(groups.filter((group) => this.exists(group)).map((group) => this.get(group)));
  }
}

/** Runs a handler with Lambda's timeout; a timeout rejects like Lambda's "Task timed out". */
export async function invokeHandler(
  handler: LambdaHandler,
  event: unknown,
  functionName: string,
  timeoutMs: number,
): Promise<unknown> {
  const context = lambdaContext(functionName, timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([handler(event, context), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
