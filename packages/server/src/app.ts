/**
 * `buildApp(options)`: the console API server as a Fastify instance, not yet listening (tests use
 * `inject()` or `listen({ port: 0 })`; main.ts listens and shuts down).
 *
 * Composition: zod validation and serialisation from the contract, OpenAPI generated from the same
 * schemas (served at <base>/api/v1/openapi.json), cookies, streamed multipart uploads, one plugin
 * per area under the base path, the session check on every API route not marked public, one error
 * handler, and the web app when a build directory is given. State lives in the `AppContext` built
 * here; a timer sweeps expired sessions and stops with the app.
 */
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import { API_PREFIX } from '@coffer/contract';
import {
  createGuardedServer,
  LoginThrottle,
  resolveConnectionGuard,
  type ConnectionGuardOptions,
  type LoginThrottleOptions,
} from '@coffer/server-guard';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { healRoutes } from './routes/heal/heal-routes.js';
import type { AppContext, ResolvedOptions, StreamLimits } from './app-context.js';
import {
  DEFAULT_RENEW_MARGIN_SECONDS,
  DEFAULT_SESSION_SECONDS,
  MAX_SESSION_SECONDS,
  normaliseBasePath,
} from './config.js';
import { CredentialRenewal } from './session/credential-renewal.js';
import { importLicenseKey } from './routes/license/license-key.js';
import { licenseRoutes } from './routes/license/license-routes.js';
import { LicenseStore } from './routes/license/license-store.js';
import {
  DEFAULT_SUBSCRIPTION_SERVICE_URL,
  DEFAULT_SUBSCRIPTION_TIMEOUT_MS,
} from './routes/license/subscription-service.js';
import { OpenIdConnect } from './sso/openid-connect.js';
import type { OpenIdSettings } from './sso/openid-settings.js';
import { PendingLogins } from './sso/pending-logins.js';
import { installErrorHandling } from './error-handler.js';
import { refuseForeignOrigins } from './hardening/same-origin.js';
import { installSecurityHeaders } from './hardening/security-headers.js';
import { bucketRoutes } from './routes/buckets/bucket-routes.js';
import { bucketEncryptionRoutes } from './routes/buckets/bucket-encryption-routes.js';
import { bucketSettingsRoutes } from './routes/buckets/bucket-settings-routes.js';
import { UsageCache } from './routes/buckets/usage-cache.js';
import { accountRoutes } from './routes/account/account-routes.js';
import { groupRoutes } from './routes/groups/group-routes.js';
import { objectRoutes } from './routes/objects/object-routes.js';
import { objectDetailsRoutes } from './routes/objects/object-details-routes.js';
import { shareRoutes } from './routes/objects/share-routes.js';
import { rewindRoutes } from './routes/objects/rewind-routes.js';
import { objectBulkRoutes } from './routes/objects/object-bulk-routes.js';
import { multipartUploadRoutes } from './routes/objects/multipart-upload-routes.js';
import { UploadTokens } from './routes/objects/upload-token.js';
import { policyRoutes } from './routes/policies/policy-routes.js';
import { userRoutes } from './routes/users/user-routes.js';
import { sessionRoutes } from './routes/session/session-routes.js';
import { registerWebApp } from './routes/web/web-app.js';
import { settingsRoutes } from './routes/settings/settings-routes.js';
import { bucketEventRoutes } from './routes/buckets/bucket-events-routes.js';
import { replicationLifecycleRoutes } from './routes/buckets/replication-lifecycle-routes.js';
import { auditLogRoutes } from './routes/logs/audit-log-routes.js';
import { healthInfoRoutes } from './routes/diagnostics/health-info-routes.js';
import { AuditStore } from './audit/audit-store.js';
import { loadAuditToken } from './audit/audit-token.js';
import { monitoringStreamRoutes } from './routes/monitoring/monitoring-streams.js';
import { watchRoutes } from './routes/watch/watch-routes.js';
import { dashboardRoutes } from './routes/dashboard/dashboard-routes.js';
import { createDashboard, type DashboardOptions } from './routes/dashboard/create-dashboard.js';
import { AccountStates } from './session/account-state.js';
import { sessionCheck, sessionKindCheck } from './session/authenticate.js';
import type { OperatorSettings } from './operator/k8s-settings.js';
import { SESSION_COOKIE } from './session/session-cookie.js';
import { loadSessionKey } from './session/session-key.js';
import { SessionStore } from './session/session-store.js';
import { DEFAULT_MIN_PART_SIZE } from './storage/upload-stream.js';
import { StorageClients } from './storage/storage-clients.js';

export interface AppOptions {
  /** The storage server, e.g. `http://127.0.0.1:9000`. */
  serverUrl: string;
  /** Console state: the session key (unless `sessionKey`) and the sessions. */
  dataDir: string;
  /** Session length in seconds (default 12 h, at most 7 days). */
  sessionSeconds?: number;
  /** First guess of the storage server's region (default us-east-1); its refusals correct it. */
  region?: string;
  /** Serve everything under this sub-path, e.g. `/console`. */
  basePath?: string;
  /** The built web app. */
  webDir?: string;
  /** Trust X-Forwarded-* (TLS detection for the Secure cookie behind a reverse proxy). */
  trustProxy?: boolean;
  /** base64 of the 32-byte session key; default: `<dataDir>/session.key`. */
  sessionKey?: string;
  /** Single sign-on: an OpenID Connect provider; without it the login strategy is 'form'. */
  openId?: OpenIdSettings;
  /**
   * The STS DurationSeconds the console asks for (default: the session length). A server may
   * grant less; such credentials are renewed before they expire (session/credential-renewal.ts).
   */
  stsSeconds?: number;
  /** Renew temporary credentials when less than this is left (default 300 s). */
  credentialRenewMarginSeconds?: number;
  /** Smallest multipart upload part (default 16 MiB). */
  uploadPartSize?: number;
  /**
   * The storage server's origin as browsers reach it (behind a proxy, e.g. `https://s3.example.com`);
   * share links point there and are signed for its host. Default: `serverUrl`.
   */
  publicServerUrl?: string;
  /**
   * Connection hardening (the connection guard of `@coffer/server-guard`): header timeout (default
   * 30 s), keep-alive idle (5 s), request idle (5 min), connection limit (default from the
   * open-file limit).
   */
  connections?: ConnectionGuardOptions;
  /** Live sockets: back-pressure bound (default 1 MiB) and ping period (default 20 s). */
  streams?: Partial<StreamLimits>;
  /** Back-off of failed sign-ins (defaults: 5 free failures, then 1 s doubling up to 60 s). */
  loginThrottle?: LoginThrottleOptions;
  /**
   * The audit log store (`audit/`): how long records are kept (default 7 days; 0 switches the
   * store off), how many at most (default 1,000,000), and the token of the deliveries (default:
   * `<dataDir>/audit.token`).
   */
  auditLog?: { retentionMs?: number; maxEntries?: number; token?: string };
  /**
   * The License page: the PEM public key license keys are verified with (none: keys are refused),
   * and MinIO's online subscription service (default https://subnet.min.io, 10 s bound).
   */
  license?: { publicKeyPem?: string; serviceUrl?: string; serviceTimeoutMs?: number };
  /**
   * Operator mode: the Kubernetes API server to manage tenants on (operator/k8s-settings.ts). The
   * login strategy becomes the service-account token; tenants and storage routes are served.
   */
  operator?: OperatorSettings & { defaultImage?: string };
  /** Dashboard metrics: a Prometheus to query, else the console's own history (scrape interval). */
  dashboard?: DashboardOptions;
  logger?: FastifyServerOptions['logger'];
}

const DEFAULT_STREAM_LIMITS: StreamLimits = { highWaterMark: 1 << 20, pingIntervalMs: 20_000 };
/** A client only ever sends the keep-alive 'ok'. */
const WS_MAX_PAYLOAD = 1024;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
export const DEFAULT_AUDIT_RETENTION_MS = 7 * 24 * 3600 * 1000;
export const DEFAULT_AUDIT_MAX_ENTRIES = 1_000_000;
/** Unbounded file size: uploads stream, the storage server enforces its own limits. */
const MULTIPART_LIMITS = {
  fileSize: Infinity,
  files: 10_000,
  fields: 100,
  fieldSize: 1 << 20,
  parts: 10_100,
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const sessionSeconds = Math.min(MAX_SESSION_SECONDS, options.sessionSeconds ?? DEFAULT_SESSION_SECONDS);
  const resolved: ResolvedOptions = {
    serverUrl: options.serverUrl.replace(/\/+$/, ''),
    region: options.region ?? 'us-east-1',
    basePath: normaliseBasePath(options.basePath ?? ''),
    sessionSeconds,
    stsSeconds: Math.min(MAX_SESSION_SECONDS, options.stsSeconds ?? sessionSeconds),
    uploadPartSize: options.uploadPartSize ?? DEFAULT_MIN_PART_SIZE,
    publicServerUrl: (options.publicServerUrl ?? options.serverUrl).replace(/\/+$/, ''),
    streams: { ...DEFAULT_STREAM_LIMITS, ...options.streams },
    ...(options.webDir !== undefined ? { webDir: options.webDir } : {}),
  };
  const connections = resolveConnectionGuard(options.connections);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    // Requests are answered by the storage server's pace; never cut a long upload or download
    // (no total request timeout; header, keep-alive and idle timeouts from @coffer/server-guard).
    serverFactory: (handler) => createGuardedServer(handler, connections),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const key = await loadSessionKey(options.dataDir, options.sessionKey);
  const sessions = await SessionStore.open({ dir: join(options.dataDir, 'sessions'), key });
  const clients = new StorageClients({ serverUrl: resolved.serverUrl, region: resolved.region });
  clients.storageRegion.setLog(app.log);
  const sso = options.openId
    ? { connect: new OpenIdConnect(options.openId), flows: new PendingLogins(key) }
    : undefined;
  const ctx: AppContext = {
    options: resolved,
    sessions,
    clients,
    ...(sso ? { sso } : {}),
    credentialRenewal: new CredentialRenewal({
      issuer: { serverUrl: resolved.serverUrl, clients, ...(sso ? { openId: sso.connect } : {}) },
      sessions,
      renewMarginMs: (options.credentialRenewMarginSeconds ?? DEFAULT_RENEW_MARGIN_SECONDS) * 1000,
      stsSeconds: resolved.stsSeconds,
      maxStsSeconds: MAX_SESSION_SECONDS,
      log: app.log,
    }),
    accounts: new AccountStates(clients, app.log),
    usage: new UsageCache(clients),
    loginThrottle: new LoginThrottle(options.loginThrottle),
    ...(options.operator ? { operator: options.operator } : {}),
  };
  const retentionMs = options.auditLog?.retentionMs ?? DEFAULT_AUDIT_RETENTION_MS;
  if (retentionMs > 0) {
    const store = await AuditStore.open({
      dir: join(options.dataDir, 'audit'),
      retentionMs,
      maxEntries: options.auditLog?.maxEntries ?? DEFAULT_AUDIT_MAX_ENTRIES,
    });
    ctx.auditLog = { store, token: await loadAuditToken(options.dataDir, options.auditLog?.token) };
  }

  const licenseOptions = {
    store: new LicenseStore(options.dataDir),
    ...(options.license?.publicKeyPem !== undefined
      ? { publicKey: await importLicenseKey(options.license.publicKeyPem) }
      : {}),
    serviceUrl: options.license?.serviceUrl ?? DEFAULT_SUBSCRIPTION_SERVICE_URL,
    serviceTimeoutMs: options.license?.serviceTimeoutMs ?? DEFAULT_SUBSCRIPTION_TIMEOUT_MS,
  };

  const sweep = setInterval(() => {
    sessions.sweep().catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  const dashboard = createDashboard(
    clients,
    { historyFile: join(options.dataDir, 'metrics-history.json'), ...options.dashboard },
    (err) => app.log.debug({ err }, 'metrics scrape or history save failed'),
  );
  app.addHook('onClose', async () => {
    await dashboard.close();
    clearInterval(sweep);
    clients.close();
    await ctx.auditLog?.store.close();
  });

  // First: its onRequest hook marks upgrade requests, so a refusal by any later hook still ends
  // the upgrade socket (its onResponse hook destroys only marked ones).
  await app.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
  installSecurityHeaders(app);
  app.addHook('onRequest', refuseForeignOrigins);
  await app.register(fastifyCookie);
  // preservePath: a file name may carry a relative path (folder uploads), kept in the object key.
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, preservePath: true });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Coffer console API',
        version: '1',
        description: 'The console REST API (generated from the zod contract in @coffer/contract).',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  // Every API route not marked public needs a live session; checked before the body is read.
  const authenticate = sessionCheck(sessions, resolved.basePath, ctx.credentialRenewal);
  // Then the route's session kind: operator routes for operator sessions only, and the other way round.
  app.addHook('onRoute', (route) => {
    if (route.config?.public === true || !route.url.startsWith(`${resolved.basePath}${API_PREFIX}/`)) return;
    const existing = route.onRequest;
    const checks = [authenticate, sessionKindCheck(route.config?.session ?? 'storage')];
    route.onRequest =
      existing === undefined ? checks : [...(Array.isArray(existing) ? existing : [existing]), ...checks];
  });

  const web = await registerWebApp(app, resolved.webDir, resolved.basePath);
  installErrorHandling(app, ctx, web.sendIndex);

  await app.register(
    async (api) => {
      await api.register(sessionRoutes, { ctx });
      await api.register(bucketRoutes, { ctx });
      await api.register(bucketEncryptionRoutes, { ctx });
      await api.register(bucketSettingsRoutes, { ctx });
      await api.register(objectRoutes, { ctx });
      await api.register(objectDetailsRoutes, { ctx });
      await api.register(objectBulkRoutes, { ctx });
      await api.register(multipartUploadRoutes, { ctx, tokens: new UploadTokens(key) });
      await api.register(policyRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(groupRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(shareRoutes, { ctx });
      await api.register(rewindRoutes, { ctx });
      await api.register(settingsRoutes, { ctx });
      await api.register(bucketEventRoutes, { ctx });
      await api.register(replicationLifecycleRoutes, { ctx });
      await api.register(auditLogRoutes, { ctx });
      await api.register(healthInfoRoutes, { ctx });
      await api.register(monitoringStreamRoutes, { ctx });
      await api.register(healRoutes, { ctx });
      await api.register(watchRoutes, { ctx });
      await api.register(dashboardRoutes, { dashboard: dashboard.service });
      await api.register(licenseRoutes, { ctx, license: licenseOptions });
      if (options.operator) {
        // Loaded only in operator mode: the Kubernetes client is a large module graph.
        const { operatorRoutes } = await import('./routes/operator/operator-routes.js');
        const { tenantHopRoutes } = await import('./routes/operator/tenant-hop.js');
        const { defaultImage, ...operator } = options.operator;
        await api.register(operatorRoutes, {
          operator,
          license: licenseOptions,
          ...(defaultImage !== undefined ? { defaultImage } : {}),
        });
        // The hop: each tenant's own console, this console's code against the tenant's server.
        await api.register(tenantHopRoutes, {
          ctx,
          operator,
          dataDir: join(options.dataDir, 'tenant-consoles'),
          makeConsole: (tenant) =>
            buildApp({
              ...tenant,
              ...(resolved.webDir !== undefined ? { webDir: resolved.webDir } : {}),
              auditLog: { retentionMs: 0 },
              logger: false,
            }),
        });
      }
      api.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true }, config: { public: true } }, async () =>
        app.swagger(),
      );
    },
    { prefix: resolved.basePath },
  );
  return app;
}
