/**
 * The `notify_redis` target (MinIO's `internal/event/target/redis.go` semantics) over ioredis.
 * `namespace`: HSET `<key>` `<bucket>/<object>` `{"Records":[…]}`, HDEL on `s3:ObjectRemoved:Delete`;
 * `access`: RPUSH `<key>` `[{"Event":[…],"EventTime":"…"}]`. Before the first write the key's type is
 * checked (a hash for namespace, a list for access) as MinIO does. One connection, made on demand
 * with no offline queue and no reconnect loop of its own: while redis is down `send` rejects at once
 * and the notification core retries it later, in order.
 */
import { Redis } from 'ioredis';
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/index.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';
import {
  checkQueueDir,
  eventTime,
  hostPort,
  recordsJson,
  removesKey,
  storeFormat,
  type StoreFormat,
} from './store-formats.js';
import { withTimeout } from './broker-values.js';

interface RedisArgs {
  host: string;
  port: number;
  username?: string;
  password?: string;
  key: string;
  format: StoreFormat;
}

/** The sub-system's values as connection arguments; throws MinIO's messages for bad ones. */
export function redisArgs(values: ConfigValues): RedisArgs {
  const format = storeFormat(values);
  const key = values.get('key') ?? '';
  if (key === '') throw new InvalidArgument('empty key');
  checkQueueDir(values);
  const address = values.get('address') ?? '';
  if (address.trim() === '') throw new InvalidArgument('address: empty address');
  const { host, port } = hostPort(address, 6379, 'address');
  const username = values.get('user') ?? '';
  const password = values.get('password') ?? '';
  return {
    host,
    port,
    key,
    format,
    ...(username !== '' ? { username } : {}),
    ...(password !== '' ? { password } : {}),
  };
}

class RedisTarget implements NotificationTarget {
  readonly service = 'redis' as const;
  private client: Redis | undefined;
  private connecting: Promise<Redis> | undefined;
  private typeChecked = false;
  private closed = false;
  private lastError = '';

  constructor(
    readonly id: string,
    private readonly args: RedisArgs,
    private readonly log: (line: string) => void,
  ) {}

  /** The ready connection, or a new one; rejects when redis cannot be reached now. */
  private connection(): Promise<Redis> {
    if (this.closed) return Promise.reject(new Error(`notify_redis:${this.id}: target closed`));
    if (this.client?.status === 'ready') return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<Redis> {
    this.client?.disconnect();
    const { host, port, username, password } = this.args;
    const client = new Redis({
      host,
      port,
      ...(username !== undefined ? { username } : {}),
      ...(password !== undefined ? { password } : {}),
      connectionName: 'Coffer',
      lazyConnect: true,
      connectTimeout: 2_000,
      // Fail fast while down: the notification core owns the retries (and their order).
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    // ioredis rejects a failed connect with a bare "Connection is closed."; the cause (refused,
    // WRONGPASS, …) comes as an 'error' event, so keep it for the rejection. Logged once per
    // distinct error, never with the password (ioredis' messages do not carry it).
    let cause: Error | undefined;
    client.on('error', (err: Error) => {
      cause = err;
      this.note(err);
    });
    this.client = client;
    try {
      await client.connect();
    } catch (err) {
      client.disconnect();
      throw cause ?? err;
    }
    if (this.closed) {
      // close() ran while this connection was being made: do not leave it open.
      client.disconnect();
      throw new Error(`notify_redis:${this.id}: target closed`);
    }
    this.lastError = '';
    return client;
  }

  private note(err: Error): void {
    if (err.message === this.lastError) return;
    this.lastError = err.message;
    this.log(`notify_redis:${this.id}: ${err.message}`);
  }

  /** MinIO refuses a key of the wrong type rather than clobbering it. */
  private async checkType(client: Redis): Promise<void> {
    if (this.typeChecked) return;
    const expected = this.args.format === 'access' ? 'list' : 'hash';
    const actual = await client.type(this.args.key);
    if (actual !== 'none' && actual !== expected) {
      throw new Error(`expected type ${expected} does not match with available type ${actual}`);
    }
    this.typeChecked = true;
  }

  async send(event: TargetEvent): Promise<void> {
    const client = await this.connection();
    await this.checkType(client);
    const { key, format } = this.args;
    if (format === 'namespace') {
      if (removesKey(event)) await client.hdel(key, event.Key);
      else await client.hset(key, event.Key, recordsJson(event));
      return;
    }
    await client.rpush(key, JSON.stringify([{ Event: event.Records, EventTime: eventTime(event) }]));
  }

  async isActive(): Promise<boolean> {
    try {
      const client = await withTimeout(this.connection(), 2_000, 'timeout');
      return (await withTimeout(client.ping(), 2_000, 'timeout')) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client === undefined) return;
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  }
}

export const redisTargetFactory: TargetFactory = {
  service: 'redis',
  create(id, values, log) {
    return new RedisTarget(id, redisArgs(values), log);
  },
};
