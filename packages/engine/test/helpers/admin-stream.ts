/**
 * A streaming admin call for tests (`/minio/admin/v3/trace`, `/log`): signed like `adminCall`,
 * read as MinIO frames it (wire doc §1.3: JSON documents separated by `\n`, bare spaces as
 * keep-alive), one parsed document at a time, with `close()` to hang up as a client would.
 */
import http from 'node:http';
import { signRequest } from '@coffer/protocol';
import type { Keys } from './admin-calls.js';

export interface AdminStream<T> {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The next document (waits), or undefined once the stream ended. */
  next(): Promise<T | undefined>;
  /** The next document `match` accepts, skipping others; fails after `timeoutMs`. */
  find(match: (doc: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Bytes received so far (keep-alive spaces included). */
  received(): number;
  close(): void;
}

export function openAdminStream<T>(
  base: string,
  keys: Keys,
  op: string,
  query: Record<string, string>,
): Promise<AdminStream<T>> {
  const url = new URL(`/minio/admin/v3/${op}`, base);
  const pairs = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const headers = signRequest({
    method: 'GET',
    url,
    headers: {},
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
    region: '',
    service: 's3',
  });
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'GET', headers, agent: false }, (res) => {
      const docs: T[] = [];
      let waiting: ((doc: T | undefined) => void) | undefined;
      let ended = false;
      let buffer = '';
      let bytes = 0;
      const deliver = (doc: T | undefined): void => {
        if (waiting !== undefined) {
          const w = waiting;
          waiting = undefined;
          w(doc);
        } else if (doc !== undefined) docs.push(doc);
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        buffer += chunk;
        let nl = buffer.indexOf('\n');
        while (nl >= 0) {
          const line = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          if (line !== '') deliver(JSON.parse(line) as T);
          nl = buffer.indexOf('\n');
        }
      });
      const end = (): void => {
        ended = true;
        const rest = buffer.trim();
        buffer = '';
        if (rest !== '' && res.statusCode !== 200) deliver(JSON.parse(rest) as T);
        deliver(undefined);
      };
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
      const next = (): Promise<T | undefined> => {
        if (docs.length > 0) return Promise.resolve(docs.shift());
        if (ended) return Promise.resolve(undefined);
        return new Promise((ok) => {
          waiting = ok;
        });
      };
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        next,
        async find(match, timeoutMs = 10_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            let timer: NodeJS.Timeout | undefined;
            const timeout = new Promise<'timeout'>((ok) => {
              timer = setTimeout(() => ok('timeout'), Math.max(0, deadline - Date.now()));
            });
            const doc = await Promise.race([next(), timeout]);
            clearTimeout(timer);
            if (doc === 'timeout') throw new Error(`no matching ${op} document within ${timeoutMs} ms`);
            if (doc === undefined) throw new Error(`the ${op} stream ended without a matching document`);
            if (match(doc)) return doc;
          }
        },
        received: () => bytes,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
