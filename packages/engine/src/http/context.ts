/**
 * What every handler receives. The router (`http/router.ts`) builds one `RequestContext` per
 * request; handlers read the parsed request from it and answer through `res`, or throw an
 * `EngineError` that `http/errors.ts` turns into bytes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { LoginThrottle } from '@coffer/protocol';
import type { Credential, CredentialProvider } from '../iam/types.js';
import type { ObjectLayer } from '../object-layer/types.js';
import type { IamSystem } from '../iam/iam-system.js';
import type { MetricsRegistry } from '../metrics/registry.js';
import type { SigningKeyCache } from './signing-key-cache.js';
import type { BucketUsageTracker } from '../bucket/usage-tracker.js';

/** Long-lived state shared by all handlers of one engine instance (no module-level singletons). */
export interface EngineContext {
  objectLayer: ObjectLayer;
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
  /** The IAM registry behind `credentials` (STS issues temporary credentials through it). */
  iam?: IamSystem;
  /** Request counters for Prometheus: the router calls `metrics.recordRequest` once per request. */
  metrics?: MetricsRegistry;
  /** Engine version (package.json), reported by admin info. */
  version?: string;
  /** SigV4 signing keys already derived (auth.ts creates it on first use). */
  signingKeys?: SigningKeyCache;
  /** Per-bucket usage since the last scan, for hard quotas (`bucket/usage-tracker.ts`). */
  usageTracker?: BucketUsageTracker;
  /** Back-off of failed STS sign-ins per client address and access key (`sts/assume-role.ts`). */
  stsThrottle?: LoginThrottle;
}

/** Where S3 path-style or virtual-host-style addressing put the request. */
export interface S3Target {
  bucket?: string;
  key?: string;
}

/** A request after authentication. */
export interface AuthResult {
  /** Undefined for anonymous requests. */
  credential?: Credential;
  /** How the request proved itself. */
  method: 'header' | 'presigned' | 'post-policy' | 'anonymous';
  /**
   * The request body after authentication: aws-chunked framing removed and chunk signatures
   * verified while it is read; a plain body is wrapped to check x-amz-content-sha256 at its end
   * (the stream errors with ContentSha256Mismatch / SignatureDoesNotMatch instead of ending).
   */
  body: Readable;
  /** Decoded length when known (x-amz-decoded-content-length or Content-Length), else -1. */
  contentLength: number;
  /** Trailing headers of aws-chunked bodies (x-amz-checksum-*), available once `body` has ended. */
  trailers: () => Record<string, string>;
  /** The request's payload hash as signed: hex SHA-256, UNSIGNED-PAYLOAD or STREAMING-…. */
  payloadHash: string;
}

/** Which API surface a request was routed to (chooses the error format and the metrics label). */
export type ApiKind = 's3' | 'admin' | 'sts' | 'metrics' | 'health';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  engine: EngineContext;
  /** X-Amz-Request-Id of this request. */
  requestId: string;
  method: string;
  /** The decoded path (before bucket/key split). */
  path: string;
  /** Query parameters in request order; a key may repeat. */
  query: URLSearchParams;
  target: S3Target;
  /** Set by the router after authentication (undefined for unauthenticated routes). */
  auth?: AuthResult;
  /** Set by the router once it knows the API surface (errors before that are written as S3 XML). */
  api?: ApiKind;
  /** The operation's name once routed, e.g. `PutObject`, `ListObjectsV2` (trace, metrics). */
  operation?: string;
}
