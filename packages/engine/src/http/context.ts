/**
 * What every handler receives. The router (`http/router.ts`) builds one `RequestContext` per
 * request; handlers read the parsed request from it and answer through `res`, or throw an
 * `EngineError` that `http/errors.ts` turns into bytes. The engine's long-lived services are in
 * `engine` (`../engine-context.ts`, built once by `createEngine`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Credential } from '../iam/types.js';
import type { EngineContext } from '../engine-context.js';
import type { BucketPolicy } from '../bucket/bucket-policy.js';

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
  /** Set for AWS Signature Version 2 (`./auth-v2.ts`); V4 otherwise. */
  signatureVersion?: 'v2';
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
  /**
   * Bucket policies read for this request's authorisation (`loadBucketPolicies` in
   * `authorize.ts`), by bucket. One read per bucket per request.
   */
  bucketPolicies?: Map<string, BucketAccessRules>;
}

/** What a bucket's configuration says about access: its policy and its public access block. */
export interface BucketAccessRules {
  /** The bucket policy; undefined without one (or without the bucket). */
  policy?: BucketPolicy;
  /** RestrictPublicBuckets is set and the policy is public: its grants reach no anonymous caller. */
  restrictPublic: boolean;
}
