/**
 * Clients for the storage server, per session: a minio-js S3 client (path style, the configured
 * region so no bucket-location round trips) and an admin-client, both signed with the session's
 * credentials — the console adds no privilege of its own (architecture §3). They share keep-alive
 * agents and are cached by session id until the session ends.
 */
import http from 'node:http';
import https from 'node:https';
import { Client } from 'minio';
import { createAdminClient, type AdminClient } from '@coffer/admin-client';
import type { Session, SessionCredentials } from '../session/session-store.js';

export interface StorageAccess {
  s3: Client;
  admin: AdminClient;
}

export interface StorageClientsOptions {
  /** Base URL of the storage server. */
  serverUrl: string;
  region: string;
}

/** How long an idle connection to the storage server is kept for reuse. */
const IDLE_SOCKET_MS = 4_000;

export class StorageClients {
  private readonly url: URL;
  private readonly agent: http.Agent;
  private readonly cache = new Map<string, StorageAccess>();

  constructor(private readonly options: StorageClientsOptions) {
    this.url = new URL(options.serverUrl);
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

  get region(): string {
    return this.options.region;
  }

  get httpAgent(): http.Agent {
    return this.agent;
  }

  /** Clients signed with `credentials` (not cached: login-time checks). */
  forCredentials(credentials: SessionCredentials): StorageAccess {
    const secure = this.url.protocol === 'https:';
    const s3 = new Client({
      endPoint: this.url.hostname.replace(/^\[|\]$/g, ''),
      port: this.url.port ? Number(this.url.port) : secure ? 443 : 80,
      useSSL: secure,
      accessKey: credentials.accessKey,
      secretKey: credentials.secretKey,
      ...(credentials.sessionToken !== undefined ? { sessionToken: credentials.sessionToken } : {}),
      region: this.options.region,
      pathStyle: true,
      transportAgent: this.agent,
    });
    const admin = createAdminClient({
      endpoint: this.options.serverUrl,
      accessKey: credentials.accessKey,
      secretKey: credentials.secretKey,
      ...(credentials.sessionToken !== undefined ? { sessionToken: credentials.sessionToken } : {}),
      agent: this.agent,
    });
    return { s3, admin };
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
