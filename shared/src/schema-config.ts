import { config } from 'zod/v4/core';

/**
 * In the browser, zod parses without compiling parsers at run time. The site's
 * Content-Security-Policy has no 'unsafe-eval', so zod's compiled parsers (new Function) would be
 * refused anyway, and its probe for them would leave a policy violation on the console of every
 * page. zod decides when a schema is built, so this runs before any shared schema module is
 * evaluated (web/src/boot.ts, the SPA's first import); servers keep compiling.
 */
export function parseWithoutEval(): void {
  config({ jitless: true });
}
