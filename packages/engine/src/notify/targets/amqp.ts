/**
 * The AMQP 0-9-1 notification target (`notify_amqp`, RabbitMQ) with amqplib, following MinIO's: the
 * exchange is declared with the configured type and flags, then the event (`{EventName, Key,
 * Records}` JSON, `application/json`, headers `minio-bucket` and `minio-event`) is published with the
 * routing key. `send` resolves only once the broker has the message: with `publisher_confirms=on`
 * on the broker's ack (a nack rejects), otherwise after a synchronous round trip on the same channel
 * (the broker handles a channel's methods in order, so its reply means the publish was taken).
 *
 * One connection and channel are kept and re-opened on demand: a closed connection (broker down)
 * makes `send` reject at once, and the next `send` or `isActive` dials again — no retry loop here,
 * the notification core retries. Keys MinIO accepts but the broker cannot honour: `immediate=on`
 * is refused (RabbitMQ dropped the flag and closes the connection on it); `no_wait` is accepted
 * and ignored (amqplib always waits for the declare's reply, which `send` needs anyway).
 */
import amqp, { type Channel, type ChannelModel, type ConfirmChannel } from 'amqplib';
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/index.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';
import { checkQueueKeys, flag, messageOf, text, unsigned, withTimeout } from './broker-values.js';

/** The `notify_amqp` values a target uses, parsed. */
export interface AmqpArgs {
  url: string;
  exchange: string;
  routingKey: string;
  exchangeType: string;
  /** 0 (unset) or 1: transient; 2: persistent. */
  deliveryMode: number;
  mandatory: boolean;
  durable: boolean;
  internal: boolean;
  noWait: boolean;
  autoDeleted: boolean;
  publisherConfirms: boolean;
}

/** The exchange types RabbitMQ has built in; plugins add `x-…` types. */
const EXCHANGE_TYPES = ['direct', 'fanout', 'topic', 'headers'];

/** How long one `send` may take before it rejects (the core retries it). */
const SEND_TIMEOUT_MS = 10_000;
/** Dial timeout: `isActive` must answer within ~2 s. */
const CONNECT_TIMEOUT_MS = 2000;

/** Parses and checks `notify_amqp` values; throws `InvalidArgument` with MinIO's wording where it has one. */
export function parseAmqpArgs(values: ConfigValues): AmqpArgs {
  const url = text(values, 'url');
  // MinIO checks the URL with amqp091's ParseURI; its message for a wrong or missing scheme:
  if (!/^amqps?:\/\//i.test(url)) {
    throw new InvalidArgument("AMQP scheme must be either 'amqp://' or 'amqps://'");
  }
  try {
    new URL(url);
  } catch {
    throw new InvalidArgument(`url: '${url}' is not a valid AMQP URL`);
  }
  const exchangeType = text(values, 'exchange_type') || 'direct';
  if (!EXCHANGE_TYPES.includes(exchangeType) && !exchangeType.startsWith('x-')) {
    throw new InvalidArgument(
      `exchange_type: '${exchangeType}' is not an exchange type (direct, fanout, topic, headers or a plugin's x-… type)`,
    );
  }
  if (flag(values, 'immediate')) {
    throw new InvalidArgument(
      'immediate: RabbitMQ does not implement the immediate flag (since 3.0) and closes the connection on it; set immediate=off',
    );
  }
  checkQueueKeys(values);
  return {
    url,
    exchange: text(values, 'exchange'),
    routingKey: text(values, 'routing_key'),
    exchangeType,
    deliveryMode: unsigned(values, 'delivery_mode', 0, 255),
    mandatory: flag(values, 'mandatory'),
    durable: flag(values, 'durable'),
    internal: flag(values, 'internal'),
    noWait: flag(values, 'no_wait'),
    autoDeleted: flag(values, 'auto_deleted'),
    publisherConfirms: flag(values, 'publisher_confirms'),
  };
}

class AmqpTarget implements NotificationTarget {
  readonly service = 'amqp' as const;
  private connection: ChannelModel | undefined;
  private channel: Channel | ConfirmChannel | undefined;
  /** Whether the exchange was declared on the current channel. */
  private declared = false;
  private opening: Promise<Channel | ConfirmChannel> | undefined;
  private closed = false;

  constructor(
    readonly id: string,
    private readonly args: AmqpArgs,
    private readonly log: (line: string) => void,
  ) {}

  /** The open channel, dialling and/or opening one first when needed (one attempt at a time). */
  private getChannel(): Promise<Channel | ConfirmChannel> {
    if (this.closed) return Promise.reject(new Error(`amqp target ${this.id} is closed`));
    if (this.channel !== undefined) return Promise.resolve(this.channel);
    this.opening ??= this.open().finally(() => (this.opening = undefined));
    return this.opening;
  }

  private async open(): Promise<Channel | ConfirmChannel> {
    let connection = this.connection;
    if (connection === undefined) {
      const dialled = await amqp.connect(this.args.url, { timeout: CONNECT_TIMEOUT_MS });
      connection = dialled;
      // Without an 'error' listener a broker going away would crash the process.
      dialled.on('error', (err: unknown) => this.log(`amqp ${this.id}: ${messageOf(err)}`));
      dialled.on('close', () => {
        if (this.connection !== dialled) return;
        this.connection = undefined;
        this.channel = undefined;
      });
      if (this.closed) {
        await dialled.close().catch(() => undefined);
        throw new Error(`amqp target ${this.id} is closed`);
      }
      this.connection = dialled;
    }
    const channel = this.args.publisherConfirms
      ? await connection.createConfirmChannel()
      : await connection.createChannel();
    channel.on('error', (err: unknown) => this.log(`amqp ${this.id}: channel: ${messageOf(err)}`));
    channel.on('close', () => {
      if (this.channel === channel) this.channel = undefined;
    });
    channel.on('return', () =>
      this.log(`amqp ${this.id}: a mandatory event was returned: no queue is bound to its routing key`),
    );
    this.channel = channel;
    this.declared = false;
    return channel;
  }

  async send(event: TargetEvent): Promise<void> {
    await withTimeout(this.publish(event), SEND_TIMEOUT_MS, `amqp ${this.id}: no answer from the broker`);
  }

  private async publish(event: TargetEvent): Promise<void> {
    const channel = await this.getChannel();
    const { args } = this;
    // The default exchange ('') exists always and cannot be declared.
    if (args.exchange !== '' && !this.declared) {
      await channel.assertExchange(args.exchange, args.exchangeType, {
        durable: args.durable,
        autoDelete: args.autoDeleted,
        internal: args.internal,
      });
      this.declared = true;
    }
    const record = event.Records[0];
    const options = {
      contentType: 'application/json',
      headers: { 'minio-bucket': record?.s3.bucket.name ?? '', 'minio-event': event.EventName },
      mandatory: args.mandatory,
      ...(args.deliveryMode > 0 ? { deliveryMode: args.deliveryMode } : {}),
    };
    const body = Buffer.from(JSON.stringify(event));
    if (args.publisherConfirms) {
      const confirmChannel = channel as ConfirmChannel;
      await new Promise<void>((resolve, reject) => {
        confirmChannel.publish(args.exchange, args.routingKey, body, options, (err: unknown) =>
          err === null || err === undefined
            ? resolve()
            : reject(new Error(`amqp ${this.id}: the broker refused the event (nack): ${messageOf(err)}`)),
        );
      });
      return;
    }
    channel.publish(args.exchange, args.routingKey, body, options);
    // basic.qos is synchronous: its reply comes after the broker has handled the publish before it.
    await channel.prefetch(0);
  }

  async isActive(): Promise<boolean> {
    try {
      await withTimeout(this.getChannel(), CONNECT_TIMEOUT_MS, 'amqp: dial timeout');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const connection = this.connection;
    this.connection = undefined;
    this.channel = undefined;
    await connection?.close().catch(() => undefined);
  }
}

/** `notify_amqp` targets. */
export const amqpTargetFactory: TargetFactory = {
  service: 'amqp',
  create(id, values, log) {
    return new AmqpTarget(id, parseAmqpArgs(values), log);
  },
};
