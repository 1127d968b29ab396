/**
 * Cross-origin requests to a bucket that has a CORS configuration (`PUT /<bucket>?cors`) are
 * answered by its rules, as S3 does: a preflight `OPTIONS` takes the first rule whose
 * AllowedOrigin matches the `Origin` (one `*` wildcard allowed), whose AllowedMethod names the
 * `Access-Control-Request-Method` and whose AllowedHeaders cover every
 * `Access-Control-Request-Headers` name — 200 with that rule's methods, headers, exposed headers
 * and max age, or 403 AccessForbidden when no rule matches. An actual request gets the matching
 * rule's headers, or none (the browser then withholds the answer); the request itself runs either
 * way. An `AllowedOrigin` of `*` answers `Access-Control-Allow-Origin: *` without credentials.
 *
 * Everything else — buckets without a configuration, the service level, the admin, KMS, STS and
 * health paths — keeps MinIO's default of `cors.ts` (every origin allowed).
 */
import type { RequestContext } from './context.js';
import { hostIdOf } from './errors.js';
import { sendXml } from './xml.js';
import { defaultCors } from './cors.js';
import type { CorsConfiguration, CorsRule } from '../bucket/cors.js';

/** `*` in an AllowedOrigin / AllowedHeader matches any run of characters (S3 allows one). */
function wildcardMatch(pattern: string, value: string, caseless: boolean): boolean {
  const p = caseless ? pattern.toLowerCase() : pattern;
  const v = caseless ? value.toLowerCase() : value;
  const star = p.indexOf('*');
  if (star < 0) return p === v;
  const head = p.slice(0, star);
  const tail = p.slice(star + 1);
  return v.length >= head.length + tail.length && v.startsWith(head) && v.endsWith(tail);
}

function requestedHeaders(ctx: RequestContext): string[] {
  const raw = ctx.req.headers['access-control-request-headers'];
  return (raw ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
}

function ruleFor(
  config: CorsConfiguration,
  origin: string,
  method: string,
  headers: readonly string[],
): CorsRule | undefined {
  return config.rules.find(
    (rule) =>
      rule.allowedOrigins.some((o) => wildcardMatch(o, origin, false)) &&
      (rule.allowedMethods as string[]).includes(method) &&
      headers.every((h) => rule.allowedHeaders.some((a) => wildcardMatch(a, h, true))),
  );
}

function setRuleHeaders(ctx: RequestContext, rule: CorsRule, origin: string): void {
  const { res } = ctx;
  const anyOrigin = rule.allowedOrigins.includes('*');
  res.setHeader('Access-Control-Allow-Origin', anyOrigin ? '*' : origin);
  if (!anyOrigin) res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Allow-Methods', rule.allowedMethods.join(', '));
  if (rule.exposeHeaders.length > 0)
    res.setHeader('Access-Control-Expose-Headers', rule.exposeHeaders.join(', '));
  if (rule.maxAgeSeconds !== undefined) res.setHeader('Access-Control-Max-Age', String(rule.maxAgeSeconds));
}

/** The bucket's CORS rules, when the request addresses a bucket that has them. */
async function bucketRules(ctx: RequestContext): Promise<CorsConfiguration | undefined> {
  const bucket = ctx.target.bucket;
  if (bucket === undefined || bucket === '' || ctx.path.startsWith('/minio/')) return undefined;
  try {
    return await ctx.engine.bucketMetadata.get(bucket, 'cors');
  } catch {
    return undefined; // a missing bucket: the request itself will say so
  }
}

/**
 * Add the CORS headers of a browser request; true when it was a preflight that has now been
 * answered (the caller must not route it further).
 */
export async function handleCors(ctx: RequestContext): Promise<boolean> {
  const origin = ctx.req.headers.origin;
  if (origin === undefined || origin === '') return false;
  const config = await bucketRules(ctx);
  if (config === undefined) return defaultCors(ctx);
  const { res } = ctx;
  res.setHeader('Vary', 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method');
  const requestedMethod = ctx.req.headers['access-control-request-method'];
  if (ctx.method === 'OPTIONS' && requestedMethod !== undefined) {
    const headers = requestedHeaders(ctx);
    const rule = ruleFor(config, origin, requestedMethod.trim(), headers);
    if (rule === undefined) {
      sendXml(
        ctx,
        403,
        'Error',
        {
          Code: 'AccessForbidden',
          Message:
            "CORSResponse: This CORS request is not allowed. This is usually because the evaluation of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
          Method: requestedMethod,
          ResourceType: ctx.target.key === undefined ? 'BUCKET' : 'OBJECT',
          RequestId: ctx.requestId,
          HostId: hostIdOf(ctx),
        },
        { xmlns: false },
      );
      return true;
    }
    setRuleHeaders(ctx, rule, origin);
    if (headers.length > 0) res.setHeader('Access-Control-Allow-Headers', headers.join(', '));
    res.statusCode = 200;
    res.setHeader('Content-Length', 0);
    res.end();
    return true;
  }
  const rule = ruleFor(config, origin, ctx.method, []);
  if (rule !== undefined) setRuleHeaders(ctx, rule, origin);
  return false;
}
