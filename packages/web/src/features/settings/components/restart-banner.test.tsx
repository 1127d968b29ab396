import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { SESSION, renderWithApp, type FakeAnswer } from '../../../test/render.js';
import { RestartBanner } from './restart-banner.js';

const ids = TEST_IDS.restartBanner;
const session = { ...SESSION, pages: [...SESSION.pages, '/settings'] };

/** A server whose restart answers when the test says so. */
function restartServer(required: boolean) {
  let finish: (answer: FakeAnswer) => void = () => undefined;
  const handler = (call: { method: string; url: string }): FakeAnswer | Promise<FakeAnswer> => {
    if (call.url === '/api/v1/service/restart' && call.method === 'GET')
      return { status: 200, body: { restart_required: required } };
    if (call.url === '/api/v1/service/restart' && call.method === 'POST')
      return new Promise<FakeAnswer>((resolve) => {
        finish = resolve;
      });
    return { status: 404, body: {} };
  };
  return { handler, finish: (answer: FakeAnswer) => finish(answer) };
}

describe('restart banner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows when a restart is needed; restarting shows progress; success clears it', async () => {
    const server = restartServer(true);
    const { calls } = renderWithApp(<RestartBanner />, { handler: server.handler, session });
    expect((await screen.findByTestId(ids.banner)).textContent).toContain(
      'The instance needs to be restarted for configuration changes to take effect.',
    );
    fireEvent.click(screen.getByTestId(ids.restart));
    const restarting = await screen.findByTestId(ids.restarting);
    expect(restarting.textContent).toContain('The server is restarting.');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByTestId(ids.banner)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/v1/service/restart', body: {} },
    ]);
    server.finish({ status: 200, body: {} });
    await vi.waitFor(() => expect(screen.queryByTestId(ids.restarting)).toBeNull());
    expect(screen.queryByTestId(ids.banner)).toBeNull();
  });

  it('a failed restart is only logged; the banner stays', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = restartServer(true);
    const { toasted } = renderWithApp(<RestartBanner />, { handler: server.handler, session });
    fireEvent.click(await screen.findByTestId(ids.restart));
    await screen.findByTestId(ids.restarting);
    server.finish({ status: 500, body: { code: 'restart_failed', message: 'The server did not come back' } });
    await screen.findByTestId(ids.banner);
    expect(logged).toHaveBeenCalledWith('Restart failed:', 'The server did not come back');
    expect(toasted).toEqual([]);
  });

  it('is absent when no restart is needed, and not asked without the Settings page', async () => {
    const server = restartServer(false);
    const first = renderWithApp(<RestartBanner />, { handler: server.handler, session });
    await vi.waitFor(() => expect(first.calls.length).toBe(1));
    expect(screen.queryByTestId(ids.banner)).toBeNull();
    first.unmount();
    const second = renderWithApp(<RestartBanner />, { handler: restartServer(true).handler });
    expect(second.calls).toEqual([]);
    expect(screen.queryByTestId(ids.banner)).toBeNull();
  });
});
