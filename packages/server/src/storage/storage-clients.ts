/**
 * Clients for the storage server, per session: a minio-js S3 client (path style, signed for the
 * server's region as the console knows it, so no bucket-location round trips) and an admin-client,
 * both signed with the session's credentials — the console adds no privilege of its own
 * (architecture §3). They share keep-alive agents and are cached by session id until the session
 * ends.
 *
 * The region follows the server (./storage-region.ts): the S3 client is a thin wrapper that, when
 * a call is refused for a wrong signing region naming the right one, switches the console's
 * region, rebuilds its minio-js client and retries that call once. A call whose body is a stream
 * cannot be replayed and is not retried (the switch still happens, so the next call works).
 */
import http from 'node:http';
import https from 'node:https';
import { Client } from 'minio';
import { createAdminClient, type AdminClient } from '@coffer/admin-client';
import type { Session, SessionCredentials } from '../session/session-store.js';
import { StorageRegion, regionNamedBy } from './storage-region.js';

export interface StorageAccess {
  s3: Client;
  admin: AdminClient;
}

export interface StorageClientsOptions {
  /** Base URL of the storage server. */
  serverUrl: string;
  /** First guess of the server's region (`--region`); the server's refusals correct it. */
  region: string;
}

/** A body minio-js reads as it sends: gone after one attempt. */
function isStream(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && typeof (value as { pipe?: unknown }).pipe === 'function'
  );
}

/**
 * A minio-js client that follows `region`: rebuilt when the region changed since it was built,
 * and each promise-returning call refused for a wrong region is retried once on a fresh client.
 */
function regionFollowing(build: (region: string) => Client, region: StorageRegion): Client {
  let signedFor = region.current;
  let client = build(signedFor);
  const current = (): Client => {
    if (signedFor !== region.current) {
      signedFor = region.current;
      client = build(signedFor);
    }
    return client;
  };
  return new Proxy(client, {
    get(_target, prop) {
      const used = current();
      const value: unknown = Reflect.get(used, prop, used);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const usedRegion = signedFor;
        const out: unknown = Reflect.apply(value, used, args);
        if (!(out instanceof Promise) || args.some(isStream)) return out;
        return out.catch((err: unknown) => {
          region.learn(err);
          // Also when another call already switched: this one was signed for the old region.
          if (regionNamedBy(err) === undefined || usedRegion === region.current) throw err;
          const fresh = current();
          return Reflect.apply(Reflect.get(fresh, prop, fresh) as (...a: unknown[]) => unknown, fresh, args);
        });
      };
    },
  });
}

/** How long an idle connection to the storage server is kept for reuse. */
const IDLE_SOCKET_MS = 4_000;

export class StorageClients {
  private readonly url: URL;
  private readonly agent: http.Agent;
  private readonly cache = new Map<string, StorageAccess>();
  /** The server's region as the console knows it (shared by every session: one server). */
  readonly storageRegion: StorageRegion;

  constructor(private readonly options: StorageClientsOptions) {
    this.url = new URL(options.serverUrl);
    this.storageRegion = new StorageRegion(options.region);
    // An idle kept-alive socket is dropped after IDLE_SOCKET_MS, before the storage server closes it
    // (the engine after 5 s, as Node's default): a request sent on a socket the server is closing
    // at that moment fails with ECONNRESET, and a DELETE or POST cannot be retried blindly. (The
    // agent's `timeout` destroys only idle sockets; requests in flight are not cut by it.)
    const agentOptions = { keepAlive: true, maxSockets: 64, timeout: IDLE_SOCKET_MS };
    this.agent =
      this.url.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  }

  get serverUrl(): string {
    return this.options.serverUrl;
  }

  /** The region requests and presigned URLs are signed for now (it may change: read per call). */
  get region(): string {
    return this.storageRegion.current;
  }

  get httpAgent(): http.Agent {
    return this.agent;
  }

  /** Clients signed with `credentials` (not cached: login-time checks). */
  forCredentials(credentials: SessionCredentials): StorageAccess {
    const s3 = regionFollowing((region) => this.s3Client(credentials, region), this.storageRegion);
    const admin = createAdminClient({
      endpoint: this.options.serverUrl,
      accessKey: credentials.accessKey,
      secretKey: credentials.secretKey,
      ...(credentials.sessionToken !== undefined ? { sessionToken: credentials.sessionToken } : {}),
      agent: this.agent,
    });
    return { s3, admin };
  }

  /** A plain minio-js client signed for `region` (no retry: e.g. to probe the region). */
  s3Client(credentials: SessionCredentials, region: string = this.region): Client {
    const secure = this.url.protocol === 'https:';
    return new Client({
      endPoint: this.url.hostname.replace(/^\[|\]$/g, ''),
      port: this.url.port ? Number(this.url.port) : secure ? 443 : 80,
      useSSL: secure,
      accessKey: credentials.accessKey,
      secretKey: credentials.secretKey,
      ...(credentials.sessionToken !== undefined ? { sessionToken: credentials.sessionToken } : {}),
      region,
      pathStyle: true,
      transportAgent: this.agent,
    });
  }

  /** The session's clients (cached). */
  forSession(session: Session): StorageAccess {
    let access = this.cache.get(session.id);
    if (!access) {
      access = this.forCredentials(session.credentials);
      this.cache.set(session.id, access);
    }
    return access;
  }

  forget(sessionId: string): void {
    this.cache.delete(sessionId);
  }

  close(): void {
    this.cache.clear();
    this.agent.destroy();
  }
}
