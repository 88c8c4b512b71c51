/**
 * Fixtures of the public site's and account pages' tests, over the one fetch double
 * (api-mock.ts): `routeFetch` is `mockApi`.
 */
import { club, me } from './api-mock.ts';

export { type Call as RecordedCall, mockApi as routeFetch } from './api-mock.ts';

export const profile = (overrides: Record<string, unknown> = {}) => ({
  ...me,
  bio: 'Counts things.',
  location: 'London',
  ...overrides,
});

export const featuredClub = (overrides: Record<string, unknown> = {}) => ({
  ...club({
    name: 'Morning Yoga Circle',
    description: 'Gentle flows at dawn for every level.',
    memberCount: 12,
  }),
  ...overrides,
});
