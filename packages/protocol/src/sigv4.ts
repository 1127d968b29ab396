/**
 * AWS Signature Version 4 as S3 and MinIO use it: canonical request, string to sign, signing key,
 * header and presigned-URL signing, parsing of the Authorization header and the per-chunk and
 * trailer signatures of `aws-chunked` streaming uploads, and the POST-policy signature.
 *
 * Everything here is a pure function over strings and bytes, so the same code signs (tests, the
 * admin client, the console) and verifies (the engine recomputes the signature with the secret it
 * looked up and compares). Canonicalisation follows the S3 flavour of SigV4: the path is decoded
 * then re-encoded once (S3 does not double-encode, `/` is kept), and query keys are sorted while
 * repeated keys keep the order they were given in (what MinIO's server does, wire doc §1.2).
 */
import { EMPTY_SHA256, hmacSha256, sha256Hex } from './hash.js';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const STREAMING_PAYLOAD = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD';
export const STREAMING_PAYLOAD_TRAILER = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER';
export const STREAMING_UNSIGNED_PAYLOAD_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';
/** Longest validity of a presigned URL: 7 days (S3 and MinIO reject longer X-Amz-Expires). */
export const MAX_PRESIGN_EXPIRES_SECONDS = 604800;

const HEX = '0123456789ABCDEF';

/** True for the RFC 3986 unreserved bytes `A-Z a-z 0-9 - _ . ~`. */
function isUnreserved(b: number): boolean {
  return (
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x61 && b <= 0x7a) ||
    (b >= 0x30 && b <= 0x39) ||
    b === 0x2d ||
    b === 0x5f ||
    b === 0x2e ||
    b === 0x7e
  );
}

function encodeBytes(bytes: Uint8Array, encodeSlash: boolean): string {
  let out = '';
  for (const b of bytes) {
    if (isUnreserved(b) || (b === 0x2f && !encodeSlash)) out += String.fromCharCode(b);
    else out += '%' + HEX[b >> 4] + HEX[b & 15];
  }
  return out;
}

/**
 * SigV4 URI encoding: every byte of the UTF-8 form except the unreserved ones becomes `%XX`
 * (upper-case hex). `/` is encoded only when `encodeSlash` is true (query keys and values); in
 * paths it is kept.
 */
export function uriEncode(s: string, encodeSlash: boolean): string {
  // Fast path for the common all-unreserved ASCII case (bucket names, most keys and parameters).
  if (/^[A-Za-z0-9\-_.~]*$/.test(s)) return s;
  return encodeBytes(Buffer.from(s, 'utf8'), encodeSlash);
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  return -1;
}

/**
 * Decodes `%XX` escapes of a raw (still encoded) URL component into bytes. A `%` not followed by
 * two hex digits stays a literal `%`; characters are taken as UTF-8.
 */
export function percentDecodeToBytes(raw: string): Buffer {
  const src = Buffer.from(raw, 'utf8');
  if (!src.includes(0x25)) return src;
  const out = Buffer.allocUnsafe(src.length);
  let n = 0;
  for (let i = 0; i < src.length; i++) {
    const b = src[i] ?? 0;
    if (b === 0x25 && i + 2 < src.length) {
      const hi = hexValue(src[i + 1] ?? 0);
      const lo = hexValue(src[i + 2] ?? 0);
      if (hi >= 0 && lo >= 0) {
        out[n++] = (hi << 4) | lo;
        i += 2;
        continue;
      }
    }
    out[n++] = b;
  }
  return out.subarray(0, n);
}

/**
 * The canonical URI of an S3 request from its raw (as sent) path: escapes are decoded and the
 * bytes re-encoded with `uriEncode(…, false)` rules, exactly once. So `/a%2Fb` and `/a/b` both
 * canonicalise to `/a/b` (MinIO signs `EncodePath(url.Path)` of the decoded path), `$` becomes
 * `%24`, `+` becomes `%2B`, and an empty path is `/`.
 */
export function canonicalPath(rawPathname: string): string {
  if (rawPathname === '') return '/';
  // Unreserved characters and slashes only (most paths): no escape to decode, nothing to encode.
  if (/^[A-Za-z0-9\-_.~/]*$/.test(rawPathname)) return rawPathname;
  return encodeBytes(percentDecodeToBytes(rawPathname), false);
}

/**
 * Canonical query string: each key and value URI-encoded (slash included), sorted by encoded key
 * with a stable sort so repeated keys keep the given order (MinIO's server behaviour, wire doc
 * §1.2). Nothing is dropped; presigned-URL verifiers leave out X-Amz-Signature themselves.
 */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  const pairs: [string, string][] = [];
  for (const [k, v] of params) pairs.push([uriEncode(k, true), uriEncode(v, true)]);
  // Array.prototype.sort is stable (ES2019), which is what keeps equal keys in request order.
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/** A header value as it enters the canonical request: trimmed, inner whitespace runs collapsed. */
export function canonicalHeaderValue(value: string | string[] | undefined): string {
  if (value === undefined) return '';
  if (!Array.isArray(value)) return canonicalOne(value);
  if (value.length === 1) return canonicalOne(value[0] ?? '');
  return value.map(canonicalOne).join(',');
}

function canonicalOne(value: string): string {
  const v = value.trim();
  return plainSpaced(v) ? v : v.replace(/\s+/g, ' ');
}

/**
 * True when a trimmed value has no whitespace to collapse: printable ASCII with single spaces.
 * (Anything else, including non-ASCII that may be Unicode whitespace, takes the regex.)
 */
function plainSpaced(v: string): boolean {
  let space = false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) space = false;
    else if (c === 0x20 && !space) space = true;
    else return false;
  }
  return true;
}

export interface CanonicalRequestInput {
  method: string;
  /** Already URI-encoded canonical path (see `canonicalPath`). */
  path: string;
  /** Canonical query string (see `canonicalQuery`). */
  query: string;
  /** Request headers; names are matched case-insensitively. */
  headers: Record<string, string | string[] | undefined>;
  /** Lower-case names of the signed headers, in the order given by the signer (sorted). */
  signedHeaders: string[];
  payloadHash: string;
}

/** The SigV4 canonical request text. A signed header missing from `headers` gets an empty value. */
export function canonicalRequest(r: CanonicalRequestInput): string {
  // Servers pass the headers keyed by lower-case name already: then no re-keyed copy is needed.
  let lower: Map<string, string | string[] | undefined> | undefined;
  for (const name in r.headers) {
    if (name !== name.toLowerCase()) {
      lower = new Map();
      for (const [n, value] of Object.entries(r.headers)) lower.set(n.toLowerCase(), value);
      break;
    }
  }
  let headerBlock = '';
  for (const h of r.signedHeaders) {
    const value =
      lower === undefined ? (Object.hasOwn(r.headers, h) ? r.headers[h] : undefined) : lower.get(h);
    headerBlock += `${h}:${canonicalHeaderValue(value)}\n`;
  }
  return `${r.method.toUpperCase()}\n${r.path}\n${r.query}\n${headerBlock}\n${r.signedHeaders.join(';')}\n${r.payloadHash}`;
}

/** `<yyyymmdd>/<region>/<service>/aws4_request`. */
export function credentialScope(date: string, region: string, service: string): string {
  return `${date}/${region}/${service}/aws4_request`;
}

/** The string to sign of a request: algorithm, X-Amz-Date, scope, hex SHA-256 of the canonical request. */
export function stringToSign(amzDate: string, scope: string, canonicalRequestText: string): string {
  return `${SIGV4_ALGORITHM}\n${amzDate}\n${scope}\n${sha256Hex(canonicalRequestText)}`;
}

/** kSigning = HMAC chain "AWS4"+secret → date → region → service → "aws4_request". */
export function deriveSigningKey(secretKey: string, date: string, region: string, service: string): Buffer {
  const kDate = hmacSha256(`AWS4${secretKey}`, date);
  const kRegion = hmacSha256(kDate, region);
  const kService = hmacSha256(kRegion, service);
  return hmacSha256(kService, 'aws4_request');
}

/** Hex HMAC-SHA256 of a string to sign under a derived signing key. */
export function signString(signingKey: Uint8Array, text: string): string {
  return hmacSha256(signingKey, text).toString('hex');
}

/** `yyyymmddTHHMMSSZ` (the X-Amz-Date format) of a Date. */
export function formatAmzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Parses an X-Amz-Date (`yyyymmddTHHMMSSZ`) into a Date, or returns undefined when malformed.
 */
export function parseAmzDate(value: string): Date | undefined {
  // Digits read by char code: a regex match and six Number() conversions cost more than the
  // check itself, and every signed request is parsed here.
  if (value.length !== 16 || value.charCodeAt(8) !== 0x54 /* T */ || value.charCodeAt(15) !== 0x5a /* Z */)
    return undefined;
  const num = (from: number, to: number): number => {
    let n = 0;
    for (let i = from; i < to; i++) {
      const d = value.charCodeAt(i) - 0x30;
      if (d < 0 || d > 9) return NaN;
      n = n * 10 + d;
    }
    return n;
  };
  const y = num(0, 4);
  const mo = num(4, 6);
  const d = num(6, 8);
  const h = num(9, 11);
  const mi = num(11, 13);
  const s = num(13, 15);
  if (Number.isNaN(y + mo + d + h + mi + s)) return undefined;
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(t);
  // Reject out-of-range fields (month 13, hour 25 …) that Date.UTC would silently roll over.
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || date.getUTCHours() !== h) return undefined;
  if (date.getUTCMinutes() !== mi || date.getUTCSeconds() !== s) return undefined;
  return date;
}

/** Headers the signer leaves out: they may be rewritten by HTTP stacks and proxies. */
const UNSIGNABLE = new Set([
  'authorization',
  'user-agent',
  'accept-encoding',
  'connection',
  'x-amzn-trace-id',
]);

export interface SignRequestInput {
  method: string;
  url: URL | string;
  headers: Record<string, string>;
  /** Default: hex SHA-256 of `body` (of the empty string without a body). Pass UNSIGNED-PAYLOAD or a STREAMING-… value explicitly. */
  payloadHash?: string;
  body?: Uint8Array | string;
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  region: string;
  service: string;
  date?: Date;
}

/**
 * Signs a request in the header form. Returns every header to send (names lower-cased): the
 * caller's headers plus `host`, `x-amz-date`, `x-amz-content-sha256`, `x-amz-security-token` (with a
 * session token) and `authorization`. All headers are signed except those in `UNSIGNABLE`.
 */
export function signRequest(input: SignRequestInput): Record<string, string> {
  const url = typeof input.url === 'string' ? new URL(input.url) : input.url;
  const date = input.date ?? new Date();
  const amzDate = formatAmzDate(date);
  const payloadHash = input.payloadHash ?? (input.body !== undefined ? sha256Hex(input.body) : EMPTY_SHA256);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  headers.host ??= url.host;
  headers['x-amz-date'] = amzDate;
  headers['x-amz-content-sha256'] = payloadHash;
  if (input.sessionToken !== undefined) headers['x-amz-security-token'] = input.sessionToken;
  delete headers.authorization;
  const signedHeaders = Object.keys(headers)
    .filter((h) => !UNSIGNABLE.has(h))
    .sort();
  const scope = credentialScope(amzDate.slice(0, 8), input.region, input.service);
  const creq = canonicalRequest({
    method: input.method,
    path: canonicalPath(url.pathname),
    query: canonicalQuery(url.searchParams),
    headers,
    signedHeaders,
    payloadHash,
  });
  const key = deriveSigningKey(input.secretKey, amzDate.slice(0, 8), input.region, input.service);
  const signature = signString(key, stringToSign(amzDate, scope, creq));
  headers.authorization =
    `${SIGV4_ALGORITHM} Credential=${input.accessKey}/${scope}, ` +
    `SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`;
  return headers;
}

export interface PresignUrlInput {
  method: string;
  url: URL | string;
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  region: string;
  /** Default `s3`. */
  service?: string;
  expiresSeconds: number;
  date?: Date;
  /** More query parameters to sign into the URL (e.g. response-content-type). */
  extraQuery?: Record<string, string>;
}

/**
 * Presigns a URL (query-string authentication, only `host` signed, payload UNSIGNED-PAYLOAD). The
 * returned URL's query is exactly the canonical query that was signed plus X-Amz-Signature last.
 */
export function presignUrl(input: PresignUrlInput): string {
  if (!Number.isInteger(input.expiresSeconds) || input.expiresSeconds < 1) {
    throw new Error('presignUrl: expiresSeconds must be a positive integer');
  }
  if (input.expiresSeconds > MAX_PRESIGN_EXPIRES_SECONDS) {
    throw new Error(`presignUrl: expiresSeconds must be at most ${MAX_PRESIGN_EXPIRES_SECONDS}`);
  }
  const url = new URL(typeof input.url === 'string' ? input.url : input.url.href);
  const service = input.service ?? 's3';
  const amzDate = formatAmzDate(input.date ?? new Date());
  const scope = credentialScope(amzDate.slice(0, 8), input.region, service);
  const params: [string, string][] = [...url.searchParams];
  for (const [k, v] of Object.entries(input.extraQuery ?? {})) params.push([k, v]);
  params.push(['X-Amz-Algorithm', SIGV4_ALGORITHM]);
  params.push(['X-Amz-Credential', `${input.accessKey}/${scope}`]);
  params.push(['X-Amz-Date', amzDate]);
  params.push(['X-Amz-Expires', String(input.expiresSeconds)]);
  params.push(['X-Amz-SignedHeaders', 'host']);
  if (input.sessionToken !== undefined) params.push(['X-Amz-Security-Token', input.sessionToken]);
  const query = canonicalQuery(params);
  const creq = canonicalRequest({
    method: input.method,
    path: canonicalPath(url.pathname),
    query,
    headers: { host: url.host },
    signedHeaders: ['host'],
    payloadHash: UNSIGNED_PAYLOAD,
  });
  const key = deriveSigningKey(input.secretKey, amzDate.slice(0, 8), input.region, service);
  const signature = signString(key, stringToSign(amzDate, scope, creq));
  url.search = '';
  return `${url.origin}${url.pathname}?${query}&X-Amz-Signature=${signature}`;
}

export interface ParsedCredential {
  accessKey: string;
  /** yyyymmdd */
  date: string;
  region: string;
  service: string;
  /** The scope as sent: `<date>/<region>/<service>/aws4_request`. */
  scope: string;
}

/**
 * Parses `<accessKey>/<yyyymmdd>/<region>/<service>/aws4_request` (the Credential= part or the
 * X-Amz-Credential parameter). The access key is everything before the last four elements, so a
 * key containing `/` still parses (as MinIO does). Throws a plain Error when malformed.
 */
export function parseCredential(value: string): ParsedCredential {
  const parts = value.trim().split('/');
  if (parts.length < 5)
    throw new Error(`malformed credential "${value}": expected <key>/<date>/<region>/<service>/aws4_request`);
  const terminator = parts[parts.length - 1];
  const service = parts[parts.length - 2] ?? '';
  const region = parts[parts.length - 3] ?? '';
  const date = parts[parts.length - 4] ?? '';
  const accessKey = parts.slice(0, parts.length - 4).join('/');
  if (terminator !== 'aws4_request')
    throw new Error(`malformed credential: scope must end in aws4_request, not "${terminator ?? ''}"`);
  if (!/^\d{8}$/.test(date)) throw new Error(`malformed credential: bad date "${date}" (expected yyyymmdd)`);
  if (accessKey === '') throw new Error('malformed credential: empty access key');
  if (service === '') throw new Error('malformed credential: empty service');
  return { accessKey, date, region, service, scope: credentialScope(date, region, service) };
}

export interface ParsedAuthorization extends ParsedCredential {
  signedHeaders: string[];
  signature: string;
}

/**
 * Parses `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=a;b, Signature=<hex>` (commas with or
 * without spaces). Throws a plain Error with a clear message when malformed. Every request a
 * server verifies goes through here, so the fields are scanned in place (no Map, no object spread:
 * both cost more than the rest of the parse).
 */
export function parseAuthorizationHeader(value: string): ParsedAuthorization {
  const v = value.trim();
  if (!v.startsWith(`${SIGV4_ALGORITHM} `)) {
    throw new Error(`unsupported authorization algorithm: expected "${SIGV4_ALGORITHM}"`);
  }
  let credential: string | undefined;
  let signedHeadersText: string | undefined;
  let signature: string | undefined;
  let others: string[] | undefined;
  let at = SIGV4_ALGORITHM.length;
  while (at <= v.length) {
    let comma = v.indexOf(',', at);
    if (comma < 0) comma = v.length;
    const p = v.slice(at, comma).trim();
    at = comma + 1;
    if (p === '') continue;
    const eq = p.indexOf('=');
    if (eq <= 0) throw new Error(`malformed authorization field "${p}"`);
    const name = p.slice(0, eq).trim();
    const fieldValue = p.slice(eq + 1).trim();
    let seen: boolean;
    if (name === 'Credential') {
      seen = credential !== undefined;
      credential = fieldValue;
    } else if (name === 'SignedHeaders') {
      seen = signedHeadersText !== undefined;
      signedHeadersText = fieldValue;
    } else if (name === 'Signature') {
      seen = signature !== undefined;
      signature = fieldValue;
    } else {
      others ??= [];
      seen = others.includes(name);
      others.push(name);
    }
    if (seen) throw new Error(`duplicate authorization field "${name}"`);
  }
  if (credential === undefined) throw new Error('authorization header lacks Credential=');
  if (signedHeadersText === undefined) throw new Error('authorization header lacks SignedHeaders=');
  if (signature === undefined) throw new Error('authorization header lacks Signature=');
  if (!/^[0-9a-f]{64}$/.test(signature))
    throw new Error('authorization Signature= is not 64 lower-case hex digits');
  const signedHeaders = signedHeadersText.split(';');
  for (const h of signedHeaders) {
    if (h === '' || h !== h.toLowerCase().trim()) {
      throw new Error(`malformed SignedHeaders "${signedHeadersText}"`);
    }
  }
  const c = parseCredential(credential);
  return {
    accessKey: c.accessKey,
    date: c.date,
    region: c.region,
    service: c.service,
    scope: c.scope,
    signedHeaders,
    signature,
  };
}

/**
 * String to sign of one aws-chunked chunk (STREAMING-AWS4-HMAC-SHA256-PAYLOAD): the empty-string
 * hash line stands for the (absent) chunk headers.
 */
export function chunkStringToSign(
  amzDate: string,
  scope: string,
  previousSignature: string,
  chunkDataSha256Hex: string,
): string {
  return `AWS4-HMAC-SHA256-PAYLOAD\n${amzDate}\n${scope}\n${previousSignature}\n${EMPTY_SHA256}\n${chunkDataSha256Hex}`;
}

/** Hex signature of one chunk; the first chunk's previous signature is the request's (seed) signature. */
export function chunkSignature(
  signingKey: Uint8Array,
  amzDate: string,
  scope: string,
  previousSignature: string,
  chunkDataSha256Hex: string,
): string {
  return signString(signingKey, chunkStringToSign(amzDate, scope, previousSignature, chunkDataSha256Hex));
}

/**
 * Hex signature of the trailer of a STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER body.
 * `trailerText` is the trailer lines (`name:value`), each ending in "\n" (not CRLF), without the
 * x-amz-trailer-signature line; `previousSignature` is the final (0-size) chunk's signature.
 */
export function trailerSignature(
  signingKey: Uint8Array,
  amzDate: string,
  scope: string,
  previousSignature: string,
  trailerText: string,
): string {
  return signString(
    signingKey,
    `AWS4-HMAC-SHA256-TRAILER\n${amzDate}\n${scope}\n${previousSignature}\n${sha256Hex(trailerText)}`,
  );
}

/** Browser-upload (POST policy) signature: hex HMAC of the base64 policy under the signing key. */
export function postPolicySignature(policyBase64: string, signingKey: Uint8Array): string {
  return signString(signingKey, policyBase64);
}
