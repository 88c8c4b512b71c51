// `npm run reset`: wipes the local stack's data (.local/, or LOCAL_DIR): the DynamoDB Local
// database, cognito-local's users, the media bucket and the seed marker. The next `npm start`
// starts empty and seeds the demo data again. Stop `npm start` first.
import { existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localDir = resolve(process.env.LOCAL_DIR || join(root, '.local'));

if (
  localDir === resolve(root) ||
  localDir === resolve('/') ||
  localDir === resolve(process.env.HOME ?? '/')
) {
  console.error(`Refusing to delete ${localDir}: LOCAL_DIR must name a folder of its own.`);
  process.exit(1);
}
if (!existsSync(localDir)) {
  console.log(`Nothing to reset: ${localDir} does not exist.`);
} else {
  rmSync(localDir, { recursive: true, force: true });
  console.log(`Removed ${localDir}. The next \`npm start\` begins with fresh demo data.`);
}
