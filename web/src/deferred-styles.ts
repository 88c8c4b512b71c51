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
 * Applies the stylesheets an entry document deferred (it painted with the rules its drawing
 * needs inlined, and loads the full sheets as media="print", which does not block painting) and
 * resolves then: the app's first render may draw what the inlined rules do not cover. All of them
 * at once, once all have loaded: Amplify's sheet applied before ours would undo our overrides
 * of its rules for a moment, and the page would jump. Nothing to do on a page without them.
 */
export async function applyDeferredStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED}]`)];
  await Promise.all(links.map(loaded));
  for (const link of links) {
    link.media = link.getAttribute(DEFERRED) ?? 'all';
    link.removeAttribute(DEFERRED);
  }
}
