/**
 * `useStream` over a fake WebSocket: the URL (base path, params, query), the keep-alive 'ok' on
 * open and every 10 s, messages kept in order (reset on each start), and the states after a
 * normal close (closed), another close code (failed) and `stop` (closed, socket closed 1000).
 */
import { STREAM_ENDPOINTS } from '@coffer/contract/client';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api-client.js';
import { FakeWebSocket } from '../../test/fake-websocket.js';
import { ApiClientProvider } from './api-client-context.js';
import { useStream } from './use-stream.js';

const wrapper = ({ children }: { children: ReactNode }) => (
  <ApiClientProvider client={createApiClient({ basePath: '/coffer' })}>{children}</ApiClientProvider>
);

const event = { time: '2026-01-01T00:00:00Z', size: 3, type: 's3:ObjectCreated:Put', path: 'a.txt' };

beforeEach(() => {
  FakeWebSocket.all = [];
  vi.useFakeTimers({
    toFake: ['setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useStream', () => {
  it('opens the entry under the base path, keeps alive, collects messages and ends closed on 1000', () => {
    const { result } = renderHook(() => useStream(STREAM_ENDPOINTS.watchBucket), { wrapper });
    expect(result.current.state).toBe('idle');
    act(() => result.current.start({ params: { bucket: 'b1' }, query: { prefix: 'x/', suffix: '' } }));
    const socket = FakeWebSocket.all[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/coffer/ws/watch/b1?prefix=x%2F&suffix=`);
    expect(result.current.state).toBe('connecting');
    act(() => socket.onopen?.());
    expect(result.current.state).toBe('open');
    expect(socket.sent).toEqual(['ok']);
    act(() => vi.advanceTimersByTime(20_000));
    expect(socket.sent).toEqual(['ok', 'ok', 'ok']);
    act(() => {
      socket.onmessage?.({ data: JSON.stringify(event) });
      socket.onmessage?.({ data: JSON.stringify({ ...event, path: 'b.txt' }) });
      vi.advanceTimersToNextFrame();
    });
    expect(result.current.messages.map((m) => m.path)).toEqual(['a.txt', 'b.txt']);
    act(() => socket.onclose?.({ code: 1000, reason: '' }));
    expect(result.current.state).toBe('closed');
    act(() => vi.advanceTimersByTime(20_000));
    expect(socket.sent).toHaveLength(3);
  });

  it('fails on another close code, and a new start resets the messages', () => {
    const { result } = renderHook(() => useStream(STREAM_ENDPOINTS.watchBucket), { wrapper });
    act(() => result.current.start({ params: { bucket: 'b1' } }));
    const first = FakeWebSocket.all[0]!;
    act(() => {
      first.onopen?.();
      first.onmessage?.({ data: JSON.stringify(event) });
      vi.advanceTimersToNextFrame();
    });
    act(() => first.onclose?.({ code: 1011, reason: 'The specified bucket does not exist' }));
    expect(result.current).toMatchObject({
      state: 'failed',
      closeCode: 1011,
      closeReason: 'The specified bucket does not exist',
    });
    expect(result.current.messages).toHaveLength(1);
    act(() => result.current.start({ params: { bucket: 'b1' } }));
    expect(result.current.messages).toHaveLength(0);
    expect(result.current.state).toBe('connecting');
  });

  it('stop closes the socket with 1000 and ignores what it still delivers', () => {
    const { result } = renderHook(() => useStream(STREAM_ENDPOINTS.watchBucket), { wrapper });
    act(() => result.current.start({ params: { bucket: 'b1' } }));
    const socket = FakeWebSocket.all[0]!;
    act(() => socket.onopen?.());
    act(() => result.current.stop());
    expect(socket.closedWith).toBe(1000);
    expect(result.current.state).toBe('closed');
    act(() => {
      socket.onmessage?.({ data: JSON.stringify(event) });
      vi.advanceTimersToNextFrame();
    });
    expect(result.current.messages).toHaveLength(0);
  });
});
