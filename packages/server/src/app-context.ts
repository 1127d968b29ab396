/**
 * What every route plugin is given: the resolved options and the long-lived services. Built once
 * by `buildApp` and passed down explicitly (no module-level state).
 */
import type { LoginThrottle } from '@coffer/server-guard';
import type { AccountStates } from './session/account-state.js';
import type { SessionStore, Session } from './session/session-store.js';
import type { CredentialRenewal } from './session/credential-renewal.js';
import type { OpenIdConnect } from './sso/openid-connect.js';
import type { PendingLogins } from './sso/pending-logins.js';
import type { StorageClients } from './storage/storage-clients.js';
import type { UsageCache } from './routes/buckets/usage-cache.js';
import type { AuditStore } from './audit/audit-store.js';
import type { OperatorSettings } from './operator/k8s-settings.js';

/** Single sign-on: the OpenID Connect client and the flows browsers have started. */
export interface SingleSignOn {
  connect: OpenIdConnect;
  flows: PendingLogins;
}

export interface ResolvedOptions {
  serverUrl: string;
  region: string;
  /** '' or '/sub/path' (no trailing slash). */
  basePath: string;
  sessionSeconds: number;
  /** The STS DurationSeconds asked for (default the session length; shorter ones are renewed). */
  stsSeconds: number;
  webDir?: string;
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
  /** Single sign-on, when an OpenID provider is configured. */
  sso?: SingleSignOn;
  /** Renews sessions' temporary credentials before they expire. */
  credentialRenewal: CredentialRenewal;
  /** Back-off of failed sign-ins per client address and per account. */
  loginThrottle: LoginThrottle;
  /** Operator mode: the Kubernetes API server the operator sessions work on. */
  operator?: OperatorSettings;
  /** The audit log store and the token its deliveries carry; absent when switched off. */
  auditLog?: { store: AuditStore; token: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session (set by the authentication hook on every non-public API route). */
    consoleSession?: Session;
  }
  interface FastifyContextConfig {
    /** Route callable without a session. */
    public?: boolean;
    /** The session kind it is for (contract `session`; absent: storage sessions). */
    session?: 'storage' | 'operator' | 'any';
  }
}
