/**
 * The one hook over the contract's live sockets (`STREAM_ENDPOINTS`, spec 2 §7):
 *
 *   const watch = useStream(STREAM_ENDPOINTS.watchBucket);
 *   watch.start({ params: { bucket }, query: { prefix, suffix } }); … watch.stop();
 *
 * `start` opens the socket (closing any earlier one and clearing the messages), sends the
 * keep-alive 'ok' on open and every 10 s; messages (typed by the entry's schema) are kept, the
 * newest `keep` of them, and handed to `onMessage`. Arriving messages are applied in batches (one
 * render per animation frame), so a fast stream does not render per message. `state` is idle →
 * connecting → open → closed (the server ended it with 1000, or `stop`) or failed (any other close
 * or an error; `closeCode`/`closeReason` say which). Leaving the page closes the socket, which
 * stops the server's upstream.
 */
import {
  KEEP_ALIVE_INTERVAL_MS,
  KEEP_ALIVE_MESSAGE,
  STREAM_CLOSE,
  type StreamEndpoint,
  type StreamMessage,
  type StreamName,
  type StreamRequest,
  type Streams,
} from '@coffer/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamUrl, type StreamUrlArgs } from '../../lib/stream-url.js';
import { useApiClient } from './api-client-context.js';

export type StreamState = 'idle' | 'connecting' | 'open' | 'closed' | 'failed';

export interface StreamOptions<M> {
  /** How many of the newest messages to keep (default 1000). */
  keep?: number;
  onMessage?: (message: M) => void;
}

export interface StreamHandle<N extends StreamName> {
  state: StreamState;
  messages: readonly StreamMessage<Streams[N]>[];
  closeCode?: number;
  closeReason?: string;
  start: (args: StreamRequest<Streams[N]>) => void;
  stop: () => void;
}

const DEFAULT_KEEP = 1000;

interface Status {
  state: StreamState;
  closeCode?: number;
  closeReason?: string;
}

export function useStream<N extends StreamName>(
  endpoint: StreamEndpoint<N>,
  options: StreamOptions<StreamMessage<Streams[N]>> = {},
): StreamHandle<N> {
  type M = StreamMessage<Streams[N]>;
  const client = useApiClient();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [messages, setMessages] = useState<readonly M[]>([]);
  const socketRef = useRef<WebSocket | null>(null);
  const stopRef = useRef<() => void>(() => undefined);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const stop = useCallback(() => stopRef.current(), []);

  const start = useCallback(
    (args: StreamRequest<Streams[N]>) => {
      stopRef.current();
      const keep = optionsRef.current.keep ?? DEFAULT_KEEP;
      const socket = new WebSocket(
        streamUrl(window.location, client.basePath, endpoint, args as StreamUrlArgs),
      );
      socketRef.current = socket;
      let pending: M[] = [];
      let frame: number | undefined;
      let keepAlive: ReturnType<typeof setInterval> | undefined;
      let stoppedByUs = false;
      const current = () => socketRef.current === socket;
      const flush = () => {
        frame = undefined;
        if (!current() || pending.length === 0) return;
        const batch = pending;
        pending = [];
        setMessages((old) => {
          const next = old.concat(batch);
          return next.length > keep ? next.slice(next.length - keep) : next;
        });
      };
      const finish = (state: StreamState, code?: number, reason?: string) => {
        if (keepAlive !== undefined) clearInterval(keepAlive);
        if (frame !== undefined) cancelAnimationFrame(frame);
        flush();
        if (!current()) return;
        socketRef.current = null;
        setStatus({
          state,
          ...(code !== undefined ? { closeCode: code } : {}),
          ...(reason ? { closeReason: reason } : {}),
        });
      };
      setMessages([]);
      setStatus({ state: 'connecting' });
      socket.onopen = () => {
        if (!current()) return;
        socket.send(KEEP_ALIVE_MESSAGE);
        keepAlive = setInterval(() => socket.send(KEEP_ALIVE_MESSAGE), KEEP_ALIVE_INTERVAL_MS);
        setStatus({ state: 'open' });
      };
      socket.onmessage = (event: MessageEvent) => {
        if (!current() || typeof event.data !== 'string') return;
        const message = JSON.parse(event.data) as M;
        optionsRef.current.onMessage?.(message);
        pending.push(message);
        frame ??= requestAnimationFrame(flush);
      };
      socket.onclose = (event: CloseEvent) => {
        const clean = stoppedByUs || event.code === STREAM_CLOSE.normal;
        finish(clean ? 'closed' : 'failed', event.code, event.reason);
      };
      stopRef.current = () => {
        if (!current()) return;
        stoppedByUs = true;
        socket.close(STREAM_CLOSE.normal);
        finish('closed', STREAM_CLOSE.normal);
      };
    },
    [client.basePath, endpoint],
  );

  // Leaving the page closes the socket.
  useEffect(() => () => stopRef.current(), []);

  return { ...status, messages, start, stop };
}
