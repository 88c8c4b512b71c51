import { DEFERRED_STYLE_HREF } from '@clubs/shared/site-documents';

/** The attribute web/build/entry-documents.ts (through Beasties) marks deferred stylesheets with. */
const DEFERRED = 'data-beasties-media';

const loaded = (link: HTMLLinkElement): Promise<void> =>
  link.sheet
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      });

/**
 * Fetches and applies the stylesheets an entry document deferred (it painted with the rules its
 * drawing needs inlined, and names the full sheets without fetching them) and resolves then: the app's first render may draw what the inlined rules do not cover. All of them
 * at once, once all have loaded: Amplify's sheet applied before ours would undo our overrides
 * of its rules for a moment, and the page would jump. Nothing to do on a page without them.
 */
export async function applyDeferredStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED}]`)];
  for (const link of links) {
    const href = link.getAttribute(DEFERRED_STYLE_HREF);
    if (href === null) continue;
    // Still media="print" until all have loaded, so the sheet does not apply on its own.
    link.href = href;
    link.removeAttribute(DEFERRED_STYLE_HREF);
  }
  await Promise.all(links.map(loaded));
  for (const link of links) {
    link.media = link.getAttribute(DEFERRED) ?? 'all';
    link.removeAttribute(DEFERRED);
  }
}
