// The one client all three servers get: Node `http` with a keep-alive agent, every request SigV4
// signed (headers form). Bodies are Buffers sent with Content-Length; responses are either
// collected as text (listing) or counted and discarded (object reads), so the client does the same
// small amount of work whichever server answers.
import { Agent, request as httpRequest } from 'node:http';

/** A failed request: status and the start of the body, for the bench's error lines. */
export class RequestError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} → ${status} ${body.slice(0, 300)}`);
    this.status = status;
  }
}

/**
 * @param {{ endpoint: string, accessKey: string, secretKey: string, signer: { sign: Function },
 *   maxSockets: number }} options
 */
export function createClient({ endpoint, accessKey, secretKey, signer, maxSockets }) {
  const agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  const base = new URL(endpoint);

  /**
   * Send one request. `path` is already URI-encoded; `query` is a plain object.
   * `collect: 'text'` returns the body as a string, otherwise bytes are counted and dropped.
   */
  function send({ method, path, query, body, payloadHash, headers = {}, collect = 'count' }) {
    const qs = query ? new URLSearchParams(query).toString() : '';
    const url = `${base.origin}${path}${qs ? `?${qs}` : ''}`;
    const signHeaders = { ...headers };
    if (body) signHeaders['content-length'] = String(body.length);
    const signed = signer.sign({
      method,
      url,
      headers: signHeaders,
      payloadHash,
      accessKey,
      secretKey,
      region: 'us-east-1',
      service: 's3',
    });
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method, agent, headers: signed }, (res) => {
        const status = res.statusCode ?? 0;
        const chunks = [];
        let bytes = 0;
        const keep = collect === 'text' || status >= 300;
        res.on('data', (chunk) => {
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        res.on('end', () => {
          const text = keep ? Buffer.concat(chunks).toString('utf8') : '';
          if (status >= 300) reject(new RequestError(method, path, status, text));
          else resolve({ status, bytes, text, headers: res.headers });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  return { send, close: () => agent.destroy() };
}

/** Encode an S3 key for a path: each segment percent-encoded, '/' kept. */
export function keyPath(bucket, key) {
  return `/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Run `task(i)` for i in [0, count) with `concurrency` workers, stopping early (no new tasks) once
 * `deadline` (ms since epoch) has passed. Resolves to { done, elapsedMs }. The first failure
 * rejects the whole pool.
 */
export async function runPool(count, concurrency, task, deadline = Infinity) {
  let next = 0;
  let done = 0;
  const start = performance.now();
  async function worker() {
    while (next < count && Date.now() < deadline) {
      const i = next++;
      await task(i);
      done++;
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { done, elapsedMs: performance.now() - start };
}
