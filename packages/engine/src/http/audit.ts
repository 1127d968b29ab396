/**
 * The HTTP side of the audit and logger webhooks (issue 10 §1): once a request is done, its
 * description goes to `engine.logging.audit` — only when an audit target is enabled, so otherwise a
 * request pays one property read — and a request that failed with a 5xx is reported to the logger
 * webhooks. Secrets never leave: the signature of `Authorization` and of presigned URLs, cookies,
 * session tokens and SSE-C keys are redacted.
 */
import type { RequestContext } from './context.js';
import { plainAddress } from './client-address.js';
import { meterReply } from './reply-meter.js';
import { canonicalHeaderName } from '../logging/index.js';

const REDACTED = '*REDACTED*';
/** Headers whose whole value is secret (lower-case). */
const SECRET_HEADERS = new Set([
  'cookie',
  'set-cookie',
  'x-amz-security-token',
  'x-amz-server-side-encryption-customer-key',
  'x-amz-copy-source-server-side-encryption-customer-key',
]);
/** Query parameters whose value is secret (lower-case): signatures, tokens, STS identity proofs. */
const SECRET_QUERY = new Set([
  'x-amz-signature',
  'x-amz-security-token',
  'signature',
  'ldappassword',
  'webidentitytoken',
  'webidentityaccesstoken',
  'token',
]);

/** A header's value with its secrets redacted (audit entries and traces). */
export function redactedHeader(name: string, value: string | string[] | number): string {
  const lower = name.toLowerCase();
  const text = Array.isArray(value) ? value.join(',') : String(value);
  if (SECRET_HEADERS.has(lower)) return REDACTED;
  if (lower === 'authorization') return text.replace(/Signature=[^,\s]*/g, `Signature=${REDACTED}`);
  return text;
}

function headerRecord(
  headers: Record<string, string | string[] | number | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[canonicalHeaderName(name)] = redactedHeader(name, value);
  }
  return out;
}

function queryRecord(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of query) out[name] = redactedQueryValue(name, value);
  return out;
}

/** A query parameter's value with its secrets redacted (audit entries and traces). */
export function redactedQueryValue(name: string, value: string): string {
  return SECRET_QUERY.has(name.toLowerCase()) ? REDACTED : value;
}

/** Describe the request to the audit targets once its reply is done (nothing when none is enabled). */
export function auditWhenDone(ctx: RequestContext): void {
  const { logging } = ctx.engine;
  if (!logging.auditEnabled) return;
  const { req, res } = ctx;
  meterReply(ctx, (measure) => {
    // S3, admin and STS calls are audited; health probes and metrics scrapes are not (as MinIO).
    if (ctx.api === 'health' || ctx.api === 'metrics') return;
    const credential = ctx.auth?.credential;
    logging.audit({
      api: ctx.operation ?? 'unknown',
      ...(ctx.target.bucket !== undefined ? { bucket: ctx.target.bucket } : {}),
      ...(ctx.target.key !== undefined ? { object: ctx.target.key } : {}),
      statusCode: measure.statusCode,
      rx: measure.rx,
      tx: measure.tx,
      ...(measure.timeToFirstByteNs !== undefined ? { timeToFirstByteNs: measure.timeToFirstByteNs } : {}),
      timeToResponseNs: measure.latencyNs,
      remoteHost: plainAddress(req.socket.remoteAddress ?? ''),
      requestId: ctx.requestId,
      userAgent: req.headers['user-agent'] ?? '',
      requestPath: ctx.path,
      requestHost: req.headers.host ?? '',
      requestQuery: queryRecord(ctx.query),
      requestHeader: headerRecord(req.headers),
      responseHeader: headerRecord(res.getHeaders()),
      ...(credential !== undefined ? { accessKey: credential.accessKey } : {}),
      ...(credential?.parentUser !== undefined ? { parentUser: credential.parentUser } : {}),
      time: new Date(),
    });
  });
}

/** Report a request that failed with a server error (5xx) to the logger webhooks. */
export function reportServerError(ctx: RequestContext, err: unknown): void {
  if (ctx.res.statusCode < 500) return;
  const message = err instanceof Error ? err.message : String(err);
  const stack = err instanceof Error && err.stack !== undefined ? err.stack.split('\n').slice(1, 6) : [];
  ctx.engine.logging.error({
    message,
    api: ctx.operation ?? 'unknown',
    ...(ctx.target.bucket !== undefined ? { bucket: ctx.target.bucket } : {}),
    ...(ctx.target.key !== undefined ? { object: ctx.target.key } : {}),
    requestId: ctx.requestId,
    remoteHost: plainAddress(ctx.req.socket.remoteAddress ?? ''),
    userAgent: ctx.req.headers['user-agent'] ?? '',
    source: stack.map((line) => line.trim().replace(/^at /, '')),
  });
}
