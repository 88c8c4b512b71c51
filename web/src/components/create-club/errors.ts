import { isApiError } from '../../api/errors.ts';

/** The server's message for a refusal it explains (4xx, 503); otherwise the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message && (error.status < 500 || error.status === 503))
    return error.message;
  return fallback;
}
