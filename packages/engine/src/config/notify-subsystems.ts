/**
 * Field definitions of MinIO's ten notification sub-systems (`notify_*`), with MinIO's keys,
 * defaults and required keys. Every one allows several named targets and needs a restart to apply
 * (MinIO starts its targets at boot). `queue_limit` defaults to MinIO's server default, 100000.
 */
import {
  COMMENT_FIELD,
  enableField,
  field,
  required,
  type FieldDef,
  type SubsystemDef,
} from './subsystem-types.js';

const QUEUE_FIELDS: readonly FieldDef[] = [
  field('queue_dir', 'path', 'staging dir for undelivered messages e.g. "/home/events"', { absolute: true }),
  field('queue_limit', 'number', 'maximum limit for undelivered messages, defaults to "100000"', {
    default: '100000',
  }),
];

const FORMAT_FIELD = field(
  'format',
  'enum',
  "'namespace' reflects current bucket/object list and 'access' reflects a journal of object operations, defaults to 'namespace'",
  {
    default: 'namespace',
    values: ['namespace', 'access'],
  },
);

function notify(name: string, description: string, fields: readonly FieldDef[]): SubsystemDef {
  return {
    name,
    description,
    multipleTargets: true,
    dynamic: false,
    hasEnable: true,
    fields: [enableField(), ...fields, ...QUEUE_FIELDS, COMMENT_FIELD],
  };
}

const on = (key: string, description: string): FieldDef =>
  field(key, 'on|off', description, { default: 'off' });

export const NOTIFY_SUBSYSTEMS: readonly SubsystemDef[] = [
  notify('notify_webhook', 'publish bucket notifications to webhook endpoints', [
    required('endpoint', 'url', 'webhook server endpoint e.g. http://localhost:8080/minio/events', {
      schemes: ['http', 'https'],
    }),
    field('auth_token', 'string', 'opaque string or JWT authorization token', { secret: true }),
    field('client_cert', 'string', 'client cert for Webhook mTLS auth'),
    field('client_key', 'string', 'client cert key for Webhook mTLS auth'),
  ]),
  notify('notify_amqp', 'publish bucket notifications to AMQP endpoints', [
    required('url', 'url', 'AMQP server endpoint e.g. `amqp://myuser:mypassword@localhost:5672`', {
      schemes: ['amqp', 'amqps'],
    }),
    field('exchange', 'string', 'name of the AMQP exchange'),
    field('exchange_type', 'string', 'AMQP exchange type'),
    field('routing_key', 'string', 'routing key for publishing'),
    on('mandatory', 'quietly ignore undelivered messages when set to "off", default is "on"'),
    on('durable', 'persist queue across broker restarts when set to "on", default is "off"'),
    on('no_wait', 'non-blocking message delivery when set to "on", default is "off"'),
    on(
      'internal',
      'set to "on" for exchange to be not used directly by publishers, but only when bound to other exchanges',
    ),
    on('auto_deleted', 'auto delete queue when set to "on", when there are no consumers'),
    field('delivery_mode', 'number', 'set to "1" for non-persistent or "2" for persistent queue', {
      default: '0',
    }),
    on('publisher_confirms', 'enable or disable publisher confirms, default is "off"'),
  ]),
  notify('notify_kafka', 'publish bucket notifications to Kafka endpoints', [
    required('brokers', 'csv', 'comma separated list of Kafka broker addresses'),
    field('topic', 'string', 'Kafka topic used for bucket notifications'),
    field('sasl_username', 'string', 'username for SASL/PLAIN or SASL/SCRAM authentication'),
    field('sasl_password', 'string', 'password for SASL/PLAIN or SASL/SCRAM authentication', {
      secret: true,
    }),
    field('sasl_mechanism', 'enum', 'sasl authentication mechanism, default "plain"', {
      default: 'plain',
      values: ['plain', 'sha256', 'sha512'],
    }),
    field(
      'tls_client_auth',
      'string',
      "clientAuth determines the Kafka server's policy for TLS client auth",
      {
        default: '0',
      },
    ),
    on('sasl', 'set to "on" to enable SASL authentication'),
    on('tls', 'set to "on" to enable TLS'),
    on('tls_skip_verify', 'trust server TLS without verification, defaults to "on" (verify)'),
    field('client_tls_cert', 'path', 'path to client certificate for mTLS auth'),
    field('client_tls_key', 'path', 'path to client key for mTLS auth'),
    field('version', 'string', 'specify the version of the Kafka cluster'),
    field('batch_size', 'number', 'batch size of the events; used only when queue_dir is set', {
      default: '1',
    }),
  ]),
  notify('notify_mqtt', 'publish bucket notifications to MQTT endpoints', [
    required('broker', 'uri', 'MQTT server endpoint e.g. `tcp://localhost:1883`', {
      schemes: ['tcp', 'ssl', 'tls', 'tcps', 'ws', 'wss', 'mqtt', 'mqtts'],
    }),
    required('topic', 'string', 'name of the MQTT topic to publish'),
    field('username', 'string', 'MQTT username'),
    field('password', 'string', 'MQTT password', { secret: true }),
    field('qos', 'number', "set the quality of service priority, defaults to '0'", { default: '0' }),
    field('keep_alive_interval', 'duration', 'keep-alive interval for MQTT connections in s,m,h,d', {
      default: '0s',
    }),
    field('reconnect_interval', 'duration', 'reconnect interval for MQTT connections in s,m,h,d', {
      default: '0s',
    }),
  ]),
  notify('notify_nats', 'publish bucket notifications to NATS endpoints', [
    required('address', 'address', "NATS server address e.g. '0.0.0.0:4222'"),
    required('subject', 'string', 'NATS subscription subject'),
    field('username', 'string', 'NATS username'),
    field('password', 'string', 'NATS password', { secret: true }),
    field('token', 'string', 'NATS token', { secret: true }),
    on('tls', "set to 'on' to enable TLS"),
    on('tls_skip_verify', 'trust server TLS without verification, defaults to "on" (verify)'),
    field('ping_interval', 'duration', 'client ping commands interval in s,m,h,d. Disabled by default', {
      default: '0',
    }),
    on('jetstream', 'enable JetStream support'),
    on('streaming', 'use NATS streaming server when set to "on"'),
    on('streaming_async', 'set to "on", to enable asynchronous publish'),
    field(
      'streaming_max_pub_acks_in_flight',
      'number',
      'number of messages to publish without waiting for ACKs',
      {
        default: '0',
      },
    ),
    field('streaming_cluster_id', 'string', 'unique ID for NATS streaming cluster'),
    field('cert_authority', 'string', 'path to certificate chain of the target NATS server'),
    field('client_cert', 'string', 'client cert for NATS mTLS auth'),
    field('client_key', 'string', 'client cert key for NATS mTLS auth'),
  ]),
  notify('notify_nsq', 'publish bucket notifications to NSQ endpoints', [
    required('nsqd_address', 'address', "NSQ server address e.g. '127.0.0.1:4150'"),
    required('topic', 'string', 'NSQ topic'),
    on('tls', "set to 'on' to enable TLS"),
    on('tls_skip_verify', 'trust server TLS without verification, defaults to "on" (verify)'),
  ]),
  notify('notify_redis', 'publish bucket notifications to Redis datastores', [
    required('address', 'address', "Redis server's address. For example: `localhost:6379`"),
    required('key', 'string', 'Redis key to store/update events, key is auto-created'),
    FORMAT_FIELD,
    field('password', 'string', 'Redis server password', { secret: true }),
    field('user', 'string', 'Redis server user for the auth'),
  ]),
  notify('notify_postgres', 'publish bucket notifications to Postgres databases', [
    required(
      'connection_string',
      'string',
      'Postgres server connection-string e.g. "host=localhost port=5432 dbname=minio_events user=postgres password=password sslmode=disable"',
    ),
    required('table', 'string', 'DB table name to store/update events, table is auto-created'),
    FORMAT_FIELD,
    field(
      'max_open_connections',
      'number',
      'To set the maximum number of open connections to the database. The value is set to `2` by default.',
      {
        default: '2',
      },
    ),
  ]),
  notify('notify_mysql', 'publish bucket notifications to MySQL databases', [
    required(
      'dsn_string',
      'string',
      'MySQL data-source-name connection string e.g. "<user>:<password>@tcp(<host>:<port>)/<database>"',
    ),
    required('table', 'string', 'DB table name to store/update events, table is auto-created'),
    FORMAT_FIELD,
    field(
      'max_open_connections',
      'number',
      'To set the maximum number of open connections to the database. The value is set to `2` by default.',
      {
        default: '2',
      },
    ),
  ]),
  notify('notify_elasticsearch', 'publish bucket notifications to Elasticsearch endpoints', [
    required('url', 'url', "Elasticsearch server's address, with optional authentication info", {
      schemes: ['http', 'https'],
    }),
    required('index', 'string', 'Elasticsearch index to store/update events, index is auto-created'),
    FORMAT_FIELD,
    field('username', 'string', 'username for Elasticsearch'),
    field('password', 'string', 'password for Elasticsearch', { secret: true }),
  ]),
];
