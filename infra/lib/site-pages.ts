/**
 * The site-pages function (functions/src/routes/site-pages.ts): the pages drawn with their data,
 * CloudFront's origin for them (Site.routeDrawnPages). Its bundle carries the drawing module the
 * web build writes (web/dist-server) and the pages' built entry documents, copied in after
 * esbuild, so the drawing and the documents always come from the same build as the site's
 * files. It reads through the clubs group's handler in-process: the clubs group's environment
 * and grants, nothing more.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DRAW_MODULE_DIR,
  DRAW_MODULE_FILE,
  DRAWING_BUNDLE_DIR,
  ENTRY_DOCUMENTS,
  type EntryDocument,
} from '@clubs/shared';
import { Annotations } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { environmentFor, grantAccess, type HandlerResources } from './group-access.ts';
import { HandlerFunction, SIZES } from './handler-function.ts';
import { resolveFromRoot } from './paths.ts';

export const SITE_PAGES_HANDLER = 'site-pages';
export const DRAWING_MISSING = '@clubs/infra:drawingMissing';

export interface SitePagesProps {
  readonly resources: HandlerResources;
  readonly logRetention: RetentionDays;
  /** The built SPA, relative to the repository root; the drawing module is built beside it. */
  readonly webDistDir: string;
}

/** The files the function's bundle carries from the web build: the drawing module's folder, the templates. */
export function drawingFiles(webDistDir: string): { moduleDir: string; templates: string[] } {
  const distDir = resolveFromRoot(webDistDir);
  return {
    moduleDir: path.join(path.dirname(distDir), DRAW_MODULE_DIR),
    templates: (ENTRY_DOCUMENTS as readonly EntryDocument[])
      .filter((document) => document.drawnWithData)
      .map((document) => path.join(distDir, document.file)),
  };
}

/**
 * The clubs group's environment without what only a signed-in caller's request reads (the user
 * pool, the site's URL): the drawing asks as an anonymous visitor, and naming them would make the
 * function wait on the distribution whose origin it is.
 */
function pagesEnvironment(resources: HandlerResources): Record<string, string> {
  const signedInOnly = new Set(['SITE_URL', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID']);
  const environment = Object.entries(environmentFor('clubs', resources)).filter(
    ([name]) => !signedInOnly.has(name),
  );
  return { ...Object.fromEntries(environment), POWERTOOLS_SERVICE_NAME: `clubs-${SITE_PAGES_HANDLER}` };
}

const quoted = (file: string) => `'${file.replace(/'/g, "'\\''")}'`;

export class SitePages extends Construct {
  readonly handler: HandlerFunction;

  constructor(scope: Construct, id: string, props: SitePagesProps) {
    super(scope, id);
    const { moduleDir, templates } = drawingFiles(props.webDistDir);
    const missing = [path.join(moduleDir, DRAW_MODULE_FILE), ...templates].filter(
      (file) => !existsSync(file),
    );
    // Without index.html the site content already refuses to synthesize (site-content.ts).
    const built = existsSync(path.join(resolveFromRoot(props.webDistDir), 'index.html'));
    if (built && missing.length > 0) {
      Annotations.of(this).addError(
        `${DRAWING_MISSING}: ${missing.join(', ')} not found: the web build writes the drawing module and ` +
          'the entry documents together. Run `npm run build -w web`.',
      );
    }
    this.handler = new HandlerFunction(this, 'Handler', {
      handler: SITE_PAGES_HANDLER,
      description: 'The landing page, the directory and club pages drawn with their data, behind CloudFront',
      ...SIZES.pages,
      logRetention: props.logRetention,
      environment: pagesEnvironment(props.resources),
      afterBundling: (outputDir) => {
        const into = path.join(outputDir, DRAWING_BUNDLE_DIR);
        return [
          `mkdir -p ${quoted(into)}`,
          `cp -R ${quoted(`${moduleDir}/.`)} ${quoted(`${into}/`)}`,
          `cp ${templates.map(quoted).join(' ')} ${quoted(`${into}/`)}`,
        ];
      },
    });
    grantAccess('clubs', this.handler, props.resources);
  }
}
