/**
 * The field definitions of the server configuration sections and the notification services (spec 3
 * §3 "Configuration entry", "Notification target"; §9 defaults), written once: the console's
 * Settings forms are generated from them, and the English label and tooltip of each field live here
 * (the web catalogue derives its English field texts from this table; other languages translate
 * them by field name). Free of zod, so the browser loads it through `@coffer/contract/client`.
 *
 * A field name has one meaning wherever it appears (e.g. `tls_skip_verify` in Kafka, NATS and NSQ),
 * so its texts are keyed by name alone.
 */

/** How a field is entered (spec 3 §3). */
export type ConfigFieldType =
  | 'string'
  | 'csv'
  | 'number'
  | 'comment'
  | 'on|off'
  | 'path'
  | 'url'
  | 'uri'
  | 'address'
  | 'duration'
  | 'enum';

export interface ConfigField {
  /** The configuration key as the server names it; its texts are `CONFIG_FIELD_TEXTS[name]`. */
  readonly name: ConfigFieldName;
  readonly type: ConfigFieldType;
  readonly required?: boolean;
  /** What an empty form shows (spec 3 §9: queue limit 10000, MQTT qos 0, format namespace). */
  readonly default?: string;
  /** The choices of an `enum` field, the first being the default unless `default` says otherwise. */
  readonly options?: readonly string[];
  /** A secret (password, token): typed masked, never shown back. */
  readonly secret?: boolean;
}

/** The English label and tooltip of every field name. */
export const CONFIG_FIELD_TEXTS = {
  name: { label: 'Server Location', tooltip: 'The region of this server, e.g. "us-west-rack2".' },
  comment: { label: 'Comment', tooltip: 'A free text comment kept with this configuration.' },
  drives: { label: 'Drive Names', tooltip: 'The mount points of the drives used for caching.' },
  expiry: { label: 'Expiry', tooltip: 'Days after which a cached object expires.' },
  quota: { label: 'Quota', tooltip: 'The percentage of each cache drive that may be used.' },
  exclude: { label: 'Exclude', tooltip: 'Wildcard patterns of objects that are never cached.' },
  after: { label: 'After', tooltip: 'Cache an object only after this many accesses.' },
  watermark_low: { label: 'Watermark Low', tooltip: 'The usage percentage where eviction stops.' },
  watermark_high: { label: 'Watermark High', tooltip: 'The usage percentage where eviction starts.' },
  enable: { label: 'Enable', tooltip: 'Compress objects that match the extensions or MIME types.' },
  extensions: { label: 'Extensions', tooltip: 'File extensions to compress, e.g. ".txt".' },
  mime_types: { label: 'Mime Types', tooltip: 'Content types to compress, e.g. "text/*".' },
  endpoints: { label: 'Endpoints', tooltip: 'The URLs of the etcd servers.' },
  path_prefix: { label: 'Path Prefix', tooltip: 'A namespace prefix that isolates tenants in etcd.' },
  coredns_path: { label: 'Coredns Path', tooltip: 'The etcd path under which bucket DNS entries live.' },
  client_cert: { label: 'Client Cert', tooltip: 'The client certificate file for mTLS.' },
  client_cert_key: { label: 'Client Cert Key', tooltip: 'The private key file of the client certificate.' },
  config_url: { label: 'Config URL', tooltip: 'The OpenID discovery document URL.' },
  client_id: { label: 'Client ID', tooltip: 'The client identifier registered with the OpenID provider.' },
  claim_name: { label: 'Claim Name', tooltip: 'The JWT claim that holds the policy names.' },
  claim_prefix: { label: 'Claim Prefix', tooltip: 'A prefix added to the claim values.' },
  client_secret: {
    label: 'Client Secret',
    tooltip: 'The client secret registered with the OpenID provider.',
  },
  scopes: { label: 'Scopes', tooltip: 'Scopes asked of the provider, e.g. "openid,profile,email".' },
  redirect_uri: {
    label: 'Redirect URI',
    tooltip: "The console's /oauth_callback as registered with the provider.",
  },
  role_policy: {
    label: 'Role Policy',
    tooltip: 'Policies every identity of this provider gets, instead of a claim.',
  },
  lookup_bind_dn: {
    label: 'Lookup Bind DN',
    tooltip: 'The read-only account that looks users and groups up.',
  },
  lookup_bind_password: { label: 'Lookup Bind Password', tooltip: 'The password of the lookup account.' },
  user_dn_search_base_dn: { label: 'User DN Search Base DN', tooltip: 'Where user entries are searched.' },
  user_dn_search_filter: {
    label: 'User DN Search Filter',
    tooltip: 'The filter that finds a user entry, e.g. "(uid=%s)".',
  },
  group_search_base_dn: { label: 'Group Search Base DN', tooltip: 'Where group entries are searched.' },
  server_starttls: { label: 'Server StartTLS', tooltip: 'Upgrade the plain connection with StartTLS.' },
  server_addr: { label: 'Server Address', tooltip: 'The LDAP server address, host:port.' },
  username_format: { label: 'Username Format', tooltip: 'DN pattern used to bind a user.' },
  username_search_filter: { label: 'Username Search Filter', tooltip: 'LDAP filter that finds the user.' },
  group_search_filter: {
    label: 'Group Search Filter',
    tooltip: 'LDAP filter that finds the groups of a user.',
  },
  username_search_base_dn: { label: 'Username Search Base DN', tooltip: 'Base DN of the user search.' },
  group_name_attribute: { label: 'Group Name Attribute', tooltip: 'The attribute holding a group name.' },
  sts_expiry: { label: 'STS Expiry', tooltip: 'How long temporary credentials are valid (default 1h).' },
  tls_skip_verify: { label: 'TLS Skip Verify', tooltip: 'Do not check the server certificate.' },
  server_insecure: { label: 'Server Insecure', tooltip: 'Connect without TLS (traffic is unencrypted).' },
  endpoint: { label: 'Endpoint', tooltip: 'The HTTP(S) URL the entries are sent to.' },
  auth_token: { label: 'Auth Token', tooltip: 'Sent as the Authorization header.' },
  queue_dir: { label: 'Queue Dir', tooltip: 'Directory where undelivered events wait.' },
  queue_limit: { label: 'Queue Limit', tooltip: 'The most events the queue holds.' },
  brokers: { label: 'Brokers', tooltip: 'The Kafka brokers, host:port.' },
  topic: { label: 'Topic', tooltip: 'The topic events are published to.' },
  sasl_username: { label: 'SASL Username', tooltip: 'The username for SASL authentication.' },
  sasl_password: { label: 'SASL Password', tooltip: 'The password for SASL authentication.' },
  sasl_mechanism: { label: 'SASL Mechanism', tooltip: 'plain, sha256 or sha512.' },
  tls_client_auth: { label: 'TLS Client Auth', tooltip: 'The client authentication type of mTLS.' },
  sasl: { label: 'SASL', tooltip: 'Authenticate with SASL.' },
  tls: { label: 'TLS', tooltip: 'Connect with TLS.' },
  client_tls_cert: { label: 'Client TLS Cert', tooltip: 'The client certificate file for mTLS.' },
  client_tls_key: { label: 'Client TLS Key', tooltip: 'The private key file of the client certificate.' },
  version: { label: 'Version', tooltip: 'The Kafka protocol version, e.g. 2.0.0.' },
  url: { label: 'URL', tooltip: 'The server URL.' },
  exchange: { label: 'Exchange', tooltip: 'The name of the exchange.' },
  exchange_type: { label: 'Exchange Type', tooltip: 'The kind of exchange, e.g. direct or fanout.' },
  routing_key: { label: 'Routing Key', tooltip: 'The routing key of published messages.' },
  mandatory: { label: 'Mandatory', tooltip: 'Return unroutable messages instead of dropping them.' },
  durable: { label: 'Durable', tooltip: 'The queue survives a broker restart.' },
  no_wait: { label: 'No Wait', tooltip: 'Do not wait for the server to confirm declarations.' },
  internal: { label: 'Internal', tooltip: 'The exchange takes no messages from publishers.' },
  auto_deleted: { label: 'Auto Deleted', tooltip: 'Delete the queue when it is no longer used.' },
  delivery_mode: { label: 'Delivery Mode', tooltip: '1 for non-persistent, 2 for persistent.' },
  address: { label: 'Address', tooltip: 'The server address, host:port.' },
  key: { label: 'Key', tooltip: 'The key events are stored under.' },
  password: { label: 'Password', tooltip: 'The password to connect with.' },
  broker: { label: 'Broker', tooltip: 'The MQTT broker URI, e.g. tcp://host:1883.' },
  username: { label: 'Username', tooltip: 'The username to connect with.' },
  qos: { label: 'QoS', tooltip: 'The MQTT quality of service level.' },
  keep_alive_interval: { label: 'Keep Alive Interval', tooltip: 'How often a keep-alive is sent.' },
  reconnect_interval: { label: 'Reconnect Interval', tooltip: 'How long to wait between reconnects.' },
  subject: { label: 'Subject', tooltip: 'The NATS subject events are published to.' },
  token: { label: 'Token', tooltip: 'The NATS authentication token.' },
  ping_interval: { label: 'Ping Interval', tooltip: 'How often the server is pinged.' },
  streaming: { label: 'Streaming', tooltip: 'Use NATS streaming.' },
  streaming_async: { label: 'Streaming Async', tooltip: 'Publish without waiting for acknowledgements.' },
  streaming_max_pub_acks_in_flight: {
    label: 'Streaming Max Pub Acks In Flight',
    tooltip: 'The most unacknowledged messages in flight.',
  },
  streaming_cluster_id: { label: 'Streaming Cluster ID', tooltip: 'The ID of the NATS streaming cluster.' },
  cert_authority: { label: 'Cert Authority', tooltip: 'The CA certificate file.' },
  client_key: { label: 'Client Key', tooltip: 'The private key file of the client certificate.' },
  index: { label: 'Index', tooltip: 'The Elasticsearch index events are stored in.' },
  format: { label: 'Format', tooltip: 'namespace keeps one entry per object, access appends each event.' },
  nsqd_address: { label: 'NSQD Address', tooltip: 'The nsqd address, host:port.' },
  connection_string: { label: 'Connection String', tooltip: 'The PostgreSQL connection string.' },
  table: { label: 'Table', tooltip: 'The table events are stored in.' },
  dsn_string: { label: 'DSN String', tooltip: 'The MySQL data source name.' },
} as const satisfies Record<string, { label: string; tooltip: string }>;

export type ConfigFieldName = keyof typeof CONFIG_FIELD_TEXTS;

const COMMENT: ConfigField = { name: 'comment', type: 'comment' };
/** Spec 3 §3: every notification target has these; §9: queue limit default 10000. */
const QUEUE: readonly ConfigField[] = [
  { name: 'queue_dir', type: 'path', required: true },
  { name: 'queue_limit', type: 'number', default: '10000' },
  COMMENT,
];
/** Spec 3 §9: format options namespace (default) and access. */
const FORMAT: ConfigField = {
  name: 'format',
  type: 'enum',
  options: ['namespace', 'access'],
  default: 'namespace',
};
const WEBHOOK_ENDPOINT: readonly ConfigField[] = [
  { name: 'endpoint', type: 'url', required: true },
  { name: 'auth_token', type: 'string', required: true, secret: true },
];

/** The configuration sections Settings lists, in the spec's order (spec 3 §2 Configurations). */
export const CONFIG_SECTIONS = [
  'region',
  'cache',
  'compression',
  'etcd',
  'identity_openid',
  'identity_ldap',
  'logger_webhook',
  'audit_webhook',
] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/** The fields of each configuration section (spec 3 §3 "Configuration entry"). */
export const CONFIG_FIELDS: Record<ConfigSection, readonly ConfigField[]> = {
  region: [{ name: 'name', type: 'string', required: true }, COMMENT],
  cache: [
    { name: 'drives', type: 'csv', required: true },
    { name: 'expiry', type: 'number' },
    { name: 'quota', type: 'number' },
    { name: 'exclude', type: 'csv' },
    { name: 'after', type: 'number' },
    { name: 'watermark_low', type: 'number' },
    { name: 'watermark_high', type: 'number' },
    COMMENT,
  ],
  compression: [
    // MinIO's switch for the section: without it the extensions and types below do nothing.
    { name: 'enable', type: 'on|off' },
    { name: 'extensions', type: 'csv' },
    { name: 'mime_types', type: 'csv' },
  ],
  etcd: [
    { name: 'endpoints', type: 'csv', required: true },
    { name: 'path_prefix', type: 'path' },
    { name: 'coredns_path', type: 'path' },
    { name: 'client_cert', type: 'path' },
    { name: 'client_cert_key', type: 'path' },
    COMMENT,
  ],
  identity_openid: [
    { name: 'config_url', type: 'url' },
    { name: 'client_id', type: 'string' },
    { name: 'claim_name', type: 'string' },
    { name: 'claim_prefix', type: 'string' },
    // Beyond spec 3 §3's list: what a current MinIO (and the engine) needs to act on the section.
    { name: 'client_secret', type: 'string', secret: true },
    { name: 'scopes', type: 'csv' },
    { name: 'redirect_uri', type: 'url' },
    { name: 'role_policy', type: 'string' },
    COMMENT,
  ],
  identity_ldap: [
    { name: 'server_addr', type: 'address', required: true },
    { name: 'username_format', type: 'string', required: true },
    { name: 'username_search_filter', type: 'string', required: true },
    { name: 'group_search_filter', type: 'string', required: true },
    { name: 'username_search_base_dn', type: 'string' },
    { name: 'group_name_attribute', type: 'string' },
    { name: 'sts_expiry', type: 'duration' },
    { name: 'tls_skip_verify', type: 'on|off' },
    { name: 'server_insecure', type: 'on|off' },
    // Beyond spec 3 §3's list: the lookup-bind mode of a current MinIO (and the engine).
    { name: 'lookup_bind_dn', type: 'string' },
    { name: 'lookup_bind_password', type: 'string', secret: true },
    { name: 'user_dn_search_base_dn', type: 'string' },
    { name: 'user_dn_search_filter', type: 'string' },
    { name: 'group_search_base_dn', type: 'string' },
    { name: 'server_starttls', type: 'on|off' },
    COMMENT,
  ],
  logger_webhook: WEBHOOK_ENDPOINT,
  audit_webhook: WEBHOOK_ENDPOINT,
};

/** The notification services in the order 'Pick a supported service' shows them (spec 3 §2). */
export const NOTIFY_SERVICE_IDS = [
  'postgres',
  'kafka',
  'amqp',
  'mqtt',
  'redis',
  'nats',
  'mysql',
  'elasticsearch',
  'webhook',
  'nsq',
] as const;
export type NotifyServiceId = (typeof NOTIFY_SERVICE_IDS)[number];

/** The button and title name of each service (spec 3 §2 Lambda Notifications). */
export const NOTIFY_SERVICE_NAMES: Record<NotifyServiceId, string> = {
  postgres: 'Postgres SQL',
  kafka: 'Kafka',
  amqp: 'AMQP',
  mqtt: 'MQTT',
  redis: 'Redis',
  nats: 'NATS',
  mysql: 'Mysql',
  elasticsearch: 'Elastic Search',
  webhook: 'Webhook',
  nsq: 'NSQ',
};

/** The configuration subsystem of a service: `notify_postgres` … (spec 3 §3 service ids). */
export function notifySubsystem(service: NotifyServiceId): `notify_${NotifyServiceId}` {
  return `notify_${service}`;
}

const onOff = (...names: ConfigFieldName[]): ConfigField[] => names.map((name) => ({ name, type: 'on|off' }));

/** The fields of each notification service (spec 3 §3 "Notification target"), common ones last. */
export const NOTIFY_FIELDS: Record<NotifyServiceId, readonly ConfigField[]> = {
  postgres: [
    { name: 'connection_string', type: 'string', required: true },
    { name: 'table', type: 'string', required: true },
    FORMAT,
    ...QUEUE,
  ],
  mysql: [
    { name: 'dsn_string', type: 'string', required: true },
    { name: 'table', type: 'string', required: true },
    FORMAT,
    ...QUEUE,
  ],
  kafka: [
    { name: 'brokers', type: 'csv', required: true },
    { name: 'topic', type: 'string' },
    { name: 'sasl_username', type: 'string' },
    { name: 'sasl_password', type: 'string', secret: true },
    { name: 'sasl_mechanism', type: 'string' },
    { name: 'tls_client_auth', type: 'string' },
    ...onOff('sasl', 'tls', 'tls_skip_verify'),
    { name: 'client_tls_cert', type: 'path' },
    { name: 'client_tls_key', type: 'path' },
    { name: 'version', type: 'string' },
    ...QUEUE,
  ],
  amqp: [
    { name: 'url', type: 'url', required: true },
    { name: 'exchange', type: 'string' },
    { name: 'exchange_type', type: 'string' },
    { name: 'routing_key', type: 'string' },
    ...onOff('mandatory', 'durable', 'no_wait', 'internal', 'auto_deleted'),
    { name: 'delivery_mode', type: 'enum', options: ['1', '2'] },
    ...QUEUE,
  ],
  redis: [
    { name: 'address', type: 'address', required: true },
    { name: 'key', type: 'string', required: true },
    { name: 'password', type: 'string', secret: true },
    ...QUEUE,
  ],
  mqtt: [
    { name: 'broker', type: 'uri', required: true },
    { name: 'topic', type: 'string', required: true },
    { name: 'username', type: 'string' },
    { name: 'password', type: 'string', secret: true },
    // Spec 3 §9: MQTT qos default 0.
    { name: 'qos', type: 'number', default: '0' },
    { name: 'keep_alive_interval', type: 'duration' },
    { name: 'reconnect_interval', type: 'duration' },
    ...QUEUE,
  ],
  nats: [
    { name: 'address', type: 'address', required: true },
    { name: 'subject', type: 'string', required: true },
    { name: 'username', type: 'string' },
    { name: 'password', type: 'string', secret: true },
    { name: 'token', type: 'string', secret: true },
    ...onOff('tls', 'tls_skip_verify'),
    { name: 'ping_interval', type: 'duration' },
    ...onOff('streaming', 'streaming_async'),
    { name: 'streaming_max_pub_acks_in_flight', type: 'number' },
    { name: 'streaming_cluster_id', type: 'string' },
    { name: 'cert_authority', type: 'path' },
    { name: 'client_cert', type: 'path' },
    { name: 'client_key', type: 'path' },
    ...QUEUE,
  ],
  elasticsearch: [
    { name: 'url', type: 'url', required: true },
    { name: 'index', type: 'string', required: true },
    { ...FORMAT, required: true },
    ...QUEUE,
  ],
  webhook: [
    { name: 'endpoint', type: 'url', required: true },
    { name: 'auth_token', type: 'string', secret: true },
    ...QUEUE,
  ],
  nsq: [
    { name: 'nsqd_address', type: 'address', required: true },
    { name: 'topic', type: 'string', required: true },
    ...onOff('tls', 'tls_skip_verify'),
    ...QUEUE,
  ],
};

/** Spec 3 §9: the Postgres sslmode options. */
export const POSTGRES_SSL_MODES = ['require', 'disable', 'verify-ca', 'verify-full'] as const;

/** The parts the Postgres connection-string builder asks for (spec 3 §3). */
export interface PostgresParts {
  host: string;
  port: string;
  dbname: string;
  user: string;
  password: string;
  sslmode: string;
}

/** Quotes a libpq keyword value when it is empty or holds a space, quote or backslash. */
function libpqValue(value: string): string {
  return /[\s'\\]/.test(value) ? `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'` : value;
}

/** `host=… port=… dbname=… user=… password=… sslmode=…`, leaving out the parts not given. */
export function postgresConnectionString(parts: PostgresParts): string {
  return (['host', 'port', 'dbname', 'user', 'password', 'sslmode'] as const)
    .filter((key) => parts[key].trim() !== '')
    .map((key) => `${key}=${libpqValue(key === 'password' ? parts[key] : parts[key].trim())}`)
    .join(' ');
}

/** The parts the MySQL DSN builder asks for (spec 3 §3). */
export interface MysqlParts {
  host: string;
  port: string;
  dbname: string;
  user: string;
  password: string;
}

/** `user:password@tcp(host:port)/dbname` (spec 3 §3); no password, no colon. */
export function mysqlDsn(parts: MysqlParts): string {
  const credentials = parts.password === '' ? parts.user.trim() : `${parts.user.trim()}:${parts.password}`;
  const address = parts.port.trim() === '' ? parts.host.trim() : `${parts.host.trim()}:${parts.port.trim()}`;
  return `${credentials}@tcp(${address})/${parts.dbname.trim()}`;
}
