/**
 * One HTTP exchange over node:http / node:https with full control of the headers (SigV4 signs
 * `host` and `content-length`, which `fetch` would rewrite or refuse). The body is sent with its
 * real Content-Length (admin handlers read exactly that many bytes, wire doc §1.2), the answer is
 * read whole — admin answers are small; the streaming endpoints (trace, log, heal) get their own
 * reader when they arrive. A timeout or an abort signal destroys the request.
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

export function sendHttpRequest(req: HttpRequest): Promise<HttpResponse> {
  const transport = req.url.protocol === 'https:' ? https : http;
  return new Promise<HttpResponse>((resolve, reject) => {
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
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
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
