import './boot.ts';
import '@aws-amplify/ui-react/styles.css';
import 'virtual:amplify-theme.css'; // our colours and fonts over Amplify's (web/build/amplify-theme-css.ts)
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { authService, preloadAuth } from './auth/service.ts';
import { fetchConfigJson } from './config/configJson.ts';
import { applyDeferredStyles } from './deferred-styles.ts';
import { createAppRouter, preloadPages } from './routes.tsx';

// Fetch /config.json and the auth code in parallel while React renders the first screen.
fetchConfigJson().catch(() => undefined); // errors surface (and retry) when auth is configured
preloadAuth();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// An entry document has drawn its page already (web/build/entry-documents.ts): the first render
// replaces that drawing with the same page, so it waits for the page's code and the full
// stylesheets rather than showing the loading screen in between.
const ready = container.hasChildNodes()
  ? Promise.all([applyDeferredStyles(), preloadPages(window.location.pathname).catch(() => undefined)])
  : Promise.resolve();

ready.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App authService={authService} router={createAppRouter()} />
    </StrictMode>,
  ),
);
