/**
 * Opaque paging cursors: DynamoDB's LastEvaluatedKey as base64url JSON. A cursor comes back
 * from the caller, so it is parsed like any input: only the expected key attributes, only
 * strings (numbers where the key is a number), and the partition it was issued for.
 */
import { InvalidCursorError } from './errors.ts';

type KeyMap = Record<string, string | number>;

export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | null {
  if (!lastKey) return null;
  return Buffer.from(JSON.stringify(lastKey), 'utf8').toString('base64url');
}

export function decodeCursor(
  cursor: string | undefined,
  expected: {
    attributes: readonly string[];
    fixed?: Record<string, string>;
    /** Attributes that are numbers (an index's number sort key, such as points); all others are strings. */
    numeric?: readonly string[];
  },
): KeyMap | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InvalidCursorError();
  const entries = Object.entries(parsed);
  const names = entries.map(([name]) => name).sort();
  const wanted = [...expected.attributes].sort();
  const valid =
    names.length === wanted.length &&
    names.every((name, i) => name === wanted[i]) &&
    entries.every(([name, value]) =>
      expected.numeric?.includes(name)
        ? typeof value === 'number' && Number.isFinite(value)
        : typeof value === 'string' && value.length > 0 && value.length <= 512,
    ) &&
    Object.entries(expected.fixed ?? {}).every(([name, value]) => (parsed as KeyMap)[name] === value);
  if (!valid) throw new InvalidCursorError();
  return parsed as KeyMap;
}
