/**
 * The admin API client (the TypeScript counterpart of madmin-go) and STS AssumeRole.
 *
 * Every call goes through `request()`: build the URL under `/minio/admin/v3` with the query in
 * madmin's form (keys sorted, RFC 3986 escaping, repeated values in the order given), encrypt the
 * body when the call is one of wire doc §2.5's (madmin envelope keyed by the signing secret — the
 * temporary secret for STS credentials), sign with SigV4 (service `s3`, region '' unless given,
 * `x-amz-content-sha256` always, `x-amz-security-token` with a session token; wire doc §1.2),
 * send with a real Content-Length, and turn any status other than 200/204/206 into an
 * `AdminApiError`. Typed calls are thin wrappers over the same `request()`, one module per area:
 * users.ts, groups.ts, policies.ts, service-accounts.ts (wire doc §3.2–§3.5), config.ts (§3.6),
 * service.ts (restart), monitoring.ts (trace, console log), remote-targets.ts (§3.7), tiers.ts (§3.8). Streaming calls go through
 * `stream()`: the same signing, the answer read as newline-delimited JSON (`ndjson.ts`).
 */
import type http from 'node:http';
import { decryptData, encryptData, signRequest, uriEncode } from '@coffer/protocol';
import { AdminApiError, parseErrorResponse } from './errors.js';
import {
  openHttpStream,
  sendHttpRequest,
  type HttpRequest,
  type HttpResponse,
  type HttpStreamResponse,
} from './http-request.js';
import { ndjsonValues } from './ndjson.js';
import { assumeRole, type AssumeRoleOptions } from './sts.js';
import { configCalls, type ConfigCalls } from './config.js';
import { monitoringCalls, type MonitoringCalls } from './monitoring.js';
import { groupCalls, type GroupCalls } from './groups.js';
import { healCalls, type HealCalls } from './heal.js';
import { listenCalls, type ListenCalls } from './listen.js';
import { policyCalls, type PolicyCalls } from './policies.js';
import { serviceAccountCalls, type ServiceAccountCalls } from './service-accounts.js';
import { serviceCalls, type ServiceCalls } from './service.js';
import { healthInfoCalls, type HealthInfoCalls } from './health-info.js';
import type { AccountInfo, DataUsageInfo, InfoMessage, StorageInfo, TemporaryCredentials } from './types.js';
import { userCalls, type UserCalls } from './users.js';
import { remoteTargetCalls, type RemoteTargetCalls } from './remote-targets.js';
import { tierCalls, type TierCalls } from './tiers.js';

export const ADMIN_API_PREFIX = '/minio/admin/v3';
const DEFAULT_TIMEOUT_MS = 30_000;
/** madmin's success statuses. */
const MADMIN_SUCCESS: readonly number[] = [200, 204, 206];

export interface AdminClientOptions {
  /** Base URL of the storage server, e.g. `http://127.0.0.1:9000` (a path prefix is kept). */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** For temporary (STS) credentials. */
  sessionToken?: string;
  /** Signing region; admin calls accept any, so '' (madmin's choice) unless given. */
  region?: string;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number;
  /** Keep-alive agent shared by the caller's clients. */
  agent?: http.Agent;
}

export type QueryParams = Record<string, string | readonly string[] | undefined>;

export interface AdminRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Path under /minio/admin/v3, starting with `/`. */
  path: string;
  query?: QueryParams;
  /** Bytes or text as they are, anything else as JSON. */
  body?: Buffer | string | object;
  /** Encrypt the body with the madmin envelope (wire doc §2.5). */
  encryptBody?: boolean;
  /** The answer is a madmin envelope: decrypt it (wire doc §2.5). */
  decryptResponse?: boolean;
  contentType?: string;
  /** Statuses meaning success (default madmin's 200, 204, 206). */
  successStatuses?: readonly number[];
  signal?: AbortSignal;
}

/**
 * A streaming call (wire doc §1.3): newline-delimited JSON read as it arrives. `api: 's3'` makes
 * `path` an S3 path from the server's root (ListenBucketNotification, wire doc §5.1).
 */
export interface StreamRequest extends Omit<AdminRequest, 'decryptResponse' | 'successStatuses'> {
  api?: 'admin' | 's3';
  /** Longest document accepted (default 64 MiB). */
  maxLineBytes?: number;
  /** No byte for this long ends the stream with ETIMEDOUT (default: the client's timeout). */
  idleTimeoutMs?: number;
}

/** Per-call options of the typed calls. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** What the typed call groups are built on. */
export interface AdminTransport {
  request(req: AdminRequest): Promise<HttpResponse>;
  requestJson<T>(req: AdminRequest): Promise<T>;
  stream<T>(req: StreamRequest): AsyncIterable<T>;
}

export interface AdminClient
  extends
    UserCalls,
    GroupCalls,
    PolicyCalls,
    ServiceAccountCalls,
    ConfigCalls,
    ServiceCalls,
    HealthInfoCalls,
    MonitoringCalls,
    HealCalls,
    ListenCalls,
    RemoteTargetCalls,
    TierCalls {
  readonly endpoint: URL;
  /** One admin call; resolves with the (decrypted) body, rejects with AdminApiError. */
  request(req: AdminRequest): Promise<HttpResponse>;
  /** `request()` and JSON-decode the answer. */
  requestJson<T>(req: AdminRequest): Promise<T>;
  /**
   * A streaming call as an `AsyncIterable` of its JSON documents. Nothing is sent until iteration
   * starts; a non-success answer rejects the first `next()` with AdminApiError. Aborting `signal`
   * (or leaving the loop) destroys the HTTP request and ends the iteration quietly.
   */
  stream<T>(req: StreamRequest): AsyncIterable<T>;
  /** `GET /info` — server, drives, backend (admin:ServerInfo). */
  serverInfo(options?: { metrics?: boolean; signal?: AbortSignal }): Promise<InfoMessage>;
  /** `GET /storageinfo` (admin:StorageInfo). */
  storageInfo(options?: { signal?: AbortSignal }): Promise<StorageInfo>;
  /** `GET /datausageinfo` — usage from the last scan (admin:DataUsageInfo). */
  dataUsageInfo(options?: { signal?: AbortSignal }): Promise<DataUsageInfo>;
  /** `GET /accountinfo` — the caller's effective policy and buckets (any caller). */
  accountInfo(options?: { prefixUsage?: boolean; signal?: AbortSignal }): Promise<AccountInfo>;
  /** STS AssumeRole against this client's endpoint and region, signed with `options`' keys. */
  assumeRole(options: Omit<AssumeRoleOptions, 'endpoint'>): Promise<TemporaryCredentials>;
}

/** madmin's query string: keys sorted, values RFC 3986-escaped, repeated keys in given order. */
export function encodeQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined) continue;
    const values = typeof value === 'string' ? [value] : value;
    for (const v of values) parts.push(`${uriEncode(key, true)}=${uriEncode(v, true)}`);
  }
  return parts.join('&');
}

/** The endpoint as a URL whose pathname has no trailing slash. */
export function parseEndpoint(endpoint: string): URL {
  const url = new URL(endpoint);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`endpoint must be an http(s) URL, got ${endpoint}`);
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  return url;
}

function bodyBytes(body: AdminRequest['body']): Buffer | undefined {
  if (body === undefined) return undefined;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(JSON.stringify(body), 'utf8');
}

export function createAdminClient(options: AdminClientOptions): AdminClient {
  const endpoint = parseEndpoint(options.endpoint);
  // `pathname` of a bare origin is "/" (the URL class never leaves it empty).
  const basePath = endpoint.pathname === '/' ? '' : endpoint.pathname;
  const region = options.region ?? '';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** The signed HTTP request of a call. */
  async function prepare(
    req: AdminRequest & { api?: 'admin' | 's3' },
    timeout: number,
  ): Promise<HttpRequest> {
    const url = new URL(endpoint.href);
    url.pathname = `${basePath}${req.api === 's3' ? '' : ADMIN_API_PREFIX}${req.path}`;
    url.search = encodeQuery(req.query);
    let body = bodyBytes(req.body);
    const headers: Record<string, string> = {};
    if (body !== undefined && req.encryptBody) {
      body = await encryptData(options.secretKey, body);
      headers['content-type'] = req.contentType ?? 'application/octet-stream';
    } else if (body !== undefined) {
      headers['content-type'] =
        req.contentType ?? (Buffer.isBuffer(req.body) ? 'application/octet-stream' : 'application/json');
    }
    const signed = signRequest({
      method: req.method,
      url,
      headers,
      ...(body !== undefined ? { body } : {}),
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      ...(options.sessionToken !== undefined ? { sessionToken: options.sessionToken } : {}),
      region,
      service: 's3',
    });
    return {
      method: req.method,
      url,
      headers: signed,
      ...(body !== undefined ? { body } : {}),
      timeoutMs: timeout,
      ...(req.signal ? { signal: req.signal } : {}),
      ...(options.agent ? { agent: options.agent } : {}),
    };
  }

  async function request(req: AdminRequest): Promise<HttpResponse> {
    const res = await sendHttpRequest(await prepare(req, timeoutMs));
    if (!(req.successStatuses ?? MADMIN_SUCCESS).includes(res.status)) {
      throw parseErrorResponse(res.status, res.body);
    }
    if (req.decryptResponse && res.body.length > 0) {
      // Content-Type stays application/json although the body is an envelope (wire doc §2.5).
      return { ...res, body: await decryptData(options.secretKey, res.body) };
    }
    return res;
  }

  async function requestJson<T>(req: AdminRequest): Promise<T> {
    const res = await request(req);
    try {
      return JSON.parse(res.body.toString('utf8')) as T;
    } catch {
      throw new AdminApiError(
        'InvalidResponse',
        `the storage server answered ${req.method} ${req.path} with something that is not JSON`,
        res.status,
      );
    }
  }

  async function* stream<T>(req: StreamRequest): AsyncGenerator<T, void, undefined> {
    if (req.signal?.aborted) return;
    let res: HttpStreamResponse;
    try {
      res = await openHttpStream(await prepare(req, req.idleTimeoutMs ?? timeoutMs));
    } catch (error) {
      if (req.signal?.aborted) return;
      throw error;
    }
    try {
      if (!MADMIN_SUCCESS.includes(res.status)) {
        const chunks: Buffer[] = [];
        for await (const chunk of res.body) chunks.push(chunk as Buffer);
        throw parseErrorResponse(res.status, Buffer.concat(chunks));
      }
      yield* ndjsonValues<T>(res.body, {
        ...(req.signal ? { signal: req.signal } : {}),
        ...(req.maxLineBytes !== undefined ? { maxLineBytes: req.maxLineBytes } : {}),
      });
    } finally {
      // Left early (the consumer stopped) or ended: the connection is not reused mid-stream.
      if (!res.body.complete) res.body.destroy();
    }
  }

  const transport: AdminTransport = { request, requestJson, stream };
  return {
    endpoint,
    request,
    requestJson,
    stream,
    serverInfo: (o) =>
      requestJson<InfoMessage>({
        method: 'GET',
        path: '/info',
        query: { metrics: String(o?.metrics ?? false) },
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
    storageInfo: (o) =>
      requestJson<StorageInfo>({
        method: 'GET',
        path: '/storageinfo',
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
    dataUsageInfo: (o) =>
      requestJson<DataUsageInfo>({
        method: 'GET',
        path: '/datausageinfo',
        // madmin always asks for capacity; servers leave it out anyway (wire doc §3.1 quirk).
        query: { capacity: 'true' },
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
    accountInfo: (o) =>
      requestJson<AccountInfo>({
        method: 'GET',
        path: '/accountinfo',
        query: o?.prefixUsage ? { 'prefix-usage': 'true' } : undefined,
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
    ...userCalls(transport),
    ...groupCalls(transport),
    ...policyCalls(transport),
    ...serviceAccountCalls(transport),
    ...configCalls(transport),
    ...serviceCalls(transport),
    ...healthInfoCalls(transport),
    ...monitoringCalls(transport),
    ...healCalls(transport),
    ...listenCalls(transport),
    ...remoteTargetCalls(transport),
    ...tierCalls(transport),
    assumeRole: (o) =>
      assumeRole({
        ...o,
        endpoint: endpoint.href,
        ...(o.region === undefined && options.region !== undefined ? { region: options.region } : {}),
        ...(o.timeoutMs === undefined ? { timeoutMs } : {}),
        ...(o.agent === undefined && options.agent ? { agent: options.agent } : {}),
      }),
  };
}
