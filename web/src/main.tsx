import './boot.ts';
import '@aws-amplify/ui-react/styles.css';
import 'virtual:amplify-theme.css'; // our colours and fonts over Amplify's (web/build/amplify-theme-css.ts)
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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

// An entry document has drawn its page already (web/build/entry-documents.ts): the app takes that
// drawing over (hydrates it) once the page's code and the full stylesheets are in, rather than
// drawing it again or showing the loading screen in between.
const app = (
  <StrictMode>
    <App authService={authService} router={createAppRouter()} />
  </StrictMode>
);
if (container.hasChildNodes()) {
  Promise.all([applyDeferredStyles(), preloadPages(window.location.pathname)]).then(
    () => hydrateRoot(container, app),
    // The page's code did not load: start afresh, and the route shows what went wrong.
    () => {
      container.replaceChildren();
      createRoot(container).render(app);
    },
  );
} else {
  createRoot(container).render(app);
}
