/**
 * The entry documents' first script (web/build/entry-documents.ts): it arrives in one small
 * request, before the app's code, and starts the page's first API request at once, so the
 * answer travels while the code does. The API client takes the answer instead of asking again
 * (web/src/api/early.ts).
 */
import { earlyRequestOf } from './early-requests.ts';

/**
 * Where the answers wait: web/src/api/early.ts reads the same global (spelled out in both, since a
 * constant shared with the app would become a chunk this script has to wait for;
 * tests/web/early-requests.test.ts runs both).
 */
const EARLY_ANSWERS = '__clubsEarlyAnswers';

/**
 * The data block of a document drawn with its data (web/src/drawn-data.ts, spelled out for the
 * same reason): the page's first answer is in the document, so there is nothing to ask for.
 */
const DRAWN_DATA_ID = 'clubs-drawn-data';

const url = document.getElementById(DRAWN_DATA_ID)
  ? undefined
  : earlyRequestOf(location.pathname, location.search);
if (url) {
  // The same request the client makes for a public route: GET, JSON, no token.
  const answer = fetch(url, { headers: { Accept: 'application/json' } });
  answer.catch(() => undefined); // a failure is the client's to report, when it asks again
  Object.assign(globalThis, { [EARLY_ANSWERS]: new Map([[url, answer]]) });
}
