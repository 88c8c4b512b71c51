/** Where things are in the repository, independent of the working directory. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (infra/lib/../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The folders of the Lambda entries, one a kind: `routes` (the HTTP route groups, the Stripe
 * webhook and the WebSocket API's routes: a request in, a response out), `consumers` (what the
 * bus, a queue or a schedule delivers) and `triggers` (API Gateway authorizers and Cognito
 * triggers). A function's name is its file's name, unique across the three.
 */
export const HANDLER_DIRS = ['routes', 'consumers', 'triggers'].map((kind) =>
  path.join(REPO_ROOT, 'functions', 'src', kind),
);

/** The entry files named `name` in `dirs`: one, where the convention is kept. */
export function handlerEntries(name: string, dirs: readonly string[] = HANDLER_DIRS): string[] {
  return dirs.map((dir) => path.join(dir, `${name}.ts`)).filter((file) => existsSync(file));
}

/** A Lambda entry by the convention functions/src/{routes,consumers,triggers}/{name}.ts. */
export function handlerEntry(name: string): string {
  const [entry, ...others] = handlerEntries(name);
  if (!entry || others.length > 0) {
    throw new Error(
      `The handler ${name}.ts must be in exactly one of functions/src/{routes,consumers,triggers}: every ` +
        'handler group of the route and event manifests needs its one entry file (exporting `handler`).',
    );
  }
  return entry;
}

export const resolveFromRoot = (relative: string): string => path.resolve(REPO_ROOT, relative);
