import { currentIdToken } from '../auth/service.ts';
import { createApiClient } from './client.ts';

export { ApiError, type ApiErrorBody, isApiError } from './errors.ts';

/** The app's client: same origin (CloudFront or the dev server routes /api), Amplify's ID token. */
export const api = createApiClient({ getIdToken: currentIdToken });
