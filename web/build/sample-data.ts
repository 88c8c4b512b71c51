/**
 * Sample answers of the API's public reads, which the build draws the pages drawn with their data
 * from once (entry-documents.ts): their drawing then holds every kind of card and club header the
 * real data can show (premium and free, with and without images), so the CSS rules those use are
 * inlined in the documents.
 */
import type { PublicClub } from '../../shared/src/domain/club.ts';

/** A club as the API shows it, active and free unless `more` says otherwise. */
export const sampleClub = (id: string, more: Partial<PublicClub> = {}): PublicClub => ({
  id,
  name: 'Sample club',
  description: 'A sample club that the build draws the landing, directory and club pages with.',
  logoUrl: null,
  coverImageUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  price: 0,
  currency: 'USD',
  trialPeriod: 0,
  category: null,
  status: 'active',
  memberCount: 1,
  ...more,
});

const CLUBS: PublicClub[] = [
  sampleClub('01SAMPLEPREMIUM', {
    name: 'Sample premium club',
    price: 9,
    trialPeriod: 7,
    logoUrl: '/media/sample-logo.webp',
    coverImageUrl: '/media/sample-cover.webp',
    memberCount: 12,
  }),
  sampleClub('01SAMPLEFREE'),
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/**
 * Answers the reads the drawn pages make: the featured clubs, the directory's first page, and any
 * club (the first).
 */
export const SAMPLE_API: typeof fetch = async (input) => {
  const url = new URL(String(input), 'http://build');
  if (url.pathname === '/api/featured-clubs') return json({ items: CLUBS });
  if (url.pathname === '/api/clubs') return json({ items: CLUBS, nextCursor: 'sample' });
  if (url.pathname.startsWith('/api/clubs/')) return json(CLUBS[0]);
  return new Response(null, { status: 404 });
};
