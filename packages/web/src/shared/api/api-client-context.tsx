/**
 * Hands the app's single ApiClient down the tree; API files read it with `useApiClient()`.
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../../lib/api-client.js';

const ApiClientContext = createContext<ApiClient | null>(null);

export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (client === null) throw new Error('useApiClient must be used inside <ApiClientProvider>');
  return client;
}
