import './boot.ts';
import '@aws-amplify/ui-react/styles.css';
import 'virtual:amplify-theme.css'; // our colours and fonts over Amplify's (web/build/amplify-theme-css.ts)
import './styles.css';
import { preloadAuth } from './auth/service.ts';
import { fetchConfigJson } from './config/configJson.ts';
import { startOnDemand, startsOnDemand } from './start-on-demand.ts';

// Someone who may be signed in gets /config.json and the auth code at once, in parallel, while
// React starts; a signed-out visitor loads neither until they sign in (the login page asks for
// /config.json itself).
const maySignedIn = preloadAuth();
if (maySignedIn)
  fetchConfigJson().catch(() => undefined); // errors surface (and retry) when auth is configured
// A visitor with no session on this device sees Log In and Sign Up on a drawn page before the app
// has checked (components/public/topbar.css): there is nothing for the check to find.
else document.documentElement.setAttribute('data-signed-out', '');

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// This module holds no React: the app is a chunk of its own (app-start.tsx). A page an entry
// document drew for a signed-out visitor (with its data, where its top is data: draw-with-data.tsx)
// is already what they read, so the app starts when they act on it or scroll to a part that waits
// for data (start-on-demand.ts); anyone who may be signed in, and every page drawn in the browser,
// starts it at once.
const start = (beforeTakeOver?: () => void) =>
  import('./app-start.tsx').then(({ startApp }) => startApp(container, beforeTakeOver));
if (!maySignedIn && container.hasChildNodes() && startsOnDemand()) startOnDemand(container, start);
else void start();
