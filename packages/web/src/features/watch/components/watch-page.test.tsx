/**
 * The Watch page over a fake bucket list and a fake WebSocket: Start waits for a bucket of the
 * list, opens `/ws/watch/{bucket}` with prefix and suffix, locks the inputs while running and
 * shows the changes newest first; a failed stream says why and frees the inputs; Stop closes.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { FakeWebSocket } from '../../../test/fake-websocket.js';
import { renderWithApp } from '../../../test/render.js';
import { WatchPage } from './watch-page.js';

const ids = TEST_IDS.watch;
const buckets = () => ({
  status: 200,
  body: { buckets: [{ name: 'photos', creation_date: '2026-01-01T00:00:00Z' }], total: 1 },
});
const event = (path: string, type = 's3:ObjectCreated:Put') => ({
  data: JSON.stringify({ time: '2026-01-01T00:00:00Z', size: 2048, type, path }),
});

beforeEach(() => {
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

async function pickBucket() {
  fireEvent.click(screen.getByTestId(ids.bucket));
  // happy-dom never runs the dropdown's transition, so its options count as hidden.
  fireEvent.click(await screen.findByRole('option', { name: 'photos', hidden: true }));
}

describe('WatchPage', () => {
  it('starts only for a bucket of the list, locks the inputs and lists the changes newest first', async () => {
    renderWithApp(<WatchPage />, { handler: buckets });
    expect(screen.getByTestId(ids.empty).textContent).toBe('No Changes at this time');
    expect((screen.getByTestId(ids.start) as HTMLButtonElement).disabled).toBe(true);
    await pickBucket();
    fireEvent.change(screen.getByTestId(ids.prefix), { target: { value: 'raw/' } });
    fireEvent.change(screen.getByTestId(ids.suffix), { target: { value: '.jpg' } });
    fireEvent.click(screen.getByTestId(ids.start));
    const socket = FakeWebSocket.all[0]!;
    expect(new URL(socket.url).pathname + new URL(socket.url).search).toBe(
      '/ws/watch/photos?prefix=raw%2F&suffix=.jpg',
    );
    act(() => socket.onopen?.());
    for (const input of [ids.bucket, ids.prefix, ids.suffix]) {
      expect((screen.getByTestId(input) as HTMLInputElement).disabled).toBe(true);
    }
    act(() => {
      socket.onmessage?.(event('raw/a.jpg'));
      socket.onmessage?.(event('raw/b.jpg'));
    });
    await waitFor(() => expect(screen.getAllByTestId(ids.row)).toHaveLength(2));
    const rows = screen.getAllByTestId(ids.row);
    expect(rows[0]?.textContent).toContain('raw/b.jpg');
    expect(rows[1]?.textContent).toContain('2 KiB');
    expect(screen.queryByTestId(ids.empty)).toBeNull();

    fireEvent.click(screen.getByTestId(ids.stop));
    expect(socket.closedWith).toBe(1000);
    expect((screen.getByTestId(ids.prefix) as HTMLInputElement).disabled).toBe(false);
  });

  it('tells why a stream failed and returns to idle', async () => {
    renderWithApp(<WatchPage />, { handler: buckets });
    await pickBucket();
    fireEvent.click(screen.getByTestId(ids.start));
    const socket = FakeWebSocket.all[0]!;
    act(() => socket.onclose?.({ code: 1011, reason: 'Access Denied.' }));
    expect(screen.getByTestId(ids.failed).textContent).toBe('Watching stopped: Access Denied.');
    expect(screen.getByTestId(ids.start)).toBeTruthy();
  });
});
