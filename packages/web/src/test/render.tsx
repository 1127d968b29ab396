/**
 * Renders a component the way the app does — texts (English, the spec's language), theme, API
 * client over a fake fetch, query client, notifications, router, and optionally a session — for
 * component tests.
 */
import { MantineProvider, Modal, createTheme } from '@mantine/core';
import { Notifications, createNotificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../app/query-client.js';
import { createBundledI18n } from './bundled-i18n.js';
import { createApiClient } from '../lib/api-client.js';
import { ApiClientProvider } from '../shared/api/api-client-context.js';
import type { SessionResponse } from '../shared/api/types.js';
import { NotifyProvider } from '../shared/components/notify.js';
import { SessionProvider } from '../shared/session/session-context.js';

/**
 * Modals open without a transition: with one, the modal's frame (and its test id) is in the page
 * a moment before its content, and a test that found the frame could miss the content on a loaded
 * machine. The app keeps its transitions; what the tests check is the content.
 */
const TEST_THEME = createTheme({
  components: { Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }) },
});

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

/** An answer: `body` is sent as JSON; `text` as it is (e.g. NDJSON lines). */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  text?: string;
}

export type FakeHandler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/** A fetch that answers from `handler` and records every call. */
export function fakeFetch(handler: FakeHandler): { fetch: typeof fetch; calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const answer = await handler(call);
    const text = answer.text ?? (answer.body === undefined ? null : JSON.stringify(answer.body));
    return new Response(text, { status: answer.status });
  };
  return { fetch: fn as typeof fetch, calls };
}

export const SESSION: SessionResponse = {
  status: 'ok',
  pages: ['/buckets', '/object-browser'],
  features: [],
  operator: false,
  distributedMode: true,
};

export interface RenderOptions {
  handler: FakeHandler;
  path?: string;
  route?: string;
  session?: SessionResponse | null;
}

export function renderWithApp(ui: ReactElement, options: RenderOptions) {
  const { fetch, calls } = fakeFetch(options.handler);
  const client = createApiClient({ basePath: '', fetch });
  const store = createNotificationsStore();
  const authLost: string[] = [];
  // The errors the app would toast (calls not marked silent), for tests of what is toasted.
  const toasted: string[] = [];
  const queryClient = createQueryClient({
    onAuthLost: () => authLost.push('/login'),
    onError: (error) => toasted.push(error.message),
  });
  const session = options.session === undefined ? SESSION : options.session;
  const routed = (
    <MemoryRouter initialEntries={[options.path ?? '/']}>
      <Routes>
        <Route path={options.route ?? '*'} element={ui} />
        <Route path="/login" element={<div>login screen</div>} />
      </Routes>
    </MemoryRouter>
  );
  const i18n = createBundledI18n('en');
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={TEST_THEME}>
        <Notifications store={store} />
        <ApiClientProvider client={client}>
          <QueryClientProvider client={queryClient}>
            <NotifyProvider store={store}>
              {session === null ? routed : <SessionProvider session={session}>{routed}</SessionProvider>}
            </NotifyProvider>
          </QueryClientProvider>
        </ApiClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, calls, authLost, toasted };
}
