/**
 * Engine assembly: `createEngine(options)` opens the drives (object layer), settles the root
 * credential, loads IAM, builds the shared `EngineContext`, starts the HTTP listener and the
 * background usage scanner and heal pass, and hands back a running `Engine` whose `close()`
 * undoes all of it in reverse order. Configuration is read and validated once, here (options
 * first, then the environment); everything after receives it through the context — no
 * module-level state, so several engines can run in one process (the tests do).
 *
 * Failures to start are `StartupError`s whose message is the whole diagnosis (the CLI prints it
 * without a stack): a busy port, an unusable drive, a drive of another deployment, bad credentials.
 * Whatever was already opened is closed again before the error leaves.
 */
import { readFile } from 'node:fs/promises';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import {
  LoginThrottle,
  readOpenFileLimit,
  type ConnectionGuardOptions,
  type LoginThrottleOptions,
} from '@coffer/server-guard';
import { assembleEngineContext, type EngineContext } from './engine-context.js';
import { createHttpServer } from './http/server.js';
import { createObjectLayerIamStore } from './iam/iam-store.js';
import { IamSystem } from './iam/iam-system.js';
import { BuiltinKms, resolveMasterKey } from './kms/index.js';
import { resolveRootCredentials, type RootCredentialSource } from './iam/root-credentials.js';
import { createMetrics, type MetricsRegistry } from './metrics/registry.js';
import { openObjectLayer } from './object-layer/index.js';
import type { DataUsage, ObjectLayer } from './object-layer/types.js';
import {
  chainAfterBucket,
  fifoQuotaHook,
  lifecycleHook,
  startHealer,
  startScanner,
} from './background/index.js';
import type { ObjectEventHub } from './events/index.js';
import { StartupError } from './storage/startup-error.js';
import { ConfigStore, configuredRegion, type ConfigReader } from './config/index.js';
import type { RetryOptions, TargetFactory } from './notify/index.js';
import { ConsoleLog, TraceHub } from './logging/index.js';
import type { ReplicationRetry } from './replication/index.js';
import type { EngineService } from './engine-service.js';

/** Below this many descriptors the engine says at start how to get more (a 4-drive engine then
 * runs about 300 uploads at once). */
const LOW_OPEN_FILE_LIMIT = 4096;

export interface EngineOptions {
  /** `host:port` to listen on (`[::1]:9000` for IPv6, `:9000` for every interface); port 0 picks a free one. */
  address: string;
  /** Drive directories (absolute or relative to the working directory); they must exist. */
  drives: string[];
  /** Where generated root credentials are kept; default: the parent of the first drive. */
  dataDir?: string;
  rootUser?: string;
  rootPassword?: string;
  /**
   * Overrides the configured region like MINIO_REGION_NAME (then MINIO_SITE_REGION, MINIO_REGION,
   * COFFER_REGION, the stored `site`/`region` sub-systems); none of them: us-east-1, any signing region accepted.
   */
  region?: string;
  /** Domains for virtual-host-style requests; default: COFFER_DOMAIN / MINIO_DOMAIN (comma list). */
  domains?: string[];
  /** Parity shards per object; default: the object layer's (N/2). */
  parity?: number;
  log?: (line: string) => void;
  /** Pause between background usage scans (default 60 s). */
  scannerIntervalMs?: number;
  /** Length of a lifecycle day (default 24 h); tests shorten it (`background/lifecycle.ts`). */
  lifecycleDayMs?: number;
  /** Pause between background heal passes (default 1 h). */
  healIntervalMs?: number;
  /**
   * How often the drives' formats are checked (default 2 s): a drive found empty (wiped or
   * replaced) is formatted and healed in the background then.
   */
  driveCheckIntervalMs?: number;
  /** `jwt` (default) or `public`; default: COFFER_/MINIO_PROMETHEUS_AUTH_TYPE. */
  prometheusAuthType?: 'jwt' | 'public';
  /** Environment to read instead of `process.env` (tests). */
  env?: NodeJS.ProcessEnv;
  /** Clock for credential expiry in ms since the epoch (tests move it forward). */
  now?: () => number;
  /**
   * Connection hardening (the connection guard of `@coffer/server-guard`): header timeout (default
   * 30 s), keep-alive idle timeout (5 s), idle timeout during a request (5 min) and the connection
   * limit (default from the open-file limit, less 16 descriptors per drive). Tests lower them.
   */
  connections?: ConnectionGuardOptions;
  /**
   * The built-in KMS's master (default) key in MinIO's format `<key-name>:<base64 of 32 bytes>`;
   * default: COFFER_KMS_SECRET_KEY / MINIO_KMS_SECRET_KEY, else a key generated at the first start
   * and kept in the data dir (`.coffer-kms-key`, mode 0600).
   */
  kmsSecretKey?: string;
  /** Back-off of failed STS sign-ins (`LoginThrottle` of `@coffer/server-guard`); tests lower it. */
  stsThrottle?: LoginThrottleOptions;
  /**
   * Client addresses that sign others in (a console): their failed STS sign-ins back off per
   * account only, so failures of many users through one console never shut all of them out.
   */
  stsTrustedProxies?: string[];
  /**
   * The server configuration services read (notification targets, …). Default: an empty one
   * (until the persisted configuration store exists); tests pass a `staticConfig(…)`.
   */
  config?: ConfigReader;
  /** Retry pauses of the notification targets (default 1 s doubling to 30 s); tests shorten them. */
  notifyRetry?: RetryOptions;
  /**
   * Retry pauses of the replication workers (default 1 s doubling to 60 s); default from
   * COFFER_REPLICATION_RETRY_MS (`<first>[,<longest>]` in ms). Tests shorten them.
   */
  replicationRetry?: ReplicationRetry;
  /** The notification target factories; default: every one the engine ships (`notify/factories.ts`). */
  notifyFactories?: TargetFactory[];
}

export interface Engine {
  /** Base URL for clients, e.g. `http://127.0.0.1:9000`. */
  url: string;
  address: { host: string; port: number };
  credentials: { accessKey: string; secretKey: string };
  /** Where the root credential came from; `generated` means created by this start. */
  credentialSource: RootCredentialSource;
  /** The data dir's credentials file when the keys were generated or read from it. */
  credentialsFile?: string;
  deploymentId: string;
  /** The object layer as handlers see it: its object changes are published to `events`. */
  objectLayer: ObjectLayer;
  /** Object events: every committed object change (`events/`). */
  events: ObjectEventHub;
  iam: IamSystem;
  metrics: MetricsRegistry;
  /** The shared context handed to every handler (for tests and embedding). */
  context: EngineContext;
  /** Run a usage scan now (or join the running one) and return its result. */
  scanUsage(): Promise<DataUsage>;
  /** Restart in place, as admin `service?action=restart` does (same listener, services rebuilt from the drives). */
  restart(): Promise<void>;
  /** Stop listening (closing keep-alive connections), stop background work, close the drives. */
  close(): Promise<void>;
}

/** One generation of the engine's services (rebuilt by an in-place restart). */
interface EngineServices {
  context: EngineContext;
  scanner: ReturnType<typeof startScanner>;
  /** Requests this generation is serving (a replaced generation is released when they are done). */
  inflight: number;
  /** Called when `inflight` drops to 0. */
  onIdle?: () => void;
  /** Stop the background work (scanner, heal pass). */
  stopBackground(): Promise<void>;
  /** Release what requests use (event hub, the decorators' threads); after `stopBackground`. */
  release(): Promise<void>;
}

/**
 * The drives' object layer as one generation of services sees it: its `close` only ends what the
 * generation's decorators hold (the encryption worker threads); the drives stay open for the next
 * generation and are closed once, by the engine.
 */
function sharedLayer(layer: ObjectLayer): ObjectLayer {
  // Every request calls through here (getObject, putObject, getBucketMetadata…): a method is bound
  // once and reused, not bound anew on each access.
  const bound = new Map<PropertyKey, { method: unknown; fn: unknown }>();
  return new Proxy(layer, {
    get(target, prop) {
      if (prop === 'close') return () => Promise.resolve();
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const known = bound.get(prop);
      if (known?.method === value) return known.fn;
      const fn = (value as (...args: unknown[]) => unknown).bind(target);
      bound.set(prop, { method: value, fn });
      return fn;
    },
  });
}

/** How long `close()` lets in-flight requests finish before cutting their connections. */
const CLOSE_GRACE_MS = 5000;

/** `host:port` → parts; throws StartupError with the expected form. */
export function parseAddress(address: string): { host: string; port: number } {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(address.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || !Number.isInteger(port) || port > 65535) {
    throw new StartupError(
      `invalid address '${address}': expected host:port (e.g. 127.0.0.1:9000, [::1]:9000, or :9000 for every interface; port 0 picks a free port)`,
    );
  }
  return { host: m[1] ?? m[2] ?? '', port };
}

/** The host to put in URLs: a wildcard listener is reached through loopback. */
function urlHost(host: string): string {
  if (host === '' || host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function readEnv(env: NodeJS.ProcessEnv, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

/** COFFER_REPLICATION_RETRY_MS=`<first>[,<longest>]` (ms); undefined: the workers' defaults. */
function replicationRetryFromEnv(env: NodeJS.ProcessEnv): ReplicationRetry | undefined {
  const value = env.COFFER_REPLICATION_RETRY_MS;
  if (value === undefined || value === '') return undefined;
  const [first, longest] = value.split(',').map((v) => Number(v.trim()));
  if (first === undefined || !Number.isFinite(first) || first <= 0) return undefined;
  return {
    initialMs: first,
    maxMs: longest !== undefined && Number.isFinite(longest) && longest > 0 ? longest : first * 60,
  };
}

function prometheusAuthType(options: EngineOptions, env: NodeJS.ProcessEnv): 'jwt' | 'public' {
  const value =
    options.prometheusAuthType ??
    readEnv(env, 'COFFER_PROMETHEUS_AUTH_TYPE', 'MINIO_PROMETHEUS_AUTH_TYPE') ??
    'jwt';
  if (value !== 'jwt' && value !== 'public') {
    throw new StartupError(`invalid Prometheus auth type '${value}': expected 'jwt' or 'public'`);
  }
  return value;
}

async function engineVersion(): Promise<string> {
  try {
    // src/engine.ts and dist/engine.js both sit one level below the package root.
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function listenError(err: NodeJS.ErrnoException, host: string, port: number): StartupError {
  const where = host === '' ? `every interface` : host;
  switch (err.code) {
    case 'EADDRINUSE':
      return new StartupError(
        `port ${port} on ${where} is already in use (EADDRINUSE): ${err.message}; stop the other server or choose another --address`,
      );
    case 'EACCES':
      return new StartupError(
        `not allowed to listen on port ${port} on ${where} (EACCES): ${err.message}; ports below 1024 need privileges`,
      );
    case 'EADDRNOTAVAIL':
      return new StartupError(
        `address ${host} is not an address of this machine (EADDRNOTAVAIL): ${err.message}`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(`cannot resolve the listen host '${host}' (${err.code}): ${err.message}`);
    default:
      return new StartupError(
        `cannot listen on ${urlHost(host)}:${port} (${err.code ?? 'error'}): ${err.message}`,
      );
  }
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolvePromise, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      reject(listenError(err, host, port));
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolvePromise(server.address() as AddressInfo);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    if (host === '') server.listen(port);
    else server.listen(port, host);
  });
}

/** Close the listener: idle keep-alive sockets at once, busy ones after their request or the grace period. */
async function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  if (!server.listening) {
    for (const socket of sockets) socket.destroy();
    return;
  }
  const closed = new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
  timer.unref();
  await closed;
  clearTimeout(timer);
}

/** Start an engine; see the module comment. */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const env = options.env ?? process.env;
  // Every console line of every part of the engine is also kept for `GET /minio/admin/v3/log`.
  // The trace hub and the console log outlive in-place restarts (a running trace keeps going).
  let endpoint = '';
  const consoleLog = new ConsoleLog(() => endpoint);
  const trace = new TraceHub();
  const log = (line: string): void => {
    consoleLog.info(line);
    options.log?.(line);
  };
  if (options.drives.length === 0)
    throw new StartupError('no drives given: at least one drive directory is needed');
  const { host, port } = parseAddress(options.address);
  const drives = options.drives.map((d) => resolve(d));
  const domains =
    options.domains ??
    (readEnv(env, 'COFFER_DOMAIN', 'MINIO_DOMAIN') ?? '')
      .split(',')
      .map((d) => d.trim())
      .filter((d) => d !== '');
  const authType = prometheusAuthType(options, env);

  const { layer, deploymentId } = await openObjectLayer({
    drives,
    ...(options.parity !== undefined ? { parity: options.parity } : {}),
    ...(options.driveCheckIntervalMs !== undefined
      ? { driveCheckIntervalMs: options.driveCheckIntervalMs }
      : {}),
    log,
  });

  // From here on, anything that fails must close what is already open.
  const cleanups: (() => Promise<void>)[] = [() => layer.close()];
  const unwind = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const dataDir = resolve(options.dataDir ?? dirname(drives[0] ?? '.'));
    const root = await resolveRootCredentials({
      rootUser: options.rootUser,
      rootPassword: options.rootPassword,
      env,
      dataDir,
    });
    const masterKey = await resolveMasterKey({ secretKey: options.kmsSecretKey, env, dataDir });
    const metrics = createMetrics({ authType });
    const version = await engineVersion();
    const stsThrottle = new LoginThrottle(options.stsThrottle);
    const replicationRetry = options.replicationRetry ?? replicationRetryFromEnv(env);
    // `--region` (options) is an override like MinIO's environment variable.
    const configEnv = options.region !== undefined ? { ...env, MINIO_REGION_NAME: options.region } : env;
    endpoint = `${urlHost(host)}:${port}`;

    // Everything built from the drives' documents: made at start and again by an in-place restart.
    const buildServices = async (): Promise<EngineServices> => {
      // A configuration given by the caller (tests: `staticConfig`) stands in for the stored one.
      const config: ConfigReader =
        options.config ?? (await ConfigStore.load({ store: layer, env: configEnv, log }));
      const iam = await IamSystem.load({
        root,
        store: createObjectLayerIamStore(layer),
        log,
        ...(options.now !== undefined ? { now: options.now } : {}),
      });
      // Named keys live in the object layer's system area, sealed under the master key.
      const kms = new BuiltinKms(masterKey, {
        store: layer,
        endpoint: () => endpoint,
        log,
        ...(masterKey.createdAt !== undefined ? { masterCreatedAt: masterKey.createdAt } : {}),
      });
      const context: EngineContext = assembleEngineContext({
        objectLayer: sharedLayer(layer),
        iam,
        region: configuredRegion(config) || options.region || 'us-east-1',
        domains,
        deploymentId,
        endpoint: () => endpoint,
        metrics,
        version,
        log,
        consoleLog,
        trace,
        stsThrottle,
        ...(options.stsTrustedProxies !== undefined ? { stsTrustedProxies: options.stsTrustedProxies } : {}),
        kms,
        config,
        service,
        ...(options.notifyRetry !== undefined ? { notifyRetry: options.notifyRetry } : {}),
        ...(replicationRetry !== undefined ? { replicationRetry } : {}),
        ...(options.notifyFactories !== undefined ? { notifyFactories: options.notifyFactories } : {}),
      });
      // Targets start before requests reach these services, so no request's event finds them
      // missing; queued events of an earlier run (or of the services before a restart) are sent
      // from here on.
      await context.notifications.start();
      // Replication resumes the backlog an earlier run (or generation) left on the drives.
      await context.replication.start();
      // Usage figures (admin info, datausageinfo, metrics) come from the scanner's last cycle; the
      // heal pass repairs what no read has touched (wiped or corrupted drives). After measuring a
      // bucket the scanner trims it to its FIFO quota, through the eventing layer so removals publish.
      // Failed background work also reaches the logger webhooks (progress lines stay local).
      const { logging } = context;
      const failures = /fail/i;
      const scanner = startScanner({
        // Through the decorators: usage counts the plaintext sizes of compressed and encrypted
        // versions, as MinIO counts their actual size (listings publish no events).
        layer: context.objectLayer,
        log: logging.serviceLog('scanner', log, failures),
        observer: context.usageTracker,
        afterBucket: chainAfterBucket(
          lifecycleHook({
            objectLayer: context.objectLayer,
            bucketMetadata: context.bucketMetadata,
            tiering: context.tiering,
            log: logging.serviceLog('lifecycle', log, /^lifecycle: bucket \S+: /),
            ...(options.lifecycleDayMs !== undefined ? { dayMs: options.lifecycleDayMs } : {}),
          }),
          fifoQuotaHook({
            objectLayer: context.objectLayer,
            bucketMetadata: context.bucketMetadata,
            log: logging.serviceLog('fifo-quota', log, /^fifo quota: bucket \S+: /),
          }),
        ),
        ...(options.scannerIntervalMs !== undefined ? { intervalMs: options.scannerIntervalMs } : {}),
      });
      const healer = startHealer(layer, {
        log: logging.serviceLog('healer', log, failures),
        ...(options.healIntervalMs !== undefined ? { intervalMs: options.healIntervalMs } : {}),
      });
      // Services that read the configuration when they start (notification targets, loggers)
      // belong here, with their stop in `stop`, so that an in-place restart rebuilds them.
      return {
        context,
        scanner,
        inflight: 0,
        stopBackground: async () => {
          // Admin heal sequences run on this generation's layer: stopped with the other background work.
          await context.heal.close();
          await context.replication.close();
          await healer.stop();
          await scanner.stop();
        },
        // Every writer goes through the context's eventing object layer, so no object change goes
        // unannounced; the hub closes with the services, and so do the decorators' threads. The
        // targets close first (after this generation's last request): their close lets the hub's
        // pending events reach the queue stores.
        release: async () => {
          await context.notifications.close();
          context.events.close();
          // Entries still queued stay in the webhooks' queue directories for the next start.
          await context.logging.close();
          await context.objectLayer.close();
        },
      };
    };

    // In-place restart (admin `service?action=restart`): new requests wait for the new services
    // (`EngineContextSource`); in-flight ones finish on the old; a failed rebuild keeps the old.
    let swapping: Promise<EngineContext> | undefined;
    const service: EngineService = {
      restart: async () => {
        if (swapping !== undefined) {
          await swapping;
          return;
        }
        const previous = services;
        swapping = buildServices().then(
          (next) => {
            services = next;
            log(`engine restarted in place (region ${next.context.region})`);
            return next.context;
          },
          (err: unknown) => {
            log(`engine restart failed, keeping the running services: ${(err as Error).message}`);
            return previous.context;
          },
        );
        try {
          await swapping;
        } finally {
          swapping = undefined;
        }
        if (services !== previous) void retire(previous);
      },
    };

    // A replaced generation's background work stops at once; what its requests use (event hub,
    // encryption threads) is released once the requests it was serving are done, so an upload in
    // flight during the restart completes.
    const retire = async (generation: EngineServices): Promise<void> => {
      try {
        await generation.stopBackground();
        if (generation.inflight > 0) {
          await new Promise<void>((resolveIdle) => {
            generation.onIdle = resolveIdle;
          });
        }
        await generation.release();
      } catch (err) {
        log(`engine restart: stopping the old services failed: ${(err as Error).message}`);
      }
    };

    let services = await buildServices();
    cleanups.push(async () => {
      await services.stopBackground();
      await services.release();
    });

    const server = createHttpServer(
      () => swapping ?? services.context,
      options.connections ?? {},
      drives.length,
    );
    // Count each request against the generation that serves it (requests that arrive during a
    // swap wait for, and belong to, the next one).
    const track = (res: ServerResponse): void => {
      if (res.closed) return;
      const generation = services;
      generation.inflight += 1;
      res.once('close', () => {
        generation.inflight -= 1;
        if (generation.inflight === 0) generation.onIdle?.();
      });
    };
    server.on('request', (_req, res: ServerResponse) => {
      if (swapping === undefined) track(res);
      else void swapping.then(() => track(res));
    });
    const sockets = new Set<Socket>();
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    const bound = await listen(server, host, port);
    cleanups.push(() => closeServer(server, sockets));
    // Listen, trace and log streams never end by themselves: end them first, so the close does not
    // wait for them.
    cleanups.push(() => {
      services.context.notifications.endListeners();
      trace.close();
      consoleLog.close();
      return Promise.resolve();
    });
    const boundHost = host === '' ? '' : bound.address;
    endpoint = `${urlHost(boundHost)}:${bound.port}`;

    log(`engine listening on http://${endpoint} (${drives.length} drive${drives.length === 1 ? '' : 's'})`);
    log(
      `kms: built-in, default key '${masterKey.name}' (${masterKey.source}${masterKey.file !== undefined ? `, ${masterKey.file}` : ''})`,
    );
    const { guard, gate } = server;
    log(
      `connections: at most ${guard.maxConnections}, headers within ${guard.headersTimeoutMs / 1000} s, ` +
        `keep-alive idle ${guard.keepAliveTimeoutMs / 1000} s, request idle ${guard.idleTimeoutMs / 1000} s; ` +
        `S3 requests: ${gate.slots} at once, others wait up to ${gate.deadlineMs / 1000} s`,
    );
    // Node raises its soft open-file limit to the hard one at start; a low hard limit (a shell's
    // `ulimit -n 1024`, a unit's LimitNOFILE=1024) is what leaves few descriptors.
    const openFiles = readOpenFileLimit();
    if (openFiles !== undefined && openFiles < LOW_OPEN_FILE_LIMIT) {
      log(
        `warning: open-file limit ${openFiles} (hard): raise it (ulimit -Hn, LimitNOFILE=) for more ` +
          `than ${gate.slots} S3 requests at once`,
      );
    }

    let closing: Promise<void> | undefined;
    return {
      url: `http://${endpoint}`,
      address: { host: bound.address, port: bound.port },
      credentials: { accessKey: root.accessKey, secretKey: root.secretKey },
      credentialSource: root.source,
      ...(root.file !== undefined ? { credentialsFile: root.file } : {}),
      deploymentId,
      // The services change with an in-place restart: these always name the current ones.
      get objectLayer() {
        return services.context.objectLayer;
      },
      get events() {
        return services.context.events;
      },
      get iam() {
        return services.context.iam;
      },
      metrics,
      get context() {
        return services.context;
      },
      scanUsage: () => services.scanner.scanNow(),
      restart: () => service.restart(),
      close: () => (closing ??= unwind()),
    };
  } catch (err) {
    await unwind();
    throw err;
  }
}
