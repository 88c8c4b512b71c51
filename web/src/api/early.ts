/** The global the early-data script fills (spelled out there too: see its comment). */
const EARLY_ANSWERS = '__clubsEarlyAnswers';

/**
 * The answer the entry document's first script already asked for (web/src/early/early-data.ts),
 * taken once: the first call for exactly that URL uses it, every later call asks the server.
 * A failed early request counts as none, so the caller asks again.
 */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const answers = (globalThis as Record<string, unknown>)[EARLY_ANSWERS];
  if (!(answers instanceof Map)) return undefined;
  const answer = answers.get(url) as Promise<Response> | undefined;
  answers.delete(url);
  return answer;
}
