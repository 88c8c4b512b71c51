import type { Club } from '@clubs/shared';
import { ulid } from 'ulid';

/** A valid club with sensible defaults; tests override what they assert on. */
export function clubFixture(overrides: Partial<Omit<Club, 'memberCount'>> = {}): Omit<Club, 'memberCount'> {
  return {
    id: ulid(),
    ownerId: ulid(),
    name: 'Morning Runners',
    description: 'We run at dawn.',
    logoUrl: null,
    coverImageUrl: null,
    createdAt: new Date().toISOString(),
    price: 0,
    currency: 'USD',
    trialPeriod: 7,
    category: 'sports',
    status: 'active',
    ...overrides,
  };
}
