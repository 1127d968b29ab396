// Request signing for the benchmark client. It uses `signRequest` from @coffer/protocol (the same
// SigV4 code the project ships) when the built package exports it, and otherwise a small local
// SigV4 header signer, so the harness can run against s3rver and the raw server before the
// protocol package lands. Either way every server pays for the same signed requests.
import { createHash, createHmac } from 'node:crypto';

const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 encoding as SigV4 wants it. */
function uriEncode(value) {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** S3's canonical URI: each path segment encoded once, '/' kept. */
function canonicalPath(pathname) {
  return decodeURIComponent(pathname).split('/').map(uriEncode).join('/');
}

function hmac(key, data) {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** Local SigV4 (header form). Returns the headers to send, Authorization included. */
function localSign({ method, url, headers, payloadHash, accessKey, secretKey, region, service }) {
  const parsed = new URL(url);
  const amzDate = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const all = { ...headers, host: parsed.host, 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash };
  const names = Object.keys(all)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), String(v).trim()]));
  const query = [...parsed.searchParams.entries()]
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
  const canonical = [
    method,
    canonicalPath(parsed.pathname),
    query,
    names.map((n) => `${n}:${lower[n]}\n`).join(''),
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = [ALGORITHM, amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, day), region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...all,
    authorization: `${ALGORITHM} Credential=${accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/**
 * Resolve the signer: `{ name, sign(params) => headers }`. The protocol's signRequest may return the
 * headers to send or an object holding them; both are accepted.
 */
export async function loadSigner() {
  let protocol;
  try {
    protocol = await import('@coffer/protocol');
  } catch {
    protocol = undefined;
  }
  const signRequest =
    protocol && typeof protocol.signRequest === 'function' ? protocol.signRequest : undefined;
  if (!signRequest) return { name: 'bench-local SigV4 (protocol signRequest not built)', sign: localSign };
  return {
    name: '@coffer/protocol signRequest',
    sign(params) {
      const headers = { ...params.headers };
      const signed = signRequest({ ...params, headers });
      const out = signed && typeof signed === 'object' && 'headers' in signed ? signed.headers : signed;
      return out && typeof out === 'object' ? { ...headers, ...out } : headers;
    },
  };
}
