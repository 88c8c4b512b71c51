/** Where things are in the repository, independent of the working directory. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (infra/lib/../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The lock file NodejsFunction hashes and bundles against. */
export const LOCK_FILE = path.join(REPO_ROOT, 'package-lock.json');

/** A Lambda entry by the convention functions/src/handlers/{name}.ts. */
export function handlerEntry(name: string): string {
  const entry = path.join(REPO_ROOT, 'functions', 'src', 'handlers', `${name}.ts`);
  if (!existsSync(entry)) {
    throw new Error(
      `The handler ${path.relative(REPO_ROOT, entry)} does not exist: every handler group of the route ` +
        'and event manifests needs its entry file (exporting `handler`).',
    );
  }
  return entry;
}

export const resolveFromRoot = (relative: string): string => path.resolve(REPO_ROOT, relative);
