/** Where the browser goes for a Stripe-hosted page (a seam for tests). */
export const browser = { assign: (url: string) => window.location.assign(url) };

/**
 * Sends the browser to `url` and never settles: an action that ends by leaving the page stays
 * under way (its buttons busy) until the page is gone, so nothing is clicked twice meanwhile.
 */
export function leaveFor(url: string): Promise<never> {
  browser.assign(url);
  return new Promise<never>(() => undefined);
}
