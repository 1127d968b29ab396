/**
 * Entry point: detect where the console is mounted, create the API client, load the starting
 * language's texts and render the app (not before: no flash of another language or of raw keys).
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppI18n } from './app/app.js';
import { createApiClient } from './lib/api-client.js';
import { detectBasePath } from './lib/base-path.js';

const root = document.getElementById('root');
if (root !== null) {
  const client = createApiClient({ basePath: detectBasePath(document.baseURI, window.location.pathname) });
  void createAppI18n().then((i18n) => {
    createRoot(root).render(
      <StrictMode>
        <App client={client} i18n={i18n} />
      </StrictMode>,
    );
  });
}
