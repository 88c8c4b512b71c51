/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys, as the
 * `stripe` SDK writes them (`line_items[0][price_data][currency]=usd`, `expand[0]=customer`,
 * `metadata[clubId]=…`). Parsed into plain objects; numeric keys make arrays. Values stay strings
 * (Stripe's API is typed by each endpoint, so the handlers convert what they read).
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][0][c]` -> ['a', 'b', '0', 'c']. */
function pathOf(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] as string, ...rest];
}

const isIndex = (segment: string) => /^\d+$/.test(segment) || segment === '';

function assign(target: FormObject, path: string[], value: string): void {
  let node: FormObject | FormValue[] = target;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as string;
    const last = i === path.length - 1;
    const nextIsIndex = !last && isIndex(path[i + 1] as string);
    if (Array.isArray(node)) {
      const index = segment === '' ? node.length : Number(segment);
      if (last) node[index] = value;
      else {
        node[index] ??= nextIsIndex ? [] : {};
        node = node[index] as FormObject | FormValue[];
      }
    } else {
      if (last) node[segment] = value;
      else {
        const existing: FormValue | undefined = node[segment];
        if (existing === undefined || typeof existing === 'string') node[segment] = nextIsIndex ? [] : {};
        node = node[segment] as FormObject | FormValue[];
      }
    }
  }
}

/** Parses a form-encoded body or query string (without the leading `?`). */
export function parseForm(text: string): FormObject {
  const result: FormObject = {};
  if (!text) return result;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const rawKey = at < 0 ? pair : pair.slice(0, at);
    const rawValue = at < 0 ? '' : pair.slice(at + 1);
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const path = pathOf(decode(rawKey));
    if (!path) continue;
    assign(result, path, decode(rawValue));
  }
  return result;
}

/** Readers for parsed values, which are strings, objects or arrays. */
export const read = {
  string(value: FormValue | undefined): string | undefined {
    return typeof value === 'string' ? value : undefined;
  },
  integer(value: FormValue | undefined): number | undefined {
    if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return undefined;
    return Number(value);
  },
  number(value: FormValue | undefined): number | undefined {
    if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(Number(value))) return undefined;
    return Number(value);
  },
  boolean(value: FormValue | undefined): boolean | undefined {
    if (value === 'true') return true;
    if (value === 'false') return false;
    return undefined;
  },
  object(value: FormValue | undefined): FormObject | undefined {
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  },
  list(value: FormValue | undefined): FormValue[] {
    if (Array.isArray(value)) return value.filter((v) => v !== undefined);
    // `expand[0]` and `lookup_keys[0]` arrive as arrays; a bare value counts as a list of one.
    return value === undefined ? [] : [value];
  },
  strings(value: FormValue | undefined): string[] {
    return read.list(value).filter((v): v is string => typeof v === 'string');
  },
  /** Metadata: string values only; an empty value unsets a key (Stripe's rule). */
  metadata(value: FormValue | undefined, previous: Record<string, string> = {}): Record<string, string> {
    const object = read.object(value);
    if (value === '') return {};
    if (!object) return previous;
    const next = { ...previous };
    for (const [key, v] of Object.entries(object)) {
      if (typeof v !== 'string') continue;
      if (v === '') delete next[key];
      else next[key] = v;
    }
    return next;
  },
};
