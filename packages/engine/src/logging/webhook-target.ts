/**
 * One `logger_webhook` / `audit_webhook` target: its configuration (MinIO's keys) and the HTTP
 * delivery of a batch — a POST of the entries as JSON (one document, or newline-separated documents
 * when `batch_size` > 1, as MinIO batches), with the auth token in `Authorization` (a bare token gets
 * the `Bearer` scheme, a token that names its scheme is sent as given), the client certificate when
 * configured, and `http_timeout`. Delivery goes through the target's `DeliveryQueue`.
 */
import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { join } from 'node:path';
import { isOn, type ConfigTarget } from '../config/types.js';
import { DeliveryQueue } from './delivery-queue.js';

/** MinIO's defaults for the webhook logger keys. */
export const WEBHOOK_DEFAULTS = { queueSize: 100_000, batchSize: 1, httpTimeoutMs: 5_000 } as const;

export interface WebhookSettings {
  /** `logger_webhook` or `audit_webhook`, and the target's name (`''` for the default one). */
  subsystem: string;
  name: string;
  endpoint: URL;
  authToken: string;
  clientCert?: string;
  clientKey?: string;
  batchSize: number;
  queueSize: number;
  queueDir?: string;
  httpTimeoutMs: number;
  /** HTTP proxy (MinIO's `proxy`): plain requests go through it, https ones through a CONNECT tunnel. */
  proxy?: URL;
}

/** `5s`, `500ms`, `1m`, `2h` (Go durations); a bare number is seconds. */
export function parseDuration(text: string | undefined, fallbackMs: number): number {
  if (text === undefined || text.trim() === '') return fallbackMs;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (match === null) return fallbackMs;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1000;
  return Number(match[1]) * unit;
}

function positiveInt(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The settings of an enabled target, or why it cannot run (undefined when disabled). */
export function webhookSettings(target: ConfigTarget): WebhookSettings | { error: string } | undefined {
  const v = target.values;
  if (!isOn(v.get('enable'))) return undefined;
  const raw = v.get('endpoint') ?? '';
  let endpoint: URL;
  try {
    endpoint = new URL(raw);
    if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') throw new Error('scheme');
  } catch {
    return { error: `invalid endpoint '${raw}'` };
  }
  const settings: WebhookSettings = {
    subsystem: target.subsystem,
    name: target.target,
    endpoint,
    authToken: v.get('auth_token') ?? '',
    batchSize: positiveInt(v.get('batch_size'), WEBHOOK_DEFAULTS.batchSize),
    queueSize: positiveInt(v.get('queue_size'), WEBHOOK_DEFAULTS.queueSize),
    httpTimeoutMs: parseDuration(v.get('http_timeout'), WEBHOOK_DEFAULTS.httpTimeoutMs),
  };
  const cert = v.get('client_cert') ?? '';
  const key = v.get('client_key') ?? '';
  if (cert !== '') settings.clientCert = cert;
  if (key !== '') settings.clientKey = key;
  const dir = v.get('queue_dir') ?? '';
  if (dir !== '') settings.queueDir = dir;
  const proxy = v.get('proxy') ?? '';
  if (proxy !== '') {
    try {
      settings.proxy = new URL(proxy);
    } catch {
      return { error: `invalid proxy '${proxy}'` };
    }
  }
  return settings;
}

/** The `Authorization` value for `token` ('' → none). */
export function authorization(token: string): string | undefined {
  const parts = token
    .trim()
    .split(/\s+/)
    .filter((p) => p !== '');
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? `Bearer ${parts[0]}` : token.trim();
}

/** An agent whose connections are CONNECT tunnels through `proxy` to `endpoint`. */
function tunnelAgent(proxy: URL, endpoint: URL, client: { cert?: Buffer; key?: Buffer }): https.Agent {
  const agent = new https.Agent({ keepAlive: false });
  const port = Number(endpoint.port || 443);
  agent.createConnection = (_options, callback) => {
    const connect = http.request({
      host: proxy.hostname,
      port: Number(proxy.port || 80),
      method: 'CONNECT',
      path: `${endpoint.hostname}:${port}`,
    });
    connect.once('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        callback?.(new Error(`proxy ${proxy.host} refused the tunnel: ${res.statusCode ?? 0}`), socket);
        return;
      }
      callback?.(null, tls.connect({ ...client, socket, servername: endpoint.hostname }));
    });
    connect.once('error', (err) => callback?.(err, new net.Socket()));
    connect.end();
    return undefined;
  };
  return agent;
}

/** POST `body` to the target; resolves on a 2xx answer, throws otherwise. */
function post(settings: WebhookSettings, body: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'User-Agent': 'MinIO (Coffer engine)',
    };
    const auth = authorization(settings.authToken);
    if (auth !== undefined) headers.Authorization = auth;
    const secure = settings.endpoint.protocol === 'https:';
    const options: https.RequestOptions = {
      method: 'POST',
      headers,
      signal,
      timeout: settings.httpTimeoutMs,
    };
    const client: { cert?: Buffer; key?: Buffer } = {};
    if (secure && settings.clientCert !== undefined && settings.clientKey !== undefined) {
      client.cert = readFileSync(settings.clientCert);
      client.key = readFileSync(settings.clientKey);
      Object.assign(options, client);
    }
    const { proxy } = settings;
    let target: URL = settings.endpoint;
    if (proxy !== undefined) {
      if (secure) options.agent = tunnelAgent(proxy, settings.endpoint, client);
      else {
        // A plain request through a proxy names the whole URL as its path.
        target = proxy;
        options.path = settings.endpoint.href;
        headers.Host = settings.endpoint.host;
      }
    }
    const request = (secure ? https : http).request(target, options, (res) => {
      res.resume();
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`${settings.endpoint.origin} answered ${status}`));
      });
      res.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${settings.httpTimeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** What a target takes over from the one it replaces (same name, after a configuration change). */
export interface Handover {
  /** Settles once the predecessor has stopped (its files are then complete). */
  after?: Promise<unknown>;
  /** Entries the predecessor held in memory only. */
  carried?: string[];
}

/** A running target: entries queued and delivered in order. */
export class WebhookTarget {
  readonly queue: DeliveryQueue;

  constructor(
    readonly settings: WebhookSettings,
    log: (line: string) => void,
    handover: Handover = {},
  ) {
    const label = `${settings.subsystem}${settings.name !== '' ? `:${settings.name}` : ''}`;
    this.queue = new DeliveryQueue({
      limit: settings.queueSize,
      batchSize: settings.batchSize,
      // Each target keeps its own files, so two targets may name the same directory.
      ...(settings.queueDir !== undefined
        ? {
            dir: join(
              settings.queueDir,
              `${settings.subsystem}-${settings.name === '' ? '_' : settings.name}`,
            ),
          }
        : {}),
      send: (batch, signal) => post(settings, batch.join('\n'), signal),
      log: (line) => log(`${label}: ${line}`),
      ...(handover.after !== undefined ? { after: handover.after } : {}),
    });
    for (const body of handover.carried ?? []) this.queue.enqueue(body);
  }

  /** Queue one entry (dropped and counted when the queue is full). */
  send(entry: object): void {
    this.queue.enqueue(JSON.stringify(entry));
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
