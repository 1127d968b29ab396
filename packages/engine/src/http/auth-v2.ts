/**
 * AWS Signature Version 2 for S3, as MinIO still accepts it: the header form
 * (`Authorization: AWS <AccessKey>:<base64 HMAC-SHA1>`) that old clients send (awscli v1 with
 * `signature_version = s3`, s3cmd with `signature_v2 = True`) and the presigned query form
 * (`AWSAccessKeyId`, `Expires`, `Signature`) of `s3cmd signurl` and awscli v1's default `presign`.
 *
 * String to sign: method, Content-MD5, Content-Type, the date (the Date header — empty when
 * x-amz-date is sent, since that one is signed among the x-amz headers — or `Expires` for a
 * presigned URL), the x-amz-* headers (lower-case names, sorted, values joined by `,`), then the
 * resource: the path exactly as sent (prefixed with `/<bucket>` for virtual-host requests) and the
 * S3 sub-resources of the query, decoded and sorted. V2 signs no body, so the body is passed on
 * unchecked (UNSIGNED-PAYLOAD), as MinIO does. Only S3 accepts V2; the admin API and STS refuse it.
 */
import { createHmac } from 'node:crypto';
import { timingSafeEqualString } from '@coffer/protocol';
import type { Credential } from '../iam/types.js';
import type { AuthResult, RequestContext } from './context.js';
import { AccessDenied } from '../common/errors.js';
import { InvalidAccessKeyId } from '../iam/errors.js';
import { RequestExpired, RequestTimeTooSkewed, SignatureDoesNotMatch } from './request-errors.js';
import { bucketFromHost } from './target.js';

/** Query keys that belong in the V2 canonical resource (S3's list, with MinIO's additions). */
const SUB_RESOURCES = new Set([
  'acl',
  'cors',
  'delete',
  'encryption',
  'legal-hold',
  'lifecycle',
  'location',
  'logging',
  'notification',
  'partNumber',
  'policy',
  'replication',
  'requestPayment',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'response-content-language',
  'response-content-type',
  'response-expires',
  'restore',
  'retention',
  'select',
  'select-type',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versionId',
  'versioning',
  'versions',
  'website',
]);

/** What a V2-signed request names, before the secret is known. */
export interface V2Parts {
  method: 'header' | 'presigned';
  accessKey: string;
  signature: string;
  /** The date line of the string to sign (Date header, empty, or Expires). */
  dateLine: string;
  sessionToken: string | undefined;
}

export interface V2Request {
  method: string;
  /** Raw path as sent, without the query. */
  rawPath: string;
  /** Query pairs, decoded, in request order. */
  query: [string, string][];
  headers: Map<string, string[]>;
  /** Bucket of a virtual-host-style request (prefixed to the resource), else undefined. */
  vhostBucket: string | undefined;
}

const V2_HEADER = /^AWS ([^:\s]+):(\S+)$/;

/** Is this Authorization header a V2 one (`AWS AK:sig`)? */
export function isV2Authorization(authorization: string): boolean {
  return authorization.trim().startsWith('AWS ');
}

/** Is this query a V2 presigned URL? */
export function isV2Presigned(query: [string, string][]): boolean {
  const keys = new Set(query.map(([k]) => k));
  return keys.has('AWSAccessKeyId') && keys.has('Signature');
}

function first(headers: Map<string, string[]>, name: string): string | undefined {
  return headers.get(name)?.[0];
}

/** Parse the header form; the date must be within the clock skew MinIO allows for V4. */
export function v2FromHeader(
  authorization: string,
  headers: Map<string, string[]>,
  now: Date,
  maxSkewMs: number,
): V2Parts {
  const match = V2_HEADER.exec(authorization.trim());
  if (match === null) throw new AccessDenied('The Signature Version 2 authorization header is malformed.');
  const amzDate = first(headers, 'x-amz-date');
  const date = first(headers, 'date');
  const when = Date.parse(amzDate ?? date ?? '');
  if (Number.isNaN(when))
    throw new AccessDenied('AWS authentication requires a valid Date or x-amz-date header.');
  if (Math.abs(now.getTime() - when) > maxSkewMs) throw new RequestTimeTooSkewed();
  return {
    method: 'header',
    accessKey: match[1] ?? '',
    signature: match[2] ?? '',
    dateLine: amzDate !== undefined ? '' : (date ?? ''),
    sessionToken: first(headers, 'x-amz-security-token'),
  };
}

/** Parse the presigned form; `Expires` is seconds since the epoch. */
export function v2FromQuery(query: [string, string][], headers: Map<string, string[]>, now: Date): V2Parts {
  const get = (name: string): string | undefined => query.find(([k]) => k === name)?.[1];
  const expires = get('Expires');
  if (expires === undefined || !/^\d{1,12}$/.test(expires)) {
    throw new AccessDenied('Signature Version 2 presigned URLs need a numeric Expires parameter.');
  }
  if (Number(expires) * 1000 < now.getTime()) throw new RequestExpired();
  return {
    method: 'presigned',
    accessKey: get('AWSAccessKeyId') ?? '',
    // A `+` of the base64 signature sent unencoded arrives as a space.
    signature: (get('Signature') ?? '').replace(/ /g, '+'),
    dateLine: expires,
    sessionToken: get('x-amz-security-token') ?? first(headers, 'x-amz-security-token'),
  };
}

/** The V2 string to sign for a request. */
export function v2StringToSign(request: V2Request, dateLine: string): string {
  const h = (name: string): string => (request.headers.get(name) ?? []).join(',');
  const amz = [...request.headers.keys()]
    .filter((name) => name.startsWith('x-amz-'))
    .sort()
    .map((name) => `${name}:${(request.headers.get(name) ?? []).map((v) => v.trim()).join(',')}\n`)
    .join('');
  const subs = request.query
    .filter(([k]) => SUB_RESOURCES.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => (v === '' ? k : `${k}=${v}`));
  const path =
    request.vhostBucket !== undefined ? `/${request.vhostBucket}${request.rawPath}` : request.rawPath;
  const resource = subs.length > 0 ? `${path}?${subs.join('&')}` : path;
  return `${request.method}\n${h('content-md5')}\n${h('content-type')}\n${dateLine}\n${amz}${resource}`;
}

export function v2Signature(secretKey: string, stringToSign: string): string {
  return createHmac('sha1', secretKey).update(stringToSign, 'utf8').digest('base64');
}

/**
 * Verify a V2 request and give the authentication result. `checkToken` is the V4 path's session
 * token check (temporary credentials must present theirs).
 */
/** What `authenticateRequest` has gathered, for the V2 check. */
export interface V2Candidate {
  authorization?: string;
  /** The query carries SigV4 presigning parameters (then it is not a V2 URL). */
  presignedV4: boolean;
  rawPath: string;
  query: [string, string][];
  headers: Map<string, string[]>;
  now: Date;
  /** True for the admin API and STS, which refuse V2 (as MinIO). */
  refuseV2: boolean;
  checkToken: (credential: Credential, token: string | undefined) => void;
}

/** MinIO's globalMaxSkewTime, as for V4. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

/** The result of a V2-signed request, or undefined when the request is not signed with V2. */
/**
 * Whether a request may be signed with Signature V2 at all (a V2 Authorization header, or a V2
 * presigned query without a V4 one): cheap and synchronous, so V4 requests skip the V2 path.
 */
export function mayBeV2(
  authorization: string | undefined,
  presignedV4: boolean,
  query: [string, string][],
): boolean {
  const value = authorization ?? '';
  return isV2Authorization(value) || (value.trim() === '' && !presignedV4 && isV2Presigned(query));
}

export async function authenticateIfV2(ctx: RequestContext, c: V2Candidate): Promise<AuthResult | undefined> {
  const authorization = c.authorization ?? '';
  const parts = isV2Authorization(authorization)
    ? v2FromHeader(authorization, c.headers, c.now, MAX_CLOCK_SKEW_MS)
    : authorization.trim() === '' && !c.presignedV4 && isV2Presigned(c.query)
      ? v2FromQuery(c.query, c.headers, c.now)
      : undefined;
  if (parts === undefined) return undefined;
  if (c.refuseV2) {
    throw new AccessDenied('Signature Version 2 is accepted for S3 requests only; use AWS4-HMAC-SHA256.');
  }
  const request: V2Request = {
    method: ctx.method,
    rawPath: c.rawPath,
    query: c.query,
    headers: c.headers,
    vhostBucket: bucketFromHost(first(c.headers, 'host'), ctx.engine.domains),
  };
  return authenticateV2(ctx, parts, request, c.checkToken);
}

export async function authenticateV2(
  ctx: RequestContext,
  parts: V2Parts,
  request: V2Request,
  checkToken: (credential: Credential, token: string | undefined) => void,
): Promise<AuthResult> {
  const credential = await ctx.engine.credentials.lookup(parts.accessKey);
  if (credential === undefined || !credential.enabled) throw new InvalidAccessKeyId();
  checkToken(credential, parts.sessionToken);
  const expected = v2Signature(credential.secretKey, v2StringToSign(request, parts.dateLine));
  if (!timingSafeEqualString(expected, parts.signature)) throw new SignatureDoesNotMatch();
  const length = first(request.headers, 'content-length');
  return {
    credential,
    method: parts.method,
    signatureVersion: 'v2',
    body: ctx.req,
    contentLength: length !== undefined && /^\s*\d+\s*$/.test(length) ? Number(length) : -1,
    trailers: () => ({}),
    payloadHash: 'UNSIGNED-PAYLOAD',
  };
}
