/**
 * Entry point: detect where the console is mounted, create the API client and render the app.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { createApiClient } from './lib/api-client.js';
import { detectBasePath } from './lib/base-path.js';

const root = document.getElementById('root');
if (root !== null) {
  const client = createApiClient({ basePath: detectBasePath(document.baseURI, window.location.pathname) });
  createRoot(root).render(
    <StrictMode>
      <App client={client} />
    </StrictMode>,
  );
}
