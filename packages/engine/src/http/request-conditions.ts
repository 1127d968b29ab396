/**
 * The condition values of a request — what a policy's `Condition` block and its variables see —
 * built as MinIO's `getConditionValues` does, under the AWS key names:
 *
 * - `aws:username`, `aws:userid`: the account (the parent user for service accounts and
 *   temporary credentials); `aws:principaltype`: Account (root), User, AssumedRole or Anonymous.
 * - `aws:SourceIp`: the peer address (an IPv4-mapped IPv6 address as plain IPv4; forwarding
 *   headers are not trusted), `aws:SecureTransport`: "true" over TLS, `aws:CurrentTime`
 *   (RFC 3339, whole seconds), `aws:EpochTime`, `aws:UserAgent`, `aws:Referer`.
 * - `s3:signatureversion` (AWS4-HMAC-SHA256), `s3:authType` (REST-HEADER, REST-QUERY-STRING, POST).
 * - every query parameter as `s3:<name>` (so `s3:prefix`, `s3:delimiter`, `s3:max-keys`,
 *   `s3:versionId`…), and every `x-amz-*` header as `s3:x-amz-…` (`s3:x-amz-copy-source`,
 *   `s3:x-amz-server-side-encryption`, `s3:x-amz-acl`, `s3:x-amz-meta-…`).
 *
 * Condition key names are matched case-insensitively by the evaluator.
 */
import type { RequestContext } from './context.js';
import type { Credential } from '../iam/types.js';

const AUTH_TYPES: Readonly<Record<string, string>> = {
  header: 'REST-HEADER',
  presigned: 'REST-QUERY-STRING',
  'post-policy': 'POST',
};

function principalType(credential: Credential | undefined): string {
  if (!credential) return 'Anonymous';
  if (credential.kind === 'root') return 'Account';
  if (credential.kind === 'temporary') return 'AssumedRole';
  return 'User';
}

/** The peer address as policies should see it. */
export function sourceIp(ctx: RequestContext): string {
  const raw = ctx.req.socket?.remoteAddress ?? '';
  return raw.startsWith('::ffff:') && raw.includes('.') ? raw.slice('::ffff:'.length) : raw;
}

function isTls(ctx: RequestContext): boolean {
  return (ctx.req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
}

/**
 * `credential` defaults to the request's authenticated caller; callers that authenticate
 * differently (Prometheus scrapes with a bearer JWT) pass theirs.
 */
export function requestConditions(
  ctx: RequestContext,
  account: string | undefined,
  nowMs: number = Date.now(),
  credential: Credential | undefined = ctx.auth?.credential,
): Record<string, string[]> {
  const values: Record<string, string[]> = {
    'aws:CurrentTime': [new Date(Math.floor(nowMs / 1000) * 1000).toISOString().replace('.000Z', 'Z')],
    'aws:EpochTime': [String(Math.floor(nowMs / 1000))],
    'aws:SecureTransport': [String(isTls(ctx))],
    'aws:SourceIp': [sourceIp(ctx)],
    'aws:principaltype': [principalType(credential)],
  };
  if (account !== undefined) {
    values['aws:username'] = [account];
    values['aws:userid'] = [account];
  }
  const headers = ctx.req.headers;
  const userAgent = headers['user-agent'];
  if (typeof userAgent === 'string') values['aws:UserAgent'] = [userAgent];
  const referer = headers.referer;
  if (typeof referer === 'string') values['aws:Referer'] = [referer];
  if (ctx.auth && ctx.auth.method !== 'anonymous') {
    values['s3:signatureversion'] = [ctx.auth.signatureVersion === 'v2' ? 'AWS' : 'AWS4-HMAC-SHA256'];
    const authType = AUTH_TYPES[ctx.auth.method];
    if (authType !== undefined) values['s3:authType'] = [authType];
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith('x-amz-') || value === undefined) continue;
    values[`s3:${name}`] = Array.isArray(value) ? value : [value];
  }
  for (const [name, value] of ctx.query) {
    const key = `s3:${name}`;
    const list = values[key];
    if (list) list.push(value);
    else values[key] = [value];
  }
  return values;
}
