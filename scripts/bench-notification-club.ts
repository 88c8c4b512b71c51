/**
 * What the notification benchmarks start from: the SES emulator and the local bus (its rules
 * delivering to the real handlers in this process), the environment that mails through them, and
 * a club of `members` active members with profiles and addresses in the bench's table. The club
 * is loaded before the table has its stream: the load writes no change (no outbox item), and the
 * bus that turns the stream on reads only what the bench does after it.
 */
import { startSesLocal } from '@clubs/infra/local/ses.ts';
import { ulid } from 'ulid';
import { startBus } from '../tests/support/bus.ts';
import * as bench from './bench-support.ts';

/** The SES emulator and the local bus, and the environment that mails through them; `stop` ends both. */
export async function startMailAndBus() {
  const ses = await startSesLocal({ port: 0, host: '127.0.0.1' });
  const bus = await startBus();
  Object.assign(process.env, {
    SES_ENDPOINT: ses.url,
    EMAIL_FROM: 'no-reply@clubs.bench',
    SITE_URL: 'https://clubs.bench',
    LINK_SIGNING_SECRET: 'bench-link-signing-secret',
  });
  const stop = async () => {
    await bus.stop();
    await ses.stop();
  };
  return { ses, bus, stop };
}

export async function notificationClub(
  store: bench.BenchStore,
  table: string,
  members: number,
  description: string,
) {
  // The table without its stream, loaded; then the bus, which turns the stream on and reads the
  // change events of the bench's own writes.
  await store.useTable(table, { stream: false });
  const items = await import('./bench-items.ts');
  const memberIds = Array.from({ length: members }, () => ulid());
  const club = bench.benchClub({ description, memberCount: members + 1 });
  await store.load(
    `a club of ${members} members with profiles`,
    items.clubWithMailableMembers(club, memberIds),
    16,
  );
  const { ses, bus, stop } = await startMailAndBus();
  return { ses, bus, club, memberIds, stop };
}
