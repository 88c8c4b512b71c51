/**
 * A handler bundled in memory exactly as `cdk deploy` bundles it (BUNDLE_SETTINGS), with
 * esbuild's metafile: what `npm run bench:bundle` measures and what the infra tests read to
 * find the AWS calls a function's shipped code makes.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuildOptions, build, type Metafile, type OutputFile } from 'esbuild';
import { BUNDLE_SETTINGS } from './handler-function.ts';
import { REPO_ROOT } from './paths.ts';

export interface HandlerBundle {
  /** The JavaScript file Lambda loads. */
  readonly js: OutputFile;
  /** Its entry in the metafile: inputs and their bytes, imports. */
  readonly output: Metafile['outputs'][string];
  /** The whole metafile: every input and what it imports. */
  readonly metafile: Metafile;
}

/** `overrides` change settings for reading rather than shipping (e.g. `minify: false`). */
export async function bundleHandler(
  handler: string,
  entry: string,
  overrides: Partial<BuildOptions> = {},
): Promise<HandlerBundle> {
  const result = await build({
    ...BUNDLE_SETTINGS,
    ...overrides,
    entryPoints: [entry],
    // Never written (write: false); esbuild needs an output path for the source map.
    outfile: path.join(tmpdir(), 'clubs-bundle', handler, 'index.mjs'),
    absWorkingDir: REPO_ROOT,
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const js = result.outputFiles.find((file) => /\.m?js$/.test(file.path));
  const [, output] =
    Object.entries(result.metafile.outputs).find(([outputPath]) => /\.m?js$/.test(outputPath)) ?? [];
  if (!js || !output) throw new Error(`${handler}: esbuild produced no JavaScript output`);
  return { js, output, metafile: result.metafile };
}
