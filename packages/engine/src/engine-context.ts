/**
 * The engine context: the long-lived services of one engine instance, built once at the
 * composition root (`createEngine` in `engine.ts`) and handed to the HTTP server, which gives it to
 * every handler through `RequestContext.engine`. Every service is required — nothing is created
 * lazily on a request path, and no module-level singleton stands in for one — so several engines
 * can run in one process (the tests do) and background work can use the same services with no
 * request at all.
 *
 * Handlers and `http/` may import this module (type-only); nothing at or below `iam/` may (lint,
 * `eslint.config.js`): the lower layers receive the single services they need, never the bag.
 */
import { LoginThrottle } from '@coffer/server-guard';
import type { IamSystem } from './iam/iam-system.js';
import { BuiltinKms, type Kms } from './kms/index.js';
import { withEncryption } from './crypto/index.js';
import { withCompression } from './compress/index.js';
import { ConsoleLog, LoggingSystem, TraceHub } from './logging/index.js';
import { randomBytes } from 'node:crypto';
import type { Credential, CredentialProvider } from './iam/types.js';
import type { MetricsRegistry } from './metrics/registry.js';
import type { ObjectLayer } from './object-layer/types.js';
import { createEventHub, withObjectEvents, type ObjectEventHub } from './events/index.js';
import { BucketMetadataService } from './bucket/bucket-metadata.js';
import { BucketUsageTracker } from './bucket/usage-tracker.js';
import { createMetrics } from './metrics/registry.js';
import { SigningKeyCache } from './http/signing-key-cache.js';
import { plainAddress } from './http/client-address.js';
import { staticConfig, type ConfigReader } from './config/index.js';
import { NotificationSystem, type RetryOptions, type TargetFactory } from './notify/index.js';
import type { EngineService } from './engine-service.js';
import { HealSequences } from './admin/heal-sequences.js';
import { ReplicationSystem, type ReplicationRetry } from './replication/index.js';
import { TierRegistry, Tiering, withTiering } from './tier/index.js';

/** Long-lived state shared by all handlers of one engine instance (no module-level singletons). */
export interface EngineContext {
  /** The object layer every handler and worker writes through: it publishes each committed change to `events`. */
  objectLayer: ObjectLayer;
  /** Object events: every committed object change, with MinIO's names and record (`events/`). */
  events: ObjectEventHub;
  /** How a request's access key becomes a credential (the IAM system in a running engine). */
  credentials: CredentialProvider;
  /** The root credential (access key + secret), from the environment or the data dir. */
  root: Credential;
  /** Configured region; MinIO's default is us-east-1 for S3 responses. */
  region: string;
  /** Domains for virtual-host-style requests (MINIO_DOMAIN / COFFER_DOMAIN), may be empty. */
  domains: string[];
  /** Unique per deployment (from the drives' format). */
  deploymentId: string;
  /** When the engine started (uptime in admin info). */
  startedAt: Date;
  /** The address the engine listens on, host:port. */
  endpoint: () => string;
  /** The IAM registry (users, groups, policies; STS issues temporary credentials through it). */
  iam: IamSystem;
  /** Request counters for Prometheus: the router calls `metrics.recordRequest` once per request. */
  metrics: MetricsRegistry;
  /** Engine version (package.json), reported by admin info. */
  version: string;
  /** SigV4 signing keys already derived. */
  signingKeys: SigningKeyCache;
  /** Per-bucket usage since the last scan, for hard quotas (`bucket/usage-tracker.ts`). */
  usageTracker: BucketUsageTracker;
  /** Every bucket configuration, typed, cached, with a change hook (`bucket/bucket-metadata.ts`). */
  bucketMetadata: BucketMetadataService;
  /** Back-off of failed STS sign-ins per client address and access key (`sts/assume-role.ts`). */
  stsThrottle: LoginThrottle;
  /** Client addresses whose failed STS sign-ins back off per account only (a console signing users in). */
  stsTrustedProxies: ReadonlySet<string>;
  /** The KMS that seals object keys (SSE-S3, SSE-KMS) and serves the admin KMS API (`kms/`). */
  kms: Kms;
  /** The server configuration (issue 10 §1): what services read, with a change hook. */
  config: ConfigReader;
  /**
   * Bucket notifications (issue 10 §2): the configured targets, their queues and the delivery of
   * object events to them. Built here, started by the composition root (`createEngine`).
   */
  notifications: NotificationSystem;
  /** In-place restart for the admin service API; absent in contexts built by hand. */
  service?: EngineService;
  /** The logger and audit webhooks (issue 10 §1): the HTTP layer audits requests and reports 5xx through it. */
  logging: LoggingSystem;
  /** Admin trace subscribers (`GET /minio/admin/v3/trace`); the HTTP layer publishes each call while one listens. */
  trace: TraceHub;
  /** The console log ring and its subscribers (`GET /minio/admin/v3/log`). */
  consoleLog: ConsoleLog;
  /** The admin API's heal sequences (`admin/heal-sequences.ts`) over `objectLayer`. */
  heal: HealSequences;
  /** Bucket replication (issue 12): remote targets' health, the workers, metrics. Started by `createEngine`. */
  replication: ReplicationSystem;
  /** The remote tiers (`tier/`): their configuration and warm backends. */
  tiers: TierRegistry;
  /** Transitions to and restores from the tiers, over the erasure layer (`tier/tiering.ts`). */
  tiering: Tiering;
}

/** What `assembleEngineContext` needs; everything else has a default derived from it. */
export interface EngineContextParts {
  /** The plain object layer; the context wraps it so that its changes are published to `events`. */
  objectLayer: ObjectLayer;
  /** Default: a new hub for this context. */
  events?: ObjectEventHub;
  iam: IamSystem;
  deploymentId: string;
  region?: string;
  domains?: string[];
  /** Default: `iam`. Tests may narrow it; a running engine always authenticates through IAM. */
  credentials?: CredentialProvider;
  /** Default: `iam.root`. */
  root?: Credential;
  startedAt?: Date;
  endpoint?: () => string;
  metrics?: MetricsRegistry;
  version?: string;
  signingKeys?: SigningKeyCache;
  usageTracker?: BucketUsageTracker;
  bucketMetadata?: BucketMetadataService;
  /** Default: the protocol's default back-off. */
  stsThrottle?: LoginThrottle;
  /** Default: none. */
  stsTrustedProxies?: readonly string[];
  /** Where services report problems that do not fail a request. */
  log?: (line: string) => void;
  /**
   * Default: a built-in KMS with a fresh random master key for this context only (named keys in the
   * object layer's system area). `createEngine` passes the persistent one; tests that restart over
   * the same drives pass their own.
   */
  kms?: Kms;
  config?: ConfigReader;
  /** Default: every factory the engine ships (`notify/factories.ts`). */
  notifyFactories?: TargetFactory[];
  /** Retry pauses of the notification targets' sender loops (tests shorten them). */
  notifyRetry?: RetryOptions;
  /** Retry pauses of the replication workers (tests shorten them). */
  replicationRetry?: ReplicationRetry;
  service?: EngineService;
  /** Default: one built from `config` (its `logger_webhook` and `audit_webhook` targets). */
  logging?: LoggingSystem;
  /** Default: a new hub. `createEngine` keeps one across in-place restarts. */
  trace?: TraceHub;
  /**
   * Default: a new ring that `log` lines also reach. A caller that passes its own feeds its console
   * lines to it itself (`createEngine` does, for every part of the engine that logs).
   */
  consoleLog?: ConsoleLog;
  /** Default: a registry over the object layer's system area. */
  tiers?: TierRegistry;
}

/**
 * Build an engine context from its parts, creating the services that only depend on them (event hub and
 * the eventing object layer, metrics, signing-key cache, usage tracker). `createEngine` and the tests' engines both go through here, so
 * a context built by hand has the same services as a running engine's.
 */
export function assembleEngineContext(parts: EngineContextParts): EngineContext {
  const { iam } = parts;
  const region = parts.region ?? 'us-east-1';
  const endpoint = parts.endpoint ?? (() => '127.0.0.1:9000');
  const config = parts.config ?? staticConfig();
  const consoleLog = parts.consoleLog ?? new ConsoleLog(endpoint);
  const log =
    parts.consoleLog !== undefined
      ? parts.log
      : (line: string): void => {
          consoleLog.info(line);
          parts.log?.(line);
        };
  const logging =
    parts.logging ??
    new LoggingSystem(config, {
      deploymentId: parts.deploymentId,
      consoleLog,
      ...(log !== undefined ? { log } : {}),
    });
  // What services report (failures that do not fail a request) also reaches the logger webhooks.
  const serviceLog = (source: string): ((line: string) => void) => logging.serviceLog(source, log);
  const events =
    parts.events ??
    createEventHub({
      region,
      deploymentId: parts.deploymentId,
      endpoint,
      log: serviceLog('events'),
    });
  // The KMS keeps its named keys in the system area, which the encryption decorator passes through.
  const kms =
    parts.kms ??
    new BuiltinKms(
      { name: 'coffer-ephemeral-key', material: randomBytes(32) },
      { store: parts.objectLayer, endpoint, log: serviceLog('kms') },
    );
  const tiers = parts.tiers ?? new TierRegistry(parts.objectLayer);
  const tiering = new Tiering(parts.objectLayer, tiers, serviceLog('tier'));
  // Encryption at rest sits below the events, so each event describes the plaintext version;
  // compression above encryption, so it sees (and shrinks) the plaintext; tiering below both, so
  // a tier holds the bytes as stored (sealed, compressed) and reads of them plan as for local ones.
  const objectLayer = withObjectEvents(
    withCompression(withEncryption(withTiering(parts.objectLayer, tiering), kms), config),
    events,
  );
  const bucketMetadata =
    parts.bucketMetadata ?? new BucketMetadataService(objectLayer, { log: serviceLog('bucket-metadata') });
  const notifications = new NotificationSystem({
    config,
    events,
    bucketMetadata,
    region,
    listBuckets: async () => (await objectLayer.listBuckets()).map((bucket) => bucket.name),
    ...(parts.notifyFactories !== undefined ? { factories: parts.notifyFactories } : {}),
    ...(parts.notifyRetry !== undefined ? { retry: parts.notifyRetry } : {}),
    log: serviceLog('notify'),
  });
  return {
    objectLayer,
    events,
    credentials: parts.credentials ?? iam,
    root: parts.root ?? iam.root,
    region,
    domains: parts.domains ?? [],
    deploymentId: parts.deploymentId,
    startedAt: parts.startedAt ?? new Date(),
    endpoint,
    iam,
    metrics: parts.metrics ?? createMetrics(),
    version: parts.version ?? '0.0.0',
    signingKeys: parts.signingKeys ?? new SigningKeyCache(),
    // Quota checks need usage newer than the last scan: the scanner feeds this tracker.
    usageTracker: parts.usageTracker ?? new BucketUsageTracker(() => objectLayer.dataUsage()),
    bucketMetadata,
    stsThrottle: parts.stsThrottle ?? new LoginThrottle(),
    stsTrustedProxies: new Set((parts.stsTrustedProxies ?? []).map(plainAddress)),
    kms,
    config,
    notifications,
    ...(parts.service !== undefined ? { service: parts.service } : {}),
    logging,
    trace: parts.trace ?? new TraceHub(),
    consoleLog,
    heal: new HealSequences(objectLayer),
    replication: new ReplicationSystem({
      objectLayer,
      events,
      bucketMetadata,
      log: serviceLog('replication'),
      ...(parts.replicationRetry !== undefined ? { retry: parts.replicationRetry } : {}),
    }),
    tiers,
    tiering,
  };
}
