/**
 * PostgreSQL connection strings as MinIO's driver (Go's lib/pq) takes them, turned into node-pg's
 * client configuration: libpq's keyword/value form (`host=… port=5432 dbname=… user=… password=…
 * sslmode=disable`, values with spaces single-quoted, `\'` and `\\` escaped — the form MinIO's docs
 * and the console's builder produce) or a `postgres://` / `postgresql://` URL. `sslmode` follows
 * lib/pq: `require` when absent, only disable / require / verify-ca / verify-full accepted.
 */
import { readFileSync } from 'node:fs';
import type { ClientConfig } from 'pg';
import { InvalidArgument } from '../../common/errors.js';

const KEYWORDS = new Set([
  'host',
  'hostaddr',
  'port',
  'dbname',
  'user',
  'password',
  'sslmode',
  'sslrootcert',
  'connect_timeout',
  'application_name',
  'fallback_application_name',
]);

/** libpq keyword/value pairs; throws on an unterminated quote or a keyword without `=`. */
export function parseKeywordValue(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  const skipSpace = (): void => {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  };
  for (;;) {
    skipSpace();
    if (i >= text.length) return out;
    const keyStart = i;
    while (i < text.length && !/[\s=]/.test(text[i] ?? '')) i++;
    const key = text.slice(keyStart, i);
    skipSpace();
    if (text[i] !== '=') throw new InvalidArgument(`connection_string: missing "=" after "${key}"`);
    i++;
    skipSpace();
    let value = '';
    if (text[i] === "'") {
      i++;
      for (;;) {
        if (i >= text.length) throw new InvalidArgument('connection_string: unterminated quoted string');
        const c = text[i] ?? '';
        if (c === '\\' && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
        } else if (c === "'") {
          i++;
          break;
        } else {
          value += c;
          i++;
        }
      }
    } else {
      while (i < text.length && !/\s/.test(text[i] ?? '')) {
        const c = text[i] ?? '';
        if (c === '\\' && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
        } else {
          value += c;
          i++;
        }
      }
    }
    out.set(key, value);
  }
}

/** A `postgres://user:pass@host:port/db?sslmode=…` URL as the same keyword map. */
function parseUrl(text: string): Map<string, string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgument('connection_string: invalid URL');
  }
  const out = new Map<string, string>();
  if (url.hostname !== '') out.set('host', decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')));
  if (url.port !== '') out.set('port', url.port);
  if (url.username !== '') out.set('user', decodeURIComponent(url.username));
  if (url.password !== '') out.set('password', decodeURIComponent(url.password));
  const db = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (db !== '') out.set('dbname', db);
  for (const [k, v] of url.searchParams) out.set(k, v);
  return out;
}

/** lib/pq's `sslmode` as node-pg's `ssl` option. */
function sslOption(mode: string, rootCert: string | undefined): ClientConfig['ssl'] {
  const ca = rootCert !== undefined && rootCert !== '' ? { ca: readFileSync(rootCert, 'utf8') } : {};
  switch (mode) {
    case 'disable':
      return false;
    case '':
    case 'require':
      // lib/pq: encrypted, certificate not checked (unless a root certificate is given).
      return rootCert ? { ...ca, checkServerIdentity: () => undefined } : { rejectUnauthorized: false };
    case 'verify-ca':
      return { ...ca, checkServerIdentity: () => undefined };
    case 'verify-full':
      return { ...ca };
    default:
      throw new InvalidArgument(
        `unsupported sslmode "${mode}"; only "require" (default), "verify-full", "verify-ca", and "disable" supported`,
      );
  }
}

/** A connection string (either form) as node-pg's client configuration. */
export function pgClientConfig(connectionString: string): ClientConfig {
  const text = connectionString.trim();
  const kv = /^postgres(ql)?:\/\//i.test(text) ? parseUrl(text) : parseKeywordValue(text);
  for (const key of kv.keys()) {
    if (!KEYWORDS.has(key)) throw new InvalidArgument(`connection_string: unsupported option "${key}"`);
  }
  const config: ClientConfig = {};
  const host = kv.get('hostaddr') ?? kv.get('host');
  if (host !== undefined && host !== '') config.host = host;
  const port = kv.get('port');
  if (port !== undefined && port !== '') {
    if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535)
      throw new InvalidArgument('invalid port');
    config.port = Number(port);
  }
  const user = kv.get('user');
  if (user !== undefined && user !== '') config.user = user;
  const password = kv.get('password');
  if (password !== undefined) config.password = password;
  const database = kv.get('dbname');
  if (database !== undefined && database !== '') config.database = database;
  const appName = kv.get('application_name') ?? kv.get('fallback_application_name');
  if (appName !== undefined) config.application_name = appName;
  const timeout = kv.get('connect_timeout');
  if (timeout !== undefined && /^\d+$/.test(timeout) && Number(timeout) > 0) {
    config.connectionTimeoutMillis = Number(timeout) * 1000;
  }
  config.ssl = sslOption(kv.get('sslmode') ?? '', kv.get('sslrootcert'));
  return config;
}
