/**
 * The console's configuration, parsed once at start from command-line flags and the environment
 * (flags win) and validated with zod, so everything after start-up works with a typed, complete
 * value. `npm run console -- --address HOST:PORT --server http://minio:9000`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { OperatorSources } from './operator/k8s-settings.js';
import { DEFAULT_OPENID_SCOPES } from './sso/openid-settings.js';

export const HELP = `Usage: coffer-console [options]

Runs the Coffer web console against a MinIO-compatible storage server.

Options:
  --address HOST:PORT     where to listen (default 127.0.0.1:9090)
  --server URL            the storage server (S3, admin API, STS), e.g. http://127.0.0.1:9000
  --public-server-url URL the storage server as browsers reach it (share links point there and
                          are signed for its host), e.g. https://s3.example.com (default --server)
  --data DIR              console state: session key and sessions (default ./data/console)
  --session-length DUR    how long a sign-in lasts: 3600, 90m, 12h, 7d (default 12h, at most 7d)
  --region NAME           first guess of the storage server's region (default us-east-1); only a
                          hint: when the server names another region, the console switches to it
  --web-dir DIR           the built web app to serve (optional)
  --base-path PATH        serve everything under this sub-path, e.g. /console (default /)
  --trust-proxy           trust X-Forwarded-* headers (TLS detection behind a reverse proxy)
  --header-timeout SEC    a connection must send its request headers within this time (default 30)
  --max-connections N     simultaneous connections; more are closed at once (default: half the
                          open-file limit left after a reserve of 128)
  --upload-part-size SIZE smallest upload part, and so the largest part request of resumable
                          uploads: bytes or 8MiB, 16MiB, 1GiB (default 16MiB, at least 5MiB)
  --audit-retention DUR   how long audit log records are kept: 90m, 12h, 7d (default 7d; 0 keeps
                          no audit log and turns Audit Logs off)
  --audit-max-entries N   at most this many audit log records; the oldest go first (default 1000000)
  --prometheus-url URL    a Prometheus that scrapes the storage server: the dashboard's series
                          come from it (default: the console's own history of the server's
                          metrics, scraped every 15 s with a dashboard user's credentials)
  --prometheus-job-id ID  the storage server's scrape job in that Prometheus (default minio-job)
  --metrics-interval SEC  seconds between the console's own scrapes of the server's metrics
                          (default 15; it keeps the last 24 hours)
  --sts-duration DUR      how long the temporary credentials the console asks STS for last
                          (default: the session length; at least 15m). Shorter credentials are
                          renewed before they expire, so the session goes on
  --credential-renew-margin SEC
                          renew temporary credentials when less than this is left (default 300)
  --idp-config-url URL    single sign-on: the OpenID provider's discovery document, e.g.
                          https://idp.example.com/.well-known/openid-configuration. With it the
                          login screen shows 'Login with SSO' instead of the form
  --idp-client-id ID      the console's client id at that provider
  --idp-scopes LIST       scopes asked for, comma-separated (default openid,profile,email; add
                          offline_access for a refresh token, which renews SSO sessions)
  --idp-callback-url URL  the console's /oauth_callback as registered with the provider (default:
                          derived from each request: scheme, host and base path)
  --license-public-key FILE
                          the PEM public key (ECDSA P-384) License keys are verified with,
                          offline; see docs/license-keys.md (default: none, keys are refused)
  --subscription-url URL  MinIO's online subscription service (default https://subnet.min.io)
  --operator              operator mode: manage MinIO tenants on Kubernetes (service-account
                          login); the cluster comes from --k8s-api, --kubeconfig, or the pod's own
                          service account when the console runs in the cluster; --server is then
                          optional
  --k8s-api URL           operator mode: the Kubernetes API server, e.g. https://10.0.0.1:6443
  --k8s-ca FILE           the PEM CA that signs the API server's certificate (with --k8s-api)
  --k8s-insecure          do not verify the API server's certificate (with --k8s-api; tests only)
  --kubeconfig FILE       operator mode: a kubeconfig (its current context's cluster; its user's
                          token, if any, lets the console ask TokenReview who a token belongs to)
  --minio-image IMAGE     operator mode: the MinIO image of new tenants (default the 2021 release)
  -h, --help              show this help

Single sign-on: the storage server must trust the same provider (its identity_openid
configuration, with the claim that names policies): the console runs the authorization-code flow
(state, nonce, PKCE) and exchanges the ID token for credentials with AssumeRoleWithWebIdentity. The
client secret is read from the environment only (CONSOLE_IDP_SECRET or
MINIO_IDENTITY_OPENID_CLIENT_SECRET), never a flag. LDAP needs no console setting: when the
storage server has identity_ldap configured, LDAP users sign in through the form
(AssumeRoleWithLDAPIdentity) after built-in users and access keys are tried.

Audit log: the storage server delivers audit entries to <console>/api/v1/logs/audit through an
audit_webhook target whose auth_token is the console's token (COFFER_AUDIT_TOKEN, default the file
audit.token in the data dir, created at first start). For a MinIO server:
  mc admin config set ALIAS audit_webhook:coffer enable=on \
    endpoint=http://CONSOLE:9090/api/v1/logs/audit auth_token=$(cat DATA/audit.token)

Environment (flags win): COFFER_CONSOLE_ADDRESS, COFFER_SERVER_URL, COFFER_CONSOLE_DATA,
COFFER_SESSION_LENGTH, COFFER_REGION, COFFER_WEB_DIR, COFFER_BASE_PATH, COFFER_TRUST_PROXY,
COFFER_CONSOLE_SESSION_KEY (base64 of 32 bytes; default: a key file in the data dir),
COFFER_HEADER_TIMEOUT, COFFER_MAX_CONNECTIONS, COFFER_PUBLIC_SERVER_URL, COFFER_UPLOAD_PART_SIZE,
COFFER_AUDIT_RETENTION, COFFER_AUDIT_MAX_ENTRIES, COFFER_AUDIT_TOKEN (at least 16 characters).
CONSOLE_PROMETHEUS_URL, CONSOLE_PROMETHEUS_JOB_ID (MinIO console's names), COFFER_METRICS_INTERVAL,
COFFER_STS_DURATION, COFFER_CREDENTIAL_RENEW_MARGIN, COFFER_LICENSE_PUBLIC_KEY (the PEM text itself),
COFFER_SUBSCRIPTION_URL.
Operator mode (MinIO console's names): CONSOLE_OPERATOR_MODE=on (or COFFER_OPERATOR=true),
CONSOLE_K8S_API_SERVER, CONSOLE_K8S_CA_FILE, KUBECONFIG, CONSOLE_NAMESPACE, CONSOLE_CLUSTER_DOMAIN,
CONSOLE_MINIO_IMAGE; in a pod: KUBERNETES_SERVICE_HOST/PORT and the service account's files.
Single sign-on (MinIO console's names first, then MinIO server's): CONSOLE_IDP_URL or
MINIO_IDENTITY_OPENID_CONFIG_URL, CONSOLE_IDP_CLIENT_ID or MINIO_IDENTITY_OPENID_CLIENT_ID,
CONSOLE_IDP_SECRET or MINIO_IDENTITY_OPENID_CLIENT_SECRET, CONSOLE_IDP_SCOPES or
MINIO_IDENTITY_OPENID_SCOPES, CONSOLE_IDP_CALLBACK or MINIO_IDENTITY_OPENID_REDIRECT_URI.
`;

/** Longest session (and so the longest STS DurationSeconds the console asks for). */
export const MAX_SESSION_SECONDS = 7 * 24 * 3600;
export const DEFAULT_SESSION_SECONDS = 12 * 3600;
/** Temporary credentials are renewed when less than this is left. */
export const DEFAULT_RENEW_MARGIN_SECONDS = 300;
/** STS's shortest DurationSeconds. */
const MIN_STS_SECONDS = 900;

/** `3600`, `90s`, `45m`, `12h`, `7d` → seconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!m) throw new Error(`not a duration: '${text}' (use e.g. 3600, 90m, 12h, 7d)`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] ?? ''] ?? 1;
  return Number(m[1]) * unit;
}

/** `16MiB`, `5M`, `1GiB`, `8388608` → bytes (binary units). */
export function parseSize(text: string): number {
  const m = /^(\d+)\s*(?:([KMG])(?:i?B)?)?$/i.exec(text.trim());
  if (!m) throw new Error(`not a size: '${text}' (use e.g. 8388608, 8MiB, 1GiB)`);
  const unit = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[(m[2] ?? '').toUpperCase()] ?? 1;
  return Number(m[1]) * unit;
}

/** `/console/` → `/console`; `/` or '' → ''. */
export function normaliseBasePath(text: string): string {
  const trimmed = text.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

const ConfigSchema = z.object({
  /** Operator mode's cluster (resolved from flags and environment, not validated further here). */
  operator: z.custom<OperatorConfig>().optional(),
  host: z.string().min(1),
  port: z.number().int().min(0).max(65535),
  serverUrl: z.url({ protocol: /^https?$/ }),
  publicServerUrl: z
    .url({ protocol: /^https?$/ })
    .refine((u) => /^https?:\/\/[^/?#]+$/.test(u), 'public server URL must be an origin, without a path')
    .optional(),
  dataDir: z.string().min(1),
  sessionSeconds: z.number().int().min(60).max(MAX_SESSION_SECONDS),
  region: z.string(),
  webDir: z.string().optional(),
  basePath: z.string().regex(/^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)*$/, 'base path must look like /a/b'),
  trustProxy: z.boolean(),
  headersTimeoutMs: z.number().int().min(1).optional(),
  maxConnections: z.number().int().min(1).optional(),
  /** S3's smallest part is 5 MiB (all but the last), its largest 5 GiB. */
  uploadPartSize: z
    .number()
    .int()
    .min(5 * 1024 ** 2)
    .max(5 * 1024 ** 3)
    .optional(),
  auditRetentionSeconds: z.number().int().min(0),
  auditMaxEntries: z.number().int().min(1).optional(),
  auditToken: z.string().min(16, 'the audit token must have at least 16 characters').optional(),
  prometheusUrl: z.url({ protocol: /^https?$/ }).optional(),
  prometheusJobId: z.string().max(256).optional(),
  metricsIntervalSeconds: z.number().int().min(1).max(3600).optional(),
  stsSeconds: z.number().int().min(MIN_STS_SECONDS).max(MAX_SESSION_SECONDS).optional(),
  /** Below STS's shortest duration, so fresh credentials are never due at once. */
  credentialRenewMarginSeconds: z
    .number()
    .int()
    .min(0)
    .max(MIN_STS_SECONDS - 1)
    .optional(),
  licensePublicKeyPem: z.string().includes('PUBLIC KEY', { message: 'not a PEM public key' }).optional(),
  subscriptionUrl: z.url({ protocol: /^https?$/ }).optional(),
  openId: z
    .object({
      configUrl: z.url({ protocol: /^https?$/ }),
      clientId: z.string().min(1, 'the SSO client id is required with an OpenID provider'),
      clientSecret: z.string().min(1).optional(),
      scopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'not an OAuth scope')).min(1),
      redirectUri: z.url({ protocol: /^https?$/ }).optional(),
    })
    .optional(),
  sessionKey: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
      'session key must be base64 of 32 bytes',
    ),
});

export type ConsoleConfig = z.infer<typeof ConfigSchema>;

/** HOST:PORT (IPv6 in brackets) → parts. */
export function parseAddress(address: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]*)):(\d+)$/.exec(address.trim());
  if (!m) throw new Error(`address must be HOST:PORT, got '${address}'`);
  const host = m[1] ?? m[2] ?? '';
  return { host: host === '' ? '0.0.0.0' : host, port: Number(m[3]) };
}

/**
 * The single sign-on provider from flags and the environment — MinIO console's CONSOLE_IDP_* names
 * first, then MinIO server's MINIO_IDENTITY_OPENID_* (so one environment serves both); undefined
 * when no discovery URL is given.
 */
function openIdSettingsOf(
  values: Record<string, string | boolean | undefined>,
  env: NodeJS.ProcessEnv,
): Record<string, unknown> | undefined {
  const flag = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const configUrl = flag('idp-config-url') ?? env.CONSOLE_IDP_URL ?? env.MINIO_IDENTITY_OPENID_CONFIG_URL;
  if (!configUrl) return undefined;
  const clientId = flag('idp-client-id') ?? env.CONSOLE_IDP_CLIENT_ID ?? env.MINIO_IDENTITY_OPENID_CLIENT_ID;
  const secret = env.CONSOLE_IDP_SECRET ?? env.MINIO_IDENTITY_OPENID_CLIENT_SECRET;
  const scopes = flag('idp-scopes') ?? env.CONSOLE_IDP_SCOPES ?? env.MINIO_IDENTITY_OPENID_SCOPES;
  const redirectUri =
    flag('idp-callback-url') ?? env.CONSOLE_IDP_CALLBACK ?? env.MINIO_IDENTITY_OPENID_REDIRECT_URI;
  return {
    configUrl,
    clientId: clientId ?? '',
    ...(secret ? { clientSecret: secret } : {}),
    scopes: scopes
      ? scopes
          .split(/[\s,]+/)
          .map((x) => x.trim())
          .filter(Boolean)
      : DEFAULT_OPENID_SCOPES,
    ...(redirectUri ? { redirectUri } : {}),
  };
}

/** Operator mode's sources (resolved to a cluster at start, `operator/k8s-settings.ts`). */
export type OperatorConfig = OperatorSources & { defaultImage?: string };

/**
 * Operator mode's sources, or undefined when it is off: on with --operator (or the environment),
 * or implied by --k8s-api / --kubeconfig. Where the cluster is gets resolved by main.ts.
 */
function operatorConfigOf(
  values: {
    operator?: boolean;
    'k8s-api'?: string;
    'k8s-ca'?: string;
    'k8s-insecure'?: boolean;
    kubeconfig?: string;
    'minio-image'?: string;
  },
  env: NodeJS.ProcessEnv,
): OperatorConfig | undefined {
  const on =
    values.operator === true ||
    values['k8s-api'] !== undefined ||
    values.kubeconfig !== undefined ||
    env.CONSOLE_OPERATOR_MODE === 'on' ||
    env.COFFER_OPERATOR === 'true';
  if (!on) return undefined;
  const image = values['minio-image'] ?? env.CONSOLE_MINIO_IMAGE;
  return {
    ...(values['k8s-api'] !== undefined ? { apiServer: values['k8s-api'] } : {}),
    ...(values['k8s-ca'] !== undefined ? { caFile: resolve(values['k8s-ca']) } : {}),
    ...(values['k8s-insecure'] === true ? { skipTlsVerify: true } : {}),
    ...(values.kubeconfig !== undefined ? { kubeconfig: resolve(values.kubeconfig) } : {}),
    ...(image ? { defaultImage: image } : {}),
  };
}

/** Flags + environment → config; undefined for --help. Throws with a readable message. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): ConsoleConfig | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      address: { type: 'string' },
      server: { type: 'string' },
      'public-server-url': { type: 'string' },
      data: { type: 'string' },
      'session-length': { type: 'string' },
      region: { type: 'string' },
      'web-dir': { type: 'string' },
      'base-path': { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      'header-timeout': { type: 'string' },
      'max-connections': { type: 'string' },
      'upload-part-size': { type: 'string' },
      'audit-retention': { type: 'string' },
      'audit-max-entries': { type: 'string' },
      'prometheus-url': { type: 'string' },
      'prometheus-job-id': { type: 'string' },
      'metrics-interval': { type: 'string' },
      'sts-duration': { type: 'string' },
      'credential-renew-margin': { type: 'string' },
      'idp-config-url': { type: 'string' },
      'idp-client-id': { type: 'string' },
      'idp-scopes': { type: 'string' },
      'idp-callback-url': { type: 'string' },
      'license-public-key': { type: 'string' },
      'subscription-url': { type: 'string' },
      operator: { type: 'boolean' },
      'k8s-api': { type: 'string' },
      'k8s-ca': { type: 'string' },
      'k8s-insecure': { type: 'boolean' },
      kubeconfig: { type: 'string' },
      'minio-image': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return undefined;
  const address = parseAddress(values.address ?? env.COFFER_CONSOLE_ADDRESS ?? '127.0.0.1:9090');
  const operator = operatorConfigOf(values, env);
  // Operator mode needs no storage server: operator sessions never call one (storage routes are
  // refused for them), so a placeholder that is never dialled stands in.
  const serverUrl = values.server ?? env.COFFER_SERVER_URL ?? (operator ? 'http://127.0.0.1:9' : undefined);
  if (!serverUrl)
    throw new Error('--server URL is required (the storage server, e.g. http://127.0.0.1:9000)');
  const webDir = values['web-dir'] ?? env.COFFER_WEB_DIR;
  const publicServerUrl = values['public-server-url'] ?? env.COFFER_PUBLIC_SERVER_URL;
  const sessionKey = env.COFFER_CONSOLE_SESSION_KEY;
  const headerTimeout = values['header-timeout'] ?? env.COFFER_HEADER_TIMEOUT;
  const maxConnections = values['max-connections'] ?? env.COFFER_MAX_CONNECTIONS;
  const uploadPartSize = values['upload-part-size'] ?? env.COFFER_UPLOAD_PART_SIZE;
  const auditMaxEntries = values['audit-max-entries'] ?? env.COFFER_AUDIT_MAX_ENTRIES;
  const auditToken = env.COFFER_AUDIT_TOKEN;
  const prometheusUrl = values['prometheus-url'] ?? env.CONSOLE_PROMETHEUS_URL;
  const prometheusJobId = values['prometheus-job-id'] ?? env.CONSOLE_PROMETHEUS_JOB_ID;
  const metricsInterval = values['metrics-interval'] ?? env.COFFER_METRICS_INTERVAL;
  const stsDuration = values['sts-duration'] ?? env.COFFER_STS_DURATION;
  const renewMargin = values['credential-renew-margin'] ?? env.COFFER_CREDENTIAL_RENEW_MARGIN;
  const openId = openIdSettingsOf(values, env);
  const licenseKeyFile = values['license-public-key'];
  const licensePublicKeyPem = licenseKeyFile
    ? readFileSync(resolve(licenseKeyFile), 'utf8')
    : env.COFFER_LICENSE_PUBLIC_KEY;
  const subscriptionUrl = values['subscription-url'] ?? env.COFFER_SUBSCRIPTION_URL;
  const parsed = ConfigSchema.safeParse({
    ...address,
    serverUrl: serverUrl.replace(/\/+$/, ''),
    ...(publicServerUrl ? { publicServerUrl: publicServerUrl.replace(/\/+$/, '') } : {}),
    dataDir: resolve(values.data ?? env.COFFER_CONSOLE_DATA ?? 'data/console'),
    sessionSeconds: parseDuration(
      values['session-length'] ?? env.COFFER_SESSION_LENGTH ?? String(DEFAULT_SESSION_SECONDS),
    ),
    region: values.region ?? env.COFFER_REGION ?? 'us-east-1',
    ...(webDir ? { webDir: resolve(webDir) } : {}),
    basePath: normaliseBasePath(values['base-path'] ?? env.COFFER_BASE_PATH ?? ''),
    trustProxy: values['trust-proxy'] ?? env.COFFER_TRUST_PROXY === 'true',
    ...(sessionKey ? { sessionKey } : {}),
    auditRetentionSeconds: parseDuration(values['audit-retention'] ?? env.COFFER_AUDIT_RETENTION ?? '7d'),
    ...(auditMaxEntries ? { auditMaxEntries: Number(auditMaxEntries) } : {}),
    ...(auditToken ? { auditToken } : {}),
    // Seconds (decimals allowed) → ms; not a number fails validation with the field's name.
    ...(headerTimeout ? { headersTimeoutMs: Math.round(Number(headerTimeout) * 1000) } : {}),
    ...(maxConnections ? { maxConnections: Number(maxConnections) } : {}),
    ...(uploadPartSize ? { uploadPartSize: parseSize(uploadPartSize) } : {}),
    ...(prometheusUrl ? { prometheusUrl: prometheusUrl.replace(/\/+$/, '') } : {}),
    ...(prometheusJobId !== undefined ? { prometheusJobId } : {}),
    ...(metricsInterval ? { metricsIntervalSeconds: Number(metricsInterval) } : {}),
    ...(stsDuration ? { stsSeconds: parseDuration(stsDuration) } : {}),
    ...(renewMargin ? { credentialRenewMarginSeconds: Number(renewMargin) } : {}),
    ...(openId ? { openId } : {}),
    ...(licensePublicKeyPem ? { licensePublicKeyPem } : {}),
    ...(subscriptionUrl ? { subscriptionUrl } : {}),
    ...(operator ? { operator } : {}),
  });
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; '),
    );
  }
  return parsed.data;
}
