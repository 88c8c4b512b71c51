/**
 * Concrete paths from the manifest's path templates. Apart from the manifest (routes.ts) so that
 * a caller needing only this, the SPA's API client above all, does not bundle every route's
 * schemas with it.
 */

/** Fills {name} placeholders, encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
