/**
 * At sign-out, every live socket the person has open (this tab's and any other device's) is
 * closed by the API, so none outlives the session. Called with the ID token read just before the
 * stored session was forgotten; best effort: a failure does not hold the sign-out.
 */
import { type ApiFunction, createApiClient } from '../api/client.ts';

export function closeLiveSockets(idToken: string, client?: ApiFunction): Promise<void> {
  const call = client ?? createApiClient({ getIdToken: async () => idToken });
  return call('closeLiveConnections').then(
    () => undefined,
    (error: unknown) => console.warn('Live sockets were not closed', error),
  );
}
