/**
 * What every route plugin is given: the resolved options and the long-lived services. Built once
 * by `buildApp` and passed down explicitly (no module-level state).
 */
import type { LoginThrottle } from '@coffer/server-guard';
import type { AccountStates } from './session/account-state.js';
import type { SessionStore, Session } from './session/session-store.js';
import type { StorageClients } from './storage/storage-clients.js';
import type { UsageCache } from './routes/buckets/usage-cache.js';

/**
 * Single sign-on hook (a later issue): an OpenID Connect provider the console redirects to, and
 * the exchange of the callback's code for storage credentials (AssumeRoleWithWebIdentity).
 */
export interface OpenIdProvider {
  /** The identity provider's authorization URL the login screen links to. */
  authorizationUrl(): Promise<string>;
  /** Complete the flow: a new session for the identity the code stands for. */
  completeLogin(code: string, state: string): Promise<Omit<Session, 'id' | 'createdAt'>>;
}

export interface ResolvedOptions {
  serverUrl: string;
  region: string;
  /** '' or '/sub/path' (no trailing slash). */
  basePath: string;
  sessionSeconds: number;
  webDir?: string;
  openId?: OpenIdProvider;
  /** Smallest multipart part the console sends (bytes). */
  uploadPartSize: number;
  /** The storage server's origin as browsers reach it: share links point there. */
  publicServerUrl: string;
  streams: StreamLimits;
}

/** Live sockets (streams/register-stream.ts). */
export interface StreamLimits {
  /** Bytes sent but not yet written to the network above which the upstream is not pulled. */
  highWaterMark: number;
  /** Server ping period; a peer silent for a whole period is dropped. */
  pingIntervalMs: number;
}

export interface AppContext {
  options: ResolvedOptions;
  sessions: SessionStore;
  clients: StorageClients;
  accounts: AccountStates;
  usage: UsageCache;
  /** Back-off of failed sign-ins per client address and per account. */
  loginThrottle: LoginThrottle;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session (set by the authentication hook on every non-public API route). */
    consoleSession?: Session;
  }
  interface FastifyContextConfig {
    /** Route callable without a session. */
    public?: boolean;
  }
}
