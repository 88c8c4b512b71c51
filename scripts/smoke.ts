/**
 * `npm run smoke -- --url https://clubs.example.com`: the smoke test of a deployed site (the API's
 * health, the directory API, the sign-in page and /config.json; infra/ops/smoke.ts), one pass or
 * FAIL line per check; exits non-zero when any fails.
 */
import { formatSmoke, smoke } from '@clubs/infra/ops/smoke.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--url');
const url = at >= 0 ? args[at + 1] : undefined;
if (!url || !/^https?:\/\//.test(url)) {
  console.error('usage: npm run smoke -- --url https://<the SiteUrl output>');
  process.exit(2);
}
const results = await smoke(url);
console.log(formatSmoke(results));
process.exit(results.every((result) => result.ok) ? 0 : 1);
