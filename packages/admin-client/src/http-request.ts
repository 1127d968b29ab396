/**
 * One HTTP exchange over node:http / node:https with full control of the headers (SigV4 signs
 * `host` and `content-length`, which `fetch` would rewrite or refuse). The body is sent with its
 * real Content-Length (admin handlers read exactly that many bytes, wire doc §1.2), the answer is
 * read whole — admin answers are small; streaming endpoints (trace, log, listen, health info) are
 * opened with `openHttpStream`, whose body the caller reads at its own pace. A timeout (no byte
 * moving for that long) or an abort signal destroys the request.
 */
import http from 'node:http';
import https from 'node:https';

export interface HttpRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
  signal?: AbortSignal;
  agent?: http.Agent;
}

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpStreamResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, unread: iterate it (or `destroy()` it) — it holds the connection until then. */
  body: http.IncomingMessage;
}

/** Sends the request and resolves once the answer's headers are in; the body is left unread. */
export function openHttpStream(req: HttpRequest): Promise<HttpStreamResponse> {
  return exchange(req, (res, resolve) =>
    resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res }),
  );
}

export function sendHttpRequest(req: HttpRequest): Promise<HttpResponse> {
  return exchange(req, (res, resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () =>
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
    );
  });
}

function exchange<T>(
  req: HttpRequest,
  onResponse: (res: http.IncomingMessage, resolve: (value: T) => void, reject: (err: Error) => void) => void,
): Promise<T> {
  const transport = req.url.protocol === 'https:' ? https : http;
  return new Promise<T>((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body) headers['content-length'] = String(req.body.length);
    const r = transport.request(
      req.url,
      {
        method: req.method,
        headers,
        ...(req.agent ? { agent: req.agent } : {}),
        ...(req.signal ? { signal: req.signal } : {}),
      },
      (res) => onResponse(res, resolve, reject),
    );
    r.setTimeout(req.timeoutMs, () => {
      const err = new Error(
        `request to ${req.url.host} timed out after ${req.timeoutMs} ms`,
      ) as NodeJS.ErrnoException;
      err.code = 'ETIMEDOUT';
      r.destroy(err);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}
