/**
 * The site's static pages as a visitor finds them: the path, the page's heading, and what the
 * browser tab says before " · Clubs". The web tests render each, the e2e walk visits each.
 */
export const STATIC_PAGES: readonly { path: string; heading: string; title: string }[] = [
  { path: '/about', heading: 'About Clubs', title: 'About' },
  { path: '/features', heading: 'Features', title: 'Features' },
  { path: '/pricing', heading: 'Pricing', title: 'Pricing' },
  { path: '/contact', heading: 'Contact Us', title: 'Contact' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy' },
  { path: '/support', heading: 'Help Centre', title: 'Help Centre' },
];
