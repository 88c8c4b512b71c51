import type { Health } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { getItem } from '../data/get-item.ts';

/** How long the table may take before health reports it down instead of hanging. */
const TABLE_TIMEOUT_MS = 2000;

/** One key lookup against the table, bounded in time. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  try {
    await getItem(keys.healthProbe, { abortSignal: AbortSignal.timeout(TABLE_TIMEOUT_MS) });
    return {
      status: 'ok',
      checks: { table: { ok: true, latencyMs: Math.round(performance.now() - started) } },
    };
  } catch (error) {
    const reason =
      error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')
        ? 'the table did not answer in time'
        : 'the table is not reachable';
    return {
      status: 'degraded',
      checks: { table: { ok: false, latencyMs: Math.round(performance.now() - started), error: reason } },
    };
  }
}
