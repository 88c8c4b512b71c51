/**
 * The raw /config.json request, started at boot (main.tsx) so it runs in parallel with the auth
 * code download. Parsing happens in ./runtimeConfig.ts, which carries the schema (and zod) and is
 * loaded with the auth code.
 */
let pending: Promise<unknown> | undefined;

export function fetchConfigJson(fetchImpl: typeof fetch = fetch): Promise<unknown> {
  if (!pending) {
    pending = fetchImpl('/config.json', { headers: { Accept: 'application/json' } })
      .then((response) => {
        if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
        return response.json() as Promise<unknown>;
      })
      .catch((error: unknown) => {
        pending = undefined; // the next caller tries again
        throw error;
      });
  }
  return pending;
}

/** Drops the cached answer (e.g. it did not parse), so the next call fetches again. */
export function forgetConfigJson(): void {
  pending = undefined;
}
