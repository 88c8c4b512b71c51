import { vi } from 'vitest';

// Every page test that shares its worker's module graph talks to the API as one signed-in person
// (its requests carry this ID token); which person, and whether anyone is signed in at all, is
// the auth service each test renders the app with. A file that needs the real token lookup
// replaces modules itself and therefore runs isolated, without this file (vitest.config.ts).
vi.mock('../../web/src/auth/service.ts', () => ({ currentIdToken: vi.fn(async () => 'id-token-1') }));
