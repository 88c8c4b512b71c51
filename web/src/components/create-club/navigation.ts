/** Where the browser goes for a Stripe-hosted page (a seam for tests). */
export const browser = { assign: (url: string) => window.location.assign(url) };
