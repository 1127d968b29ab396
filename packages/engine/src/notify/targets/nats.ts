/**
 * The NATS notification target (`notify_nats`) with nats.js, following MinIO's: the event
 * (`{EventName, Key, Records}` JSON) is published to `subject` on the server at `address`, through
 * JetStream when `jetstream=on` (a stream must capture the subject; the server's PubAck is the
 * acknowledgement). Core NATS has no per-message ack: `send` resolves after a PING/PONG round trip
 * that follows the PUB, i.e. once the server has processed it.
 *
 * One connection is kept, with the client's own reconnection off: when the server goes away the
 * connection closes, `send` rejects at once, and the next `send` or `isActive` dials again (the
 * notification core retries; nothing is buffered in the client while disconnected). NATS
 * Streaming (STAN, `streaming=on`) is deprecated by NATS and by MinIO and its server is not
 * shipped: `streaming=on` is refused with a pointer to JetStream; the `streaming_*` keys are accepted.
 */
import { readFile } from 'node:fs/promises';
import {
  connect,
  credsAuthenticator,
  nkeyAuthenticator,
  type ConnectionOptions,
  type NatsConnection,
  type TlsOptions,
} from 'nats';
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/index.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';
import { checkQueueKeys, duration, flag, messageOf, text, unsigned, withTimeout } from './broker-values.js';

/** The `notify_nats` values a target uses, parsed. */
export interface NatsArgs {
  /** `host:port` (or a `nats://`/`tls://` URL). */
  address: string;
  subject: string;
  username: string;
  password: string;
  token: string;
  nkeySeed: string;
  userCredentials: string;
  tls: boolean;
  tlsSkipVerify: boolean;
  tlsHandshakeFirst: boolean;
  certAuthority: string;
  clientCert: string;
  clientKey: string;
  /** Seconds between the client's pings; 0: the client's default. */
  pingInterval: number;
  jetstream: boolean;
}

/** How long one `send` may take before it rejects (the core retries it). */
const SEND_TIMEOUT_MS = 10_000;
/** Dial timeout: `isActive` must answer within ~2 s. */
const CONNECT_TIMEOUT_MS = 2000;

/** `ping_interval`: MinIO reads a whole number of seconds, its help offers a duration (`30s`): both. */
function pingSeconds(values: ConfigValues): number {
  const value = text(values, 'ping_interval');
  if (/^\d+$/.test(value)) return Number(value);
  return Math.round(duration(values, 'ping_interval', 0) / 1000);
}

/** Parses and checks `notify_nats` values; throws `InvalidArgument` with MinIO's wording where it has one. */
export function parseNatsArgs(values: ConfigValues): NatsArgs {
  const address = text(values, 'address');
  if (address === '') throw new InvalidArgument('empty address');
  const subject = text(values, 'subject');
  if (subject === '') throw new InvalidArgument('empty subject');
  if (/[\s*>]/.test(subject)) {
    throw new InvalidArgument(
      `subject: '${subject}' has a wildcard or a space; publish needs a plain subject`,
    );
  }
  const clientCert = text(values, 'client_cert');
  const clientKey = text(values, 'client_key');
  if ((clientCert === '') !== (clientKey === '')) {
    throw new InvalidArgument('cert and key must be specified as a pair');
  }
  const username = text(values, 'username');
  const password = values.get('password') ?? '';
  if ((username === '') !== (password === '')) {
    throw new InvalidArgument('username and password must be specified as a pair');
  }
  if (flag(values, 'streaming')) {
    throw new InvalidArgument(
      'NATS Streaming is deprecated please migrate to JetStream: set streaming=off and jetstream=on (with a stream that captures the subject)',
    );
  }
  // Accepted for MinIO compatibility (they only matter with streaming=on, refused above).
  flag(values, 'streaming_async');
  unsigned(values, 'streaming_max_pub_acks_in_flight', 0, Number.MAX_SAFE_INTEGER);
  checkQueueKeys(values);
  return {
    address,
    subject,
    username,
    password,
    token: values.get('token') ?? '',
    nkeySeed: text(values, 'nkey_seed'),
    userCredentials: text(values, 'user_credentials'),
    tls: flag(values, 'tls'),
    tlsSkipVerify: flag(values, 'tls_skip_verify'),
    tlsHandshakeFirst: flag(values, 'tls_handshake_first'),
    certAuthority: text(values, 'cert_authority'),
    clientCert,
    clientKey,
    pingInterval: pingSeconds(values),
    jetstream: flag(values, 'jetstream'),
  };
}

/** nats.js connection options for these args. */
async function connectionOptions(args: NatsArgs): Promise<ConnectionOptions> {
  const options: ConnectionOptions = {
    servers: args.address,
    name: 'Coffer Notification',
    // Reconnection is the notification core's job (it retries `send`); see the module comment.
    reconnect: false,
    timeout: CONNECT_TIMEOUT_MS,
  };
  if (args.username !== '') {
    options.user = args.username;
    options.pass = args.password;
  }
  if (args.token !== '') options.token = args.token;
  if (args.nkeySeed !== '')
    options.authenticator = nkeyAuthenticator(new TextEncoder().encode(args.nkeySeed));
  if (args.userCredentials !== '') {
    options.authenticator = credsAuthenticator(await readFile(args.userCredentials));
  }
  const secure = args.tls || args.tlsHandshakeFirst || args.certAuthority !== '' || args.clientCert !== '';
  if (secure) {
    // nats.js passes extra TLS fields to Node's tls.connect (rejectUnauthorized among them).
    const tls: TlsOptions & { rejectUnauthorized?: boolean } = {};
    if (args.tlsSkipVerify) tls.rejectUnauthorized = false;
    if (args.tlsHandshakeFirst) tls.handshakeFirst = true;
    if (args.certAuthority !== '') tls.caFile = args.certAuthority;
    if (args.clientCert !== '') {
      tls.certFile = args.clientCert;
      tls.keyFile = args.clientKey;
    }
    options.tls = tls;
  }
  if (args.pingInterval > 0) options.pingInterval = args.pingInterval * 1000;
  return options;
}

class NatsTarget implements NotificationTarget {
  readonly service = 'nats' as const;
  private connection: NatsConnection | undefined;
  private dialling: Promise<NatsConnection> | undefined;
  private closed = false;
  private readonly encoder = new TextEncoder();

  constructor(
    readonly id: string,
    private readonly args: NatsArgs,
    private readonly log: (line: string) => void,
  ) {}

  /** The open connection, dialling first when there is none (one attempt at a time). */
  private getConnection(): Promise<NatsConnection> {
    if (this.closed) return Promise.reject(new Error(`nats target ${this.id} is closed`));
    const current = this.connection;
    if (current !== undefined && !current.isClosed()) return Promise.resolve(current);
    this.dialling ??= this.dial().finally(() => (this.dialling = undefined));
    return this.dialling;
  }

  private async dial(): Promise<NatsConnection> {
    const nc = await connect(await connectionOptions(this.args));
    if (this.closed) {
      await nc.close().catch(() => undefined);
      throw new Error(`nats target ${this.id} is closed`);
    }
    this.connection = nc;
    void nc.closed().then((err) => {
      if (this.connection === nc) this.connection = undefined;
      if (err !== undefined && !this.closed) this.log(`nats ${this.id}: connection closed: ${err.message}`);
    });
    return nc;
  }

  async send(event: TargetEvent): Promise<void> {
    await withTimeout(this.publish(event), SEND_TIMEOUT_MS, 'no answer from the server').catch(
      (err: unknown) => {
        throw new Error(`nats ${this.id}: ${messageOf(err)}`);
      },
    );
  }

  private async publish(event: TargetEvent): Promise<void> {
    const nc = await this.getConnection();
    const data = this.encoder.encode(JSON.stringify(event));
    // A server that just went away may be noticed only by this write: the flush or PubAck would
    // then never come, so the connection closing settles the send too.
    const lost = nc.closed().then((err) => {
      throw new Error(`connection closed${err !== undefined ? `: ${err.message}` : ''}`);
    });
    const work = this.args.jetstream
      ? nc
          .jetstream()
          .publish(this.args.subject, data)
          .then(() => undefined)
      : (nc.publish(this.args.subject, data), nc.flush());
    await Promise.race([work, lost]);
  }

  async isActive(): Promise<boolean> {
    try {
      await withTimeout(this.getConnection(), CONNECT_TIMEOUT_MS + 200, 'nats: dial timeout');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const nc = this.connection;
    this.connection = undefined;
    await nc?.close().catch(() => undefined);
  }
}

/** `notify_nats` targets. */
export const natsTargetFactory: TargetFactory = {
  service: 'nats',
  create(id, values, log) {
    return new NatsTarget(id, parseNatsArgs(values), log);
  },
};
