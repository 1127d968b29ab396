/**
 * The webhook notification target (`notify_webhook`, MinIO's keys: endpoint, auth_token,
 * queue_dir, queue_limit, client_cert, client_key): each event is POSTed to the endpoint as the
 * `TargetEvent` JSON; any 2xx answer means delivered, anything else (or no answer) is retried by
 * the sender loop. `Authorization` is sent as MinIO sends it: the token as given when it already
 * carries a scheme (`Basic abc`), else `Bearer <token>`. Online means the endpoint answers a HEAD
 * at all (whatever the status), as MinIO's check.
 */
import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/index.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';

/** How long one POST may take before it counts as failed (and is retried). */
const SEND_TIMEOUT_MS = 10_000;
/** The online check answers within this (admin info must not hang on a target). */
const PROBE_TIMEOUT_MS = 2000;

/** MinIO's rule: a token of two words already names its scheme; one word is a bearer token. */
export function authorizationHeader(token: string): string | undefined {
  const words = token
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return undefined;
  return words.length === 1 ? `Bearer ${words[0] ?? ''}` : token.trim();
}

interface Request {
  method: 'POST' | 'HEAD';
  body?: string;
  timeoutMs: number;
}

class WebhookTarget implements NotificationTarget {
  readonly service = 'webhook' as const;
  private readonly agent: http.Agent;
  private readonly auth: string | undefined;

  constructor(
    readonly id: string,
    private readonly endpoint: URL,
    token: string,
    tls: { cert?: Buffer; key?: Buffer },
  ) {
    this.auth = authorizationHeader(token);
    this.agent =
      endpoint.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, ...tls })
        : new http.Agent({ keepAlive: true });
  }

  private request(options: Request): Promise<number> {
    const client = this.endpoint.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      const headers: Record<string, string | number> = {};
      if (this.auth !== undefined) headers['Authorization'] = this.auth;
      if (options.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = Buffer.byteLength(options.body);
      }
      const req = client.request(
        this.endpoint,
        { method: options.method, headers, agent: this.agent, timeout: options.timeoutMs },
        (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
          res.once('error', reject);
        },
      );
      req.once('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
      req.once('error', reject);
      req.end(options.body);
    });
  }

  async send(event: TargetEvent): Promise<void> {
    const status = await this.request({
      method: 'POST',
      body: JSON.stringify(event),
      timeoutMs: SEND_TIMEOUT_MS,
    });
    if (status < 200 || status > 299) {
      throw new Error(`${this.endpoint.origin} answered ${status}`);
    }
  }

  async isActive(): Promise<boolean> {
    try {
      await this.request({ method: 'HEAD', timeoutMs: PROBE_TIMEOUT_MS });
      return true;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    this.agent.destroy();
    return Promise.resolve();
  }
}

function readPem(file: string, key: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new InvalidArgument(`${key}: cannot read ${file}: ${(err as Error).message}`);
  }
}

/** Builds `notify_webhook` targets. */
export const webhookFactory: TargetFactory = {
  service: 'webhook',
  create(id: string, values: ConfigValues): NotificationTarget {
    const raw = values.get('endpoint') ?? '';
    let endpoint: URL;
    try {
      endpoint = new URL(raw);
    } catch {
      throw new InvalidArgument(`endpoint: '${raw}' is not a valid URL`);
    }
    if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
      throw new InvalidArgument(`endpoint: '${raw}' must be an http or https URL`);
    }
    const certFile = values.get('client_cert') ?? '';
    const keyFile = values.get('client_key') ?? '';
    if ((certFile === '') !== (keyFile === '')) {
      throw new InvalidArgument('client_cert and client_key must be given together');
    }
    const tls =
      certFile === '' ? {} : { cert: readPem(certFile, 'client_cert'), key: readPem(keyFile, 'client_key') };
    return new WebhookTarget(id, endpoint, values.get('auth_token') ?? '', tls);
  },
};
