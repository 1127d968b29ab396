/**
 * MySQL DSNs in the form MinIO's driver (Go's go-sql-driver/mysql) takes,
 * `[user[:password]@][net[(address)]]/dbname[?param=value&…]` — e.g.
 * `minio:secret@tcp(127.0.0.1:3306)/events` — turned into mysql2's connection options. Error
 * messages are the Go driver's. Parameters used: `tls` (true, skip-verify, preferred, false),
 * `timeout` (a Go duration: the connect timeout), `charset`; the driver's other parameters are
 * accepted and have no effect here.
 */
import type { ConnectionOptions } from 'mysql2';
import { InvalidArgument } from '../../common/errors.js';
import { parseGoDuration } from './broker-values.js';

/** A Go duration (`500ms`, `5s`, `1m30s`) in milliseconds; undefined when not one. */
export function goDurationMs(text: string): number | undefined {
  return parseGoDuration(text);
}

/** A Go MySQL DSN as mysql2 options; throws the Go driver's messages for malformed ones. */
export function mysqlConnectionOptions(dsn: string): ConnectionOptions {
  const slash = dsn.lastIndexOf('/');
  if (slash < 0) throw new InvalidArgument('invalid DSN: missing the slash separating the database name');
  const options: ConnectionOptions = {};
  const head = dsn.slice(0, slash);
  const at = head.lastIndexOf('@');
  if (at >= 0) {
    const credentials = head.slice(0, at);
    const colon = credentials.indexOf(':');
    options.user = colon < 0 ? credentials : credentials.slice(0, colon);
    if (colon >= 0) options.password = credentials.slice(colon + 1);
  }
  const netAddr = head.slice(at + 1);
  let net = 'tcp';
  let address = '';
  if (netAddr !== '') {
    const open = netAddr.indexOf('(');
    if (open >= 0) {
      if (!netAddr.endsWith(')'))
        throw new InvalidArgument('invalid DSN: network address not terminated (missing closing brace)');
      net = netAddr.slice(0, open);
      address = netAddr.slice(open + 1, -1);
    } else {
      net = netAddr;
    }
  }
  if (net === 'unix') {
    options.socketPath = address || '/tmp/mysql.sock';
  } else if (net === 'tcp' || net === 'tcp6' || net === 'tcp4') {
    const match = /^(?:\[([^\]]+)\]|([^:]*))(?::(\d+))?$/.exec(address);
    if (match === null) throw new InvalidArgument(`invalid DSN: bad address "${address}"`);
    options.host = match[1] ?? (match[2] || '127.0.0.1');
    options.port = match[3] !== undefined ? Number(match[3]) : 3306;
  } else {
    throw new InvalidArgument(`invalid DSN: unknown network "${net}"`);
  }
  const rest = dsn.slice(slash + 1);
  const query = rest.indexOf('?');
  const dbname = query < 0 ? rest : rest.slice(0, query);
  try {
    if (dbname !== '') options.database = decodeURIComponent(dbname);
  } catch {
    throw new InvalidArgument('invalid DSN: bad database name');
  }
  if (query >= 0) {
    for (const pair of rest.slice(query + 1).split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      if (eq < 0) throw new InvalidArgument('invalid DSN: did you forget to escape a param value?');
      const key = pair.slice(0, eq);
      let value: string;
      try {
        value = decodeURIComponent(pair.slice(eq + 1));
      } catch {
        throw new InvalidArgument(`invalid DSN: invalid value for ${key}`);
      }
      applyParam(options, key, value);
    }
  }
  return options;
}

function applyParam(options: ConnectionOptions, key: string, value: string): void {
  switch (key) {
    case 'tls':
      switch (value.toLowerCase()) {
        case 'true':
          options.ssl = {};
          return;
        case 'skip-verify':
        case 'preferred':
          options.ssl = { rejectUnauthorized: false };
          return;
        case 'false':
          return;
        default:
          throw new InvalidArgument(`invalid value / unknown config name: ${value}`);
      }
    case 'timeout': {
      const ms = goDurationMs(value);
      if (ms === undefined) throw new InvalidArgument(`invalid DSN: invalid duration "${value}" for timeout`);
      options.connectTimeout = ms;
      return;
    }
    case 'charset':
      options.charset = value.split(',')[0] ?? value;
      return;
    default:
      // parseTime, loc, allowNativePasswords, …: Go-side conversions with no meaning for this target.
      return;
  }
}
