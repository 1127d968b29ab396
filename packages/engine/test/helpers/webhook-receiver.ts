/**
 * A real HTTP receiver for webhook tests (notification targets, logger/audit webhooks): listens on
 * a free loopback port, records the method, path, headers and body of every request, answers a
 * configurable status, and can be stopped and started again on the same port (outage tests).
 * `waitFor(n)` resolves once n requests have arrived — tests wait for state, never for time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` — stays the same across stop()/start(). */
  readonly url: string;
  readonly port: number;
  /** Every request so far, in arrival order (HEAD/GET probes included). */
  readonly requests: ReceivedRequest[];
  /** Requests whose method is POST (the deliveries), in arrival order. */
  posts(): ReceivedRequest[];
  /** POST bodies parsed as JSON, in arrival order. */
  json<T = unknown>(): T[];
  /** The status answered from now on (default 200). */
  setStatus(status: number): void;
  /** Resolves when at least `n` POST requests arrived (rejects after `timeoutMs`, default 60 s). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** Forget the requests recorded so far. */
  clear(): void;
  /** Close the listener (and every open connection); the port is kept for `start()`. */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  start(): Promise<void>;
  readonly running: boolean;
}

export interface WebhookReceiverOptions {
  /** Status to answer (default 200). */
  status?: number;
  /** A fixed port (default: a free one). */
  port?: number;
}

/** Starts a receiver on 127.0.0.1. Always `stop()` it in `afterAll`. */
export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  let status = options.status ?? 200;
  let waiters: { n: number; resolve: () => void }[] = [];
  let server: http.Server | undefined;
  let port = options.port ?? 0;

  const postCount = (): number => requests.filter((r) => r.method === 'POST').length;
  const wake = (): void => {
    const count = postCount();
    const ready = waiters.filter((w) => w.n <= count);
    waiters = waiters.filter((w) => w.n > count);
    for (const w of ready) w.resolve();
  };

  const listen = async (): Promise<void> => {
    const s = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.statusCode = status;
        res.end();
        wake();
      });
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        s.off('error', reject);
        resolve();
      });
    });
    port = (s.address() as AddressInfo).port;
    server = s;
  };

  await listen();

  const receiver: WebhookReceiver = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    requests,
    posts: () => requests.filter((r) => r.method === 'POST'),
    json: <T>() => receiver.posts().map((r) => JSON.parse(r.body) as T),
    setStatus(s: number) {
      status = s;
    },
    waitFor(n: number, timeoutMs = 60_000) {
      return new Promise<ReceivedRequest[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          reject(new Error(`webhook receiver: ${postCount()} of ${n} POST requests arrived`));
        }, timeoutMs);
        const waiter = {
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(receiver.posts());
          },
        };
        waiters.push(waiter);
        wake();
      });
    },
    clear() {
      requests.length = 0;
    },
    async stop() {
      const s = server;
      if (s === undefined) return;
      server = undefined;
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    },
    async start() {
      if (server !== undefined) return;
      await listen();
    },
    get running() {
      return server !== undefined;
    },
  };
  return receiver;
}
