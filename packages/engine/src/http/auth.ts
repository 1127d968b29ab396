/**
 * Request authentication: AWS Signature V4 in its header form, its presigned (query) form and
 * anonymous requests, for S3, the admin API and STS (wire doc §1.2, §4.2).
 *
 * The signature is recomputed from the request exactly as received: the raw path of `req.url`
 * canonicalised once, the raw query pairs in request order (keys sorted stably), the signed
 * headers from `rawHeaders` (repeated headers joined by `,`), and the payload hash the client
 * declared (x-amz-content-sha256; for STS the hash of the body itself, which is read first).
 * The key is derived from whatever region the credential scope names. With no region configured
 * any region is accepted (as MinIO); a configured one (issue 10 §1) must be the scope's for S3
 * and STS (`checkSigningRegion`).
 *
 * The result's `body` is the request body after authentication: checked against the signed hex
 * SHA-256 (errors at its end on mismatch), decoded from aws-chunked with every chunk signature
 * verified, or the raw stream for UNSIGNED-PAYLOAD. Admin and STS bodies are small and read into
 * memory (and verified) before this function returns.
 */
import { Readable } from 'node:stream';
import {
  EMPTY_SHA256,
  MAX_PRESIGN_EXPIRES_SECONDS,
  SIGV4_ALGORITHM,
  STREAMING_PAYLOAD,
  STREAMING_PAYLOAD_TRAILER,
  STREAMING_UNSIGNED_PAYLOAD_TRAILER,
  UNSIGNED_PAYLOAD,
  canonicalPath,
  canonicalQuery,
  canonicalRequest,
  formatAmzDate,
  parseAmzDate,
  parseAuthorizationHeader,
  parseCredential,
  hmacSha256,
  sha256Hex,
  stringToSign,
  timingSafeEqualString,
  type ParsedCredential,
} from '@coffer/protocol';
import { timingSafeEqual } from 'node:crypto';
import type { Credential } from '../iam/types.js';
import { configuredRegion } from '../config/index.js';
import type { AuthResult, RequestContext } from './context.js';
import { AwsChunkedDecoder, type AwsChunkedMode } from './aws-chunked.js';
import { authenticateIfV2, mayBeV2 } from './auth-v2.js';
import { Sha256VerifyStream } from './payload-hash.js';
import {
  AdminConfigTooLarge,
  AuthorizationHeaderMalformed,
  AuthorizationQueryParametersError,
  ContentSha256Mismatch,
  MissingContentLength,
  MissingSecurityHeader,
  RequestExpired,
  RequestTimeTooSkewed,
  SignatureDoesNotMatch,
  UnsignedHeaders,
} from './request-errors.js';
import { ExpiredToken, InvalidAccessKeyId, InvalidTokenId } from '../iam/errors.js';
import { AccessDenied, EntityTooLarge, defineError } from '../common/errors.js';
import { IncompleteBody } from '../object-layer/errors.js';
import { signedHeaderText } from './header-text.js';

export interface AuthenticateOptions {
  /** SigV4 service the credential scope must name: `s3` (S3 and admin) or `sts`. */
  service: 's3' | 'sts';
  /** Admin API: header-signed only, x-amz-content-sha256 required, body read and verified. */
  admin?: boolean;
  /** The server's clock (tests); defaults to now. */
  now?: Date;
  /** Accept any signing region even when one is configured (ListBuckets, GetBucketLocation). */
  anyRegion?: boolean;
}

/** MinIO's globalMaxSkewTime. */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
/** MinIO reads at most 10 MiB of an STS body to hash it. */
export const MAX_STS_BODY_BYTES = 10 * 1024 * 1024;
/** Admin bodies are small JSON/config documents (largest encrypted ones ~256 KiB). */
export const MAX_ADMIN_BODY_BYTES = 16 * 1024 * 1024;

const HEX64 = /^[0-9a-fA-F]{64}$/;
const STREAMING_FORMS: ReadonlyMap<string, AwsChunkedMode> = new Map([
  [STREAMING_PAYLOAD, 'signed'],
  [STREAMING_PAYLOAD_TRAILER, 'signed-trailer'],
  [STREAMING_UNSIGNED_PAYLOAD_TRAILER, 'unsigned-trailer'],
]);

/** Everything the signature covers, gathered from the request before the secret is known. */
interface SignedRequestParts {
  method: 'header' | 'presigned';
  credential: ParsedCredential;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  /** X-Amz-Date (or Date) as milliseconds since the epoch, parsed once. */
  time: number;
  /** Canonical query (without X-Amz-Signature for presigned). */
  query: string;
  /** Payload hash as declared (header, query, or UNSIGNED-PAYLOAD default). */
  payloadHash: string;
  /** False when no payload hash was declared: the signature covers one, the body is not checked. */
  payloadDeclared: boolean;
  sessionToken: string | undefined;
}

export async function authenticateRequest(
  ctx: RequestContext,
  options: AuthenticateOptions,
): Promise<AuthResult> {
  const now = options.now ?? new Date();
  const headers = collectHeaders(ctx);
  const rawQuery = splitRawQuery(ctx.req.url ?? '/');
  const authorization = first(headers.get('authorization'));
  const queryKeys = new Set(rawQuery.map(([k]) => k));
  const presigned =
    queryKeys.has('X-Amz-Algorithm') || queryKeys.has('X-Amz-Credential') || queryKeys.has('X-Amz-Signature');

  // Signature V2 (S3 only, never admin or STS): ./auth-v2.ts.
  if (mayBeV2(authorization, presigned, rawQuery)) {
    const v2 = await authenticateIfV2(ctx, {
      ...(authorization !== undefined ? { authorization } : {}),
      presignedV4: presigned,
      rawPath: rawPathOf(ctx.req.url ?? '/'),
      query: rawQuery,
      headers,
      now,
      refuseV2: options.admin === true || options.service !== 's3',
      checkToken: (credential, token) => checkSessionToken(credential, token, now),
    });
    if (v2 !== undefined) return v2;
  }

  let parts: SignedRequestParts;
  if (authorization !== undefined && authorization.trim() !== '') {
    parts = fromAuthorizationHeader(authorization, headers, rawQuery, options);
  } else if (presigned) {
    if (options.admin) throw new AccessDenied('The admin API accepts only header-signed requests.');
    parts = fromPresignedQuery(rawQuery, headers, now);
  } else {
    return anonymous(ctx, headers, options);
  }

  const expectedService = options.service;
  if (parts.credential.service !== expectedService) {
    const err =
      parts.method === 'header'
        ? new AuthorizationHeaderMalformed(
            `The authorization header is malformed; incorrect service "${parts.credential.service}". This endpoint belongs to "${expectedService}".`,
          )
        : new AuthorizationQueryParametersError(
            `Error parsing the X-Amz-Credential parameter; incorrect service "${parts.credential.service}". This endpoint belongs to "${expectedService}".`,
          );
    throw err;
  }
  checkSigningRegion(ctx, parts, options);
  if (parts.credential.date !== parts.amzDate.slice(0, 8)) {
    throw new SignatureDoesNotMatch(
      'The credential scope date does not match the date of the request (X-Amz-Date).',
    );
  }
  if (parts.method === 'header' && Math.abs(now.getTime() - parts.time) > MAX_CLOCK_SKEW_MS) {
    throw new RequestTimeTooSkewed();
  }

  const credential = await ctx.engine.credentials.lookup(parts.credential.accessKey);
  if (credential === undefined || !credential.enabled) throw new InvalidAccessKeyId();
  checkSessionToken(credential, parts.sessionToken, now);

  // Payload hash: STS hashes the body itself (ignoring the header); admin requires the header.
  let payloadHash = parts.payloadHash;
  let buffered: Buffer | undefined;
  if (options.service === 'sts') {
    buffered = await readWhole(
      ctx,
      MAX_STS_BODY_BYTES,
      () => new EntityTooLarge('The STS request body is too large.'),
    );
    payloadHash = sha256Hex(buffered);
  } else {
    checkPayloadHashForm(payloadHash, options);
  }

  // Derived once per secret and scope (a day), not per request: signing-key-cache.ts.
  const signingKey = ctx.engine.signingKeys.get(
    credential.secretKey,
    parts.credential.date,
    parts.credential.region,
    parts.credential.service,
  );
  const creq = canonicalRequest({
    method: ctx.method,
    path: canonicalPath(rawPathOf(ctx.req.url ?? '/')),
    query: parts.query,
    headers: signedHeaderValues(parts.signedHeaders, headers, parts.method),
    signedHeaders: parts.signedHeaders,
    payloadHash,
  });
  // Compared as bytes: both forms checked the signature is 64 lower-case hex digits, so its
  // decoding is exact, and the hex of the expected MAC is only needed for aws-chunked bodies.
  const mac = hmacSha256(signingKey, stringToSign(parts.amzDate, parts.credential.scope, creq));
  const given = Buffer.from(parts.signature, 'hex');
  if (given.length !== mac.length || !timingSafeEqual(mac, given)) throw new SignatureDoesNotMatch();

  const base: AuthBase = { credential, method: parts.method, payloadHash };
  if (buffered !== undefined) return bufferedResult(base, buffered);
  if (options.admin) {
    const body = await readWhole(ctx, MAX_ADMIN_BODY_BYTES, () => new AdminConfigTooLarge());
    if (payloadHash !== UNSIGNED_PAYLOAD && sha256Hex(body) !== payloadHash.toLowerCase()) {
      throw new ContentSha256Mismatch();
    }
    return bufferedResult(base, body);
  }
  if (!parts.payloadDeclared) return plainResult(base, ctx.req, contentLengthOf(headers));
  // The seed of chunk signatures: the request's signature, equal to the expected one as checked.
  return streamingResult(ctx, headers, base, {
    key: signingKey,
    amzDate: parts.amzDate,
    scope: parts.credential.scope,
    seedSignature: parts.signature,
  });
}

/** What every signed result carries. */
interface AuthBase {
  credential: Credential;
  method: 'header' | 'presigned';
  payloadHash: string;
}

/** No trailers: the shared function every non-chunked result returns. */
const NO_TRAILERS = (): Record<string, string> => ({});

/** A result (built field by field: a spread of `base` costs more than the rest of it). */
function plainResult(
  base: AuthBase | { method: 'anonymous'; payloadHash: string },
  body: AuthResult['body'],
  contentLength: number,
  trailers: AuthResult['trailers'] = NO_TRAILERS,
): AuthResult {
  return 'credential' in base
    ? {
        credential: base.credential,
        method: base.method,
        payloadHash: base.payloadHash,
        body,
        contentLength,
        trailers,
      }
    : { method: base.method, payloadHash: base.payloadHash, body, contentLength, trailers };
}

// ---------------------------------------------------------------------------------------------
// Gathering what was signed.

/** Request headers by lower-case name, every value kept in order (from rawHeaders when present). */
function collectHeaders(ctx: RequestContext): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const raw = ctx.req.rawHeaders as string[] | undefined;
  if (Array.isArray(raw) && raw.length > 0) {
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = (raw[i] ?? '').toLowerCase();
      const list = out.get(name);
      if (list) list.push(raw[i + 1] ?? '');
      else out.set(name, [raw[i + 1] ?? '']);
    }
    return out;
  }
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined) continue;
    out.set(name.toLowerCase(), Array.isArray(value) ? value : [value]);
  }
  return out;
}

function first(values: string[] | undefined): string | undefined {
  return values?.[0];
}

/** Raw (still encoded) path of a request target, absolute-form tolerated. */
function rawPathOf(url: string): string {
  let rest = url;
  // Origin-form (`/…`, what clients send) cannot start with a scheme: skip the regex.
  const scheme = url.startsWith('/') ? null : /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/.exec(rest);
  if (scheme !== null) rest = rest.slice(scheme[0].length);
  const cut = rest.search(/[?#]/);
  const path = cut >= 0 ? rest.slice(0, cut) : rest;
  return path.startsWith('/') ? path : `/${path}`;
}

/** Query pairs in request order, decoded the way Go's ParseQuery does (`+` is a space). */
/** A presigned URL signed for another region (MinIO's ErrInvalidRegion). */
class InvalidRegion extends defineError('InvalidRegion') {}

/** MinIO's `isValidRegion`: old clients say `US` for us-east-1. */
function sameRegion(requested: string, configured: string): boolean {
  const norm = (region: string): string => (region === 'US' ? 'us-east-1' : region);
  return norm(requested) === norm(configured);
}

/**
 * A configured region (issue 10 §1: `region name` / `site region`, or their environment
 * variables) must be the credential scope's region, as MinIO checks it for S3 and STS requests:
 * AuthorizationHeaderMalformed ("…the region is wrong; expecting '<region>'") for a signed header,
 * InvalidRegion for a presigned URL. The admin API accepts any region (MinIO verifies admin
 * signatures with an empty region), and so do ListBuckets and GetBucketLocation, which clients
 * call to learn the region (MinIO's exception); so does an engine with no region configured.
 */
function checkSigningRegion(
  ctx: RequestContext,
  parts: SignedRequestParts,
  options: AuthenticateOptions,
): void {
  if (options.admin === true || options.anyRegion === true) return;
  const configured = configuredRegion(ctx.engine.config);
  if (configured === '' || sameRegion(parts.credential.region, configured)) return;
  if (parts.method === 'header') throw new AuthorizationHeaderMalformed();
  throw new InvalidRegion(`Region does not match; this server's region is '${configured}'.`);
}

function splitRawQuery(url: string): [string, string][] {
  const hash = url.indexOf('#');
  const target = hash >= 0 ? url.slice(0, hash) : url;
  const q = target.indexOf('?');
  if (q < 0) return [];
  return [...new URLSearchParams(target.slice(q + 1))];
}

function fromAuthorizationHeader(
  authorization: string,
  headers: Map<string, string[]>,
  rawQuery: [string, string][],
  options: AuthenticateOptions,
): SignedRequestParts {
  if (!authorization.trimStart().startsWith(SIGV4_ALGORITHM)) {
    throw new AuthorizationHeaderMalformed(
      'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
    );
  }
  let parsed;
  try {
    parsed = parseAuthorizationHeader(authorization);
  } catch (err) {
    throw new AuthorizationHeaderMalformed(
      `The authorization header is malformed: ${(err as Error).message}.`,
    );
  }
  if (!parsed.signedHeaders.includes('host')) throw new UnsignedHeaders();
  const { amzDate, time } = requestDate(headers);
  const declared = first(headers.get('x-amz-content-sha256'));
  if (options.admin && declared === undefined) {
    throw new MissingSecurityHeader('Admin requests must carry the X-Amz-Content-Sha256 header.');
  }
  // S3 without the header: the signature covers the empty-body hash and the body is not checked
  // (MinIO's getContentSha256Cksum / skipContentSha256Cksum).
  const payloadHash = declared ?? EMPTY_SHA256;
  return {
    method: 'header',
    credential: parsed,
    signedHeaders: parsed.signedHeaders,
    signature: parsed.signature,
    amzDate,
    time,
    query: canonicalQuery(rawQuery),
    payloadHash,
    payloadDeclared: declared !== undefined,
    sessionToken: first(headers.get('x-amz-security-token')),
  };
}

/**
 * X-Amz-Date, or the Date header (RFC 7231 form) as a fallback, as `yyyymmddTHHMMSSZ`, and the
 * time it names (milliseconds; a Date header's sub-second part dropped, as its X-Amz-Date form).
 */
function requestDate(headers: Map<string, string[]>): { amzDate: string; time: number } {
  const amz = first(headers.get('x-amz-date'));
  if (amz !== undefined) {
    const amzDate = amz.trim();
    const parsed = parseAmzDate(amzDate);
    if (parsed === undefined) {
      throw new AccessDenied('X-Amz-Date must be in the ISO8601 basic format yyyyMMddTHHmmssZ.');
    }
    return { amzDate, time: parsed.getTime() };
  }
  const date = first(headers.get('date'));
  const t = date === undefined ? NaN : Date.parse(date);
  if (Number.isNaN(t))
    throw new AccessDenied('AWS authentication requires a valid Date or x-amz-date header.');
  const amzDate = formatAmzDate(new Date(t));
  return { amzDate, time: parseAmzDate(amzDate)?.getTime() ?? t };
}

function fromPresignedQuery(
  rawQuery: [string, string][],
  headers: Map<string, string[]>,
  now: Date,
): SignedRequestParts {
  const get = (name: string): string | undefined => rawQuery.find(([k]) => k === name)?.[1];
  const algorithm = get('X-Amz-Algorithm');
  const credentialText = get('X-Amz-Credential');
  const amzDate = get('X-Amz-Date');
  const signedHeadersText = get('X-Amz-SignedHeaders');
  const signature = get('X-Amz-Signature');
  const expiresText = get('X-Amz-Expires');
  if (
    algorithm === undefined ||
    credentialText === undefined ||
    amzDate === undefined ||
    signedHeadersText === undefined ||
    signature === undefined ||
    expiresText === undefined
  ) {
    throw new AuthorizationQueryParametersError();
  }
  if (algorithm !== SIGV4_ALGORITHM) {
    throw new AuthorizationQueryParametersError('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".');
  }
  let credential: ParsedCredential;
  try {
    credential = parseCredential(credentialText);
  } catch (err) {
    throw new AuthorizationQueryParametersError(
      `Error parsing the X-Amz-Credential parameter: ${(err as Error).message}.`,
    );
  }
  const date = parseAmzDate(amzDate);
  if (date === undefined) {
    throw new AuthorizationQueryParametersError(
      'X-Amz-Date must be in the ISO8601 basic format yyyyMMddTHHmmssZ.',
    );
  }
  if (!/^\d+$/.test(expiresText)) {
    throw new AuthorizationQueryParametersError('X-Amz-Expires should be a number of seconds.');
  }
  const expires = Number(expiresText);
  if (expires > MAX_PRESIGN_EXPIRES_SECONDS) {
    throw new AuthorizationQueryParametersError(
      'X-Amz-Expires must be less than a week (in seconds) that is 604800.',
    );
  }
  if (date.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS) {
    throw new AccessDenied('Request is not valid yet.');
  }
  if (now.getTime() > date.getTime() + expires * 1000) throw new RequestExpired();
  const signedHeaders = signedHeadersText.split(';');
  if (!signedHeaders.includes('host')) throw new UnsignedHeaders();
  if (!/^[0-9a-f]{64}$/.test(signature)) throw new SignatureDoesNotMatch();
  const withoutSignature = rawQuery.filter(([k]) => k !== 'X-Amz-Signature');
  return {
    method: 'presigned',
    credential,
    signedHeaders,
    signature,
    amzDate,
    time: date.getTime(),
    query: canonicalQuery(withoutSignature),
    payloadHash:
      get('X-Amz-Content-Sha256') ?? first(headers.get('x-amz-content-sha256')) ?? UNSIGNED_PAYLOAD,
    payloadDeclared: true,
    sessionToken: get('X-Amz-Security-Token') ?? first(headers.get('x-amz-security-token')),
  };
}

/**
 * Values of the signed headers as the signer saw them. MinIO accepts a signed `expect` (always
 * "100-continue": proxies and HTTP stacks drop it) and takes content-length as sent. A signed
 * header that is absent is refused (UnsignedHeaders), as MinIO's extractSignedHeaders does.
 */
function signedHeaderValues(
  signed: string[],
  headers: Map<string, string[]>,
  method: 'header' | 'presigned',
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of signed) {
    if (name === 'expect') {
      out[name] = '100-continue';
      continue;
    }
    const values = headers.get(name);
    if (values === undefined) {
      // A presigned URL may sign headers the browser will send; a missing one cannot match anyway.
      if (name === 'content-length' || method === 'presigned') {
        out[name] = '';
        continue;
      }
      throw new UnsignedHeaders(`The signed header "${name}" is missing from the request.`);
    }
    out[name] = values.map(signedHeaderText);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Credential checks.

/**
 * Temporary credentials must present their session token, and nobody else may present one
 * (MinIO compares the given token with the credential's, which is empty for long-term keys).
 * Service accounts carry their token server-side, so a client token is not required of them.
 */
export function checkSessionToken(credential: Credential, token: string | undefined, now: Date): void {
  if (credential.kind === 'temporary') {
    if (credential.expiration !== undefined && credential.expiration.getTime() <= now.getTime()) {
      throw new ExpiredToken();
    }
    if (token === undefined || token === '') throw new InvalidTokenId();
  }
  if (credential.kind === 'service-account' && (token === undefined || token === '')) return;
  if (credential.kind === 'service-account') {
    if (
      credential.sessionToken !== undefined &&
      !timingSafeEqualString(token ?? '', credential.sessionToken)
    ) {
      throw new InvalidTokenId();
    }
    return;
  }
  if (!timingSafeEqualString(token ?? '', credential.sessionToken ?? '')) throw new InvalidTokenId();
}

/** The declared payload hash must be a hex SHA-256 or one of the known special values. */
function checkPayloadHashForm(payloadHash: string, options: AuthenticateOptions): void {
  if (HEX64.test(payloadHash) || payloadHash === UNSIGNED_PAYLOAD) return;
  if (STREAMING_FORMS.has(payloadHash)) {
    if (options.admin)
      throw new AccessDenied('The admin API does not accept streaming (aws-chunked) payloads.');
    return;
  }
  throw new ContentSha256Mismatch(`Unsupported x-amz-content-sha256 value "${payloadHash.slice(0, 80)}".`);
}

// ---------------------------------------------------------------------------------------------
// Bodies.

function contentLengthOf(headers: Map<string, string[]>): number {
  const v = first(headers.get('content-length'));
  if (v === undefined || !/^\s*\d+\s*$/.test(v)) return -1;
  return Number(v);
}

function bufferedResult(base: AuthBase, body: Buffer): AuthResult {
  return plainResult(base, Readable.from(body.length > 0 ? [body] : []), body.length);
}

/**
 * Reads the whole request body (admin, STS) with a size limit; a declared Content-Length over the
 * limit is refused before reading. The rest of an oversized body is drained, not destroyed, so the
 * error reply can still be written on the connection.
 */
function readWhole(ctx: RequestContext, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const req = ctx.req;
  const declared = Number(req.headers['content-length'] ?? -1);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer | string): void => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += buf.length;
      if (total > limit) {
        cleanup();
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(buf);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const onClose = (): void => {
      cleanup();
      reject(new IncompleteBody());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * Connects the request to a checking transform. Backpressure flows through `pipe`; an aborted or
 * failed request errors the transform (its consumer sees an error, never a clean end), while a
 * transform error leaves the request alone so the error reply can still be written.
 */
function pipeChecked<T extends NodeJS.ReadWriteStream & Readable>(req: RequestContext['req'], target: T): T {
  req.pipe(target);
  req.on('error', (err) => target.destroy(err));
  req.on('close', () => {
    if (!req.complete) target.destroy(new IncompleteBody());
  });
  // `pipe` stops reading when the target fails or is destroyed; drain (and discard) the rest of
  // the body then, so the connection can still carry the error reply.
  target.on('close', () => {
    if (!req.complete) req.resume();
  });
  return target;
}

function streamingResult(
  ctx: RequestContext,
  headers: Map<string, string[]>,
  base: AuthBase,
  signing: { key: Buffer; amzDate: string; scope: string; seedSignature: string },
): AuthResult {
  const payloadHash = base.payloadHash;
  const mode = STREAMING_FORMS.get(payloadHash);
  if (mode !== undefined) {
    const decodedText = first(headers.get('x-amz-decoded-content-length'));
    if (decodedText === undefined || !/^\s*\d+\s*$/.test(decodedText)) throw new MissingContentLength();
    const decodedContentLength = Number(decodedText);
    const decoder = new AwsChunkedDecoder({
      mode,
      ...(mode === 'unsigned-trailer' ? {} : { signing }),
      decodedContentLength,
    });
    return plainResult(base, pipeChecked(ctx.req, decoder), decodedContentLength, () => decoder.trailers());
  }
  const contentLength = contentLengthOf(headers);
  if (HEX64.test(payloadHash)) {
    // No body at all (no Content-Length or 0, not chunked — most GETs, HEADs and DELETEs) and
    // the empty string's hash declared: nothing to verify, so no verifying stream per request.
    if (
      contentLength <= 0 &&
      headers.get('transfer-encoding') === undefined &&
      payloadHash.toLowerCase() === EMPTY_SHA256
    ) {
      return plainResult(base, ctx.req, contentLength);
    }
    return plainResult(base, pipeChecked(ctx.req, new Sha256VerifyStream(payloadHash)), contentLength);
  }
  // UNSIGNED-PAYLOAD.
  return plainResult(base, ctx.req, contentLength);
}

/**
 * No credentials: authorisation decides later (bucket policies may allow anonymous access).
 * The body still gets the checks the client asked for (a declared SHA-256, unsigned aws-chunked
 * framing with checksum trailers).
 */
async function anonymous(
  ctx: RequestContext,
  headers: Map<string, string[]>,
  options: AuthenticateOptions,
): Promise<AuthResult> {
  if (options.admin) throw new AccessDenied('Admin requests must be signed.');
  const declared = first(headers.get('x-amz-content-sha256'));
  if (options.service === 'sts') {
    const body = await readWhole(
      ctx,
      MAX_STS_BODY_BYTES,
      () => new EntityTooLarge('The STS request body is too large.'),
    );
    return {
      method: 'anonymous',
      payloadHash: sha256Hex(body),
      body: Readable.from(body.length > 0 ? [body] : []),
      contentLength: body.length,
      trailers: () => ({}),
    };
  }
  const base = { method: 'anonymous' as const, payloadHash: declared ?? UNSIGNED_PAYLOAD };
  if (declared === STREAMING_UNSIGNED_PAYLOAD_TRAILER) {
    const decodedText = first(headers.get('x-amz-decoded-content-length'));
    if (decodedText === undefined || !/^\s*\d+\s*$/.test(decodedText)) throw new MissingContentLength();
    const decoder = new AwsChunkedDecoder({
      mode: 'unsigned-trailer',
      decodedContentLength: Number(decodedText),
    });
    return plainResult(base, pipeChecked(ctx.req, decoder), Number(decodedText), () => decoder.trailers());
  }
  if (declared !== undefined && STREAMING_FORMS.has(declared)) {
    throw new AccessDenied('A signed streaming payload needs a signed request.');
  }
  const contentLength = contentLengthOf(headers);
  if (declared !== undefined && HEX64.test(declared)) {
    return plainResult(base, pipeChecked(ctx.req, new Sha256VerifyStream(declared)), contentLength);
  }
  return plainResult(base, ctx.req, contentLength);
}
