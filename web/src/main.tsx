import './boot.ts';
import '@aws-amplify/ui-react/styles.css';
import 'virtual:amplify-theme.css'; // our colours and fonts over Amplify's (web/build/amplify-theme-css.ts)
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { authService, preloadAuth } from './auth/service.ts';
import { fetchConfigJson } from './config/configJson.ts';
import { createAppRouter } from './routes.tsx';

// Fetch /config.json and the auth code in parallel while React renders the first screen.
fetchConfigJson().catch(() => undefined); // errors surface (and retry) when auth is configured
preloadAuth();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App authService={authService} router={createAppRouter()} />
  </StrictMode>,
);
