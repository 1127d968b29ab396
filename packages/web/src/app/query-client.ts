/**
 * The TanStack Query client and the app-wide failure rule (spec 1 §8): a 401, or a request with no
 * status at all, sends the user to /login; any other failure shows the error toast unless the query
 * or mutation says it handles its own errors (`meta.silent`, e.g. modals, which show errors inside).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toApiError } from '../lib/api-error.js';
import type { ApiError } from '../lib/api-error.js';
import type { CofferMeta } from '../shared/api/query-meta.js';

export interface QueryClientHooks {
  onAuthLost: () => void;
  onError: (error: ApiError) => void;
}

export function createQueryClient(hooks: QueryClientHooks): QueryClient {
  const handle = (error: unknown, meta: CofferMeta | undefined) => {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    const apiError = toApiError(error);
    if (apiError.needsLogin && meta?.skipAuthRedirect !== true) {
      hooks.onAuthLost();
      return;
    }
    if (meta?.silent !== true) hooks.onError(apiError);
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handle(error, query.meta as CofferMeta | undefined),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        handle(error, mutation.meta as CofferMeta | undefined),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
