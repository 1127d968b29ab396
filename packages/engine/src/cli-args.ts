/**
 * Command-line parsing of `coffer-engine` (kept apart from `cli.ts`, which runs on import, so it
 * can be unit-tested): `node:util` parseArgs in strict mode, defaults address 127.0.0.1:9000,
 * data dir ./data, 4 drives `DATA/drive1..4`; `--drive PATH` repeated replaces `--drives`.
 * Settings that also come from the environment (`COFFER_SCANNER_INTERVAL`) are read from the `env`
 * argument, the flag winning over the variable.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const HELP = `Usage: coffer-engine [options]

Runs the Coffer object-storage engine (S3, MinIO admin API, STS, Prometheus metrics).

Options:
  --address HOST:PORT  where to listen (default 127.0.0.1:9000; ":9000" = every interface,
                       port 0 = any free port)
  --data DIR           data directory (default ./data); holds the drives and the generated
                       root credentials (.coffer-credentials.json)
  --drives N           number of drives DIR/drive1..DIR/driveN (default 4)
  --drive PATH         an explicit drive directory; repeat for each drive (replaces --drives)
  --parity N           parity shards per object (default: half the drives)
  --region NAME        the server's region, overriding the stored configuration (like
                       MINIO_REGION_NAME); clients must sign for it (default: the configured
                       region, else us-east-1 with any signing region accepted)
  --scanner-interval SECONDS
                       pause between data-usage scans (default 60; decimals allowed)
  --drive-check-interval SECONDS
                       how often drives are checked; one found empty (wiped or replaced)
                       is formatted and healed in the background (default 2; decimals allowed)
  --header-timeout SECONDS
                       a connection must send its request headers within this time
                       (default 30; decimals allowed)
  --idle-timeout SECONDS
                       a kept-alive connection idle this long between requests is closed
                       (default 30, as MinIO's --idle-timeout; decimals allowed)
  --max-connections N  simultaneous connections; more are closed at once (default: half the
                       open-file limit left after a reserve for the runtime and the drives)
  --sts-trusted-proxy ADDRESS
                       a client address that signs others in (a console on this host): its
                       failed STS sign-ins back off per account only, not per address, so one
                       user's typos or an attack through it cannot shut every user out; repeat
                       for each address
  -h, --help           show this help

Environment:
  COFFER_ROOT_USER / COFFER_ROOT_PASSWORD (or MINIO_ROOT_USER / MINIO_ROOT_PASSWORD)
                       root credentials; generated at first start when unset
  COFFER_DOMAIN (or MINIO_DOMAIN)
                       domain(s) for virtual-host-style bucket addressing
  COFFER_KMS_SECRET_KEY (or MINIO_KMS_SECRET_KEY) = KEY-NAME:BASE64-OF-32-BYTES
                       the built-in KMS's default key; generated into the data dir
                       (.coffer-kms-key) at first start when unset
  MINIO_PROMETHEUS_AUTH_TYPE=public
                       serve Prometheus metrics without a bearer token
  COFFER_SCANNER_INTERVAL=SECONDS
                       same as --scanner-interval (the flag wins)
  COFFER_DRIVE_CHECK_INTERVAL=SECONDS
                       same as --drive-check-interval (the flag wins)
  COFFER_ILM_DAY_SECONDS=SECONDS
                       length of a lifecycle "day" (default 86400, rounded to midnight UTC
                       as S3 does); shorten it to watch expiry and transitions in tests
  COFFER_HEADER_TIMEOUT=SECONDS, COFFER_IDLE_TIMEOUT=SECONDS, COFFER_MAX_CONNECTIONS=N
                       same as --header-timeout, --idle-timeout and --max-connections (the
                       flags win)
  COFFER_STS_TRUSTED_PROXIES=ADDRESS[,ADDRESS]
                       same as --sts-trusted-proxy (the flags win)
`;

/** A problem with the command line itself (printed with a hint to use --help). */
export class UsageError extends Error {}

export interface CliConfig {
  address: string;
  /** Unset with explicit --drive paths and no --data: the engine uses the first drive's parent. */
  dataDir?: string;
  drives: string[];
  parity?: number;
  region?: string;
  /** Pause between data-usage scans, from --scanner-interval or COFFER_SCANNER_INTERVAL. */
  scannerIntervalMs?: number;
  /** From --drive-check-interval or COFFER_DRIVE_CHECK_INTERVAL. */
  driveCheckIntervalMs?: number;
  /** Length of a lifecycle day, from COFFER_ILM_DAY_SECONDS. */
  lifecycleDayMs?: number;
  /** From --header-timeout or COFFER_HEADER_TIMEOUT. */
  headersTimeoutMs?: number;
  /** Keep-alive idle timeout, from --idle-timeout or COFFER_IDLE_TIMEOUT. */
  keepAliveTimeoutMs?: number;
  /** From --max-connections or COFFER_MAX_CONNECTIONS. */
  maxConnections?: number;
  /** From --sts-trusted-proxy (repeated) or COFFER_STS_TRUSTED_PROXIES (comma list). */
  stsTrustedProxies?: string[];
}

function parseInteger(value: string, name: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new UsageError(`--${name} must be an integer ≥ ${min}, got '${value}'`);
  return Number(value);
}

/** A positive number of seconds (decimals allowed) as milliseconds. */
function parseSeconds(value: string, name: string): number {
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds > 0)) throw new UsageError(`${name} must be a number of seconds > 0, got '${value}'`);
  return Math.round(seconds * 1000);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Parse argv (and the environment variables the engine reads as settings) into a config, or
 * undefined for --help. `env` defaults to none, so callers pass `process.env` explicitly.
 */
export function parseCli(
  argv: string[],
  env: Record<string, string | undefined> = {},
): CliConfig | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        address: { type: 'string', default: '127.0.0.1:9000' },
        data: { type: 'string' },
        drives: { type: 'string' },
        drive: { type: 'string', multiple: true },
        parity: { type: 'string' },
        region: { type: 'string' },
        'scanner-interval': { type: 'string' },
        'header-timeout': { type: 'string' },
        'drive-check-interval': { type: 'string' },
        'max-connections': { type: 'string' },
        'idle-timeout': { type: 'string' },
        'sts-trusted-proxy': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values } = parsed;
  if (values.help) return undefined;
  const explicit = values.drive ?? [];
  if (explicit.length > 0 && values.drives !== undefined) {
    throw new UsageError('use either --drives N or --drive PATH (repeated), not both');
  }
  const config: CliConfig = { address: values.address, drives: explicit.map((d) => resolve(d)) };
  if (values.data !== undefined || explicit.length === 0) config.dataDir = resolve(values.data ?? 'data');
  if (explicit.length === 0) {
    const count = parseInteger(values.drives ?? '4', 'drives', 1);
    const dataDir = config.dataDir ?? resolve('data');
    config.drives = Array.from({ length: count }, (_, i) => join(dataDir, `drive${i + 1}`));
  }
  if (values.parity !== undefined) config.parity = parseInteger(values.parity, 'parity', 0);
  if (values.region !== undefined) config.region = values.region;
  const scannerInterval = values['scanner-interval'];
  const envScannerInterval = env['COFFER_SCANNER_INTERVAL'];
  if (scannerInterval !== undefined) {
    config.scannerIntervalMs = parseSeconds(scannerInterval, '--scanner-interval');
  } else if (envScannerInterval !== undefined && envScannerInterval !== '') {
    config.scannerIntervalMs = parseSeconds(envScannerInterval, 'COFFER_SCANNER_INTERVAL');
  }
  const ilmDay = nonEmpty(env['COFFER_ILM_DAY_SECONDS']);
  if (ilmDay !== undefined) config.lifecycleDayMs = parseSeconds(ilmDay, 'COFFER_ILM_DAY_SECONDS');
  const driveCheck = values['drive-check-interval'] ?? nonEmpty(env['COFFER_DRIVE_CHECK_INTERVAL']);
  if (driveCheck !== undefined)
    config.driveCheckIntervalMs = parseSeconds(driveCheck, '--drive-check-interval');
  const headerTimeout = values['header-timeout'] ?? nonEmpty(env['COFFER_HEADER_TIMEOUT']);
  if (headerTimeout !== undefined) config.headersTimeoutMs = parseSeconds(headerTimeout, '--header-timeout');
  const idleTimeout = values['idle-timeout'] ?? nonEmpty(env['COFFER_IDLE_TIMEOUT']);
  if (idleTimeout !== undefined) config.keepAliveTimeoutMs = parseSeconds(idleTimeout, '--idle-timeout');
  const maxConnections = values['max-connections'] ?? nonEmpty(env['COFFER_MAX_CONNECTIONS']);
  if (maxConnections !== undefined)
    config.maxConnections = parseInteger(maxConnections, 'max-connections', 1);
  const proxies =
    values['sts-trusted-proxy'] ??
    (nonEmpty(env['COFFER_STS_TRUSTED_PROXIES']) ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== '');
  if (proxies.length > 0) config.stsTrustedProxies = proxies;
  return config;
}
