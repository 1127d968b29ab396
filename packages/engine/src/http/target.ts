/**
 * Where an S3 request points. Path-style `/<bucket>/<key…>` always works; virtual-host-style works
 * when the Host header is `<bucket>.<domain>` for a configured domain (MINIO_DOMAIN /
 * COFFER_DOMAIN). The key is the percent-decoded path after the bucket, kept exactly: `+` is a
 * literal plus in a path (only query strings use `+` for space), a trailing slash is part of the
 * key, and dot segments are not collapsed (the object layer decides which keys are valid).
 */
import type { S3Target } from './context.js';
import { InvalidArgument } from '../common/errors.js';

/** The request line's path and query, split without normalising anything. */
export interface RawTarget {
  /** Percent-decoded path. */
  path: string;
  /** Raw (still encoded) path, as the client sent it. */
  rawPath: string;
  query: URLSearchParams;
}

/** Split a request URL (origin-form, or absolute-form from a proxy) into decoded path and query. */
export function splitRequestUrl(url: string): RawTarget {
  let rest = url;
  // Absolute-form (`http://host/path`) is legal in a request line; keep only the path.
  const scheme = rest.startsWith('/') ? null : /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/.exec(rest);
  if (scheme !== null) rest = rest.slice(scheme[0].length);
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  let rawPath = q >= 0 ? rest.slice(0, q) : rest;
  const rawQuery = q >= 0 ? rest.slice(q + 1) : '';
  if (!rawPath.startsWith('/')) rawPath = `/${rawPath}`;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new InvalidArgument('The request path is not valid percent-encoded UTF-8.');
  }
  return { path, rawPath, query: new URLSearchParams(rawQuery) };
}

/** Host header without port, lower-cased (IPv6 literals keep their brackets). */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end >= 0 ? h.slice(0, end + 1) : h;
  }
  const colon = h.lastIndexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
}

/** The bucket named by a virtual-host-style Host header, or undefined for path-style. */
export function bucketFromHost(host: string | undefined, domains: readonly string[]): string | undefined {
  if (host === undefined || host === '' || domains.length === 0) return undefined;
  const full = host.trim().toLowerCase();
  const bare = hostName(full);
  for (const raw of domains) {
    const domain = raw.trim().toLowerCase();
    if (domain === '') continue;
    // A configured domain may carry a port ("example.com:9000"): compare like with like.
    const candidate = domain.includes(':') ? full : bare;
    if (candidate === domain) return undefined;
    const suffix = `.${domain}`;
    if (candidate.endsWith(suffix)) {
      const bucket = candidate.slice(0, -suffix.length);
      return bucket === '' ? undefined : bucket;
    }
  }
  return undefined;
}

/** Resolve bucket and key of an S3 request from its decoded path and Host header. */
export function resolveS3Target(
  path: string,
  host: string | undefined,
  domains: readonly string[],
): S3Target {
  const vhostBucket = bucketFromHost(host, domains);
  if (vhostBucket !== undefined) {
    const key = path.startsWith('/') ? path.slice(1) : path;
    return key === '' ? { bucket: vhostBucket } : { bucket: vhostBucket, key };
  }
  const rest = path.startsWith('/') ? path.slice(1) : path;
  if (rest === '') return {};
  const slash = rest.indexOf('/');
  if (slash < 0) return { bucket: rest };
  const bucket = rest.slice(0, slash);
  const key = rest.slice(slash + 1);
  return key === '' ? { bucket } : { bucket, key };
}
