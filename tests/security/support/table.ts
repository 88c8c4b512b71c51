/** The whole test table, to prove that a refused or rejected request changed nothing. */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';

/** Every item, as canonical JSON lines sorted by key (tests may scan; functions never do). */
export async function snapshotTable(): Promise<string[]> {
  const lines: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) lines.push(canonical(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return lines.sort();
}

function canonical(value: unknown): string {
  if (value instanceof Set) return canonical([...value].sort());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What differs between two snapshots (for a failure message). */
export function tableDiff(before: string[], after: string[]): { added: string[]; removed: string[] } {
  const a = new Set(before);
  const b = new Set(after);
  return { added: after.filter((x) => !a.has(x)), removed: before.filter((x) => !b.has(x)) };
}
