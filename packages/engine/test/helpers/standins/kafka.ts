/**
 * A minimal Kafka broker for tests (no Kafka server package exists on this machine): one broker,
 * speaking the real Kafka wire protocol — size-prefixed frames, request header v1 — for just the
 * APIs a producer needs: ApiVersions (v0–v2), Metadata (v0; topics are created on first mention,
 * one partition each, as `auto.create.topics.enable` does), Produce (v3, RecordBatch magic 2,
 * uncompressed) and, when started with credentials, SASL/PLAIN (SaslHandshake v0–v1 then
 * SaslAuthenticate v0–v1; other requests before it are refused, wrong credentials answered
 * SASL_AUTHENTICATION_FAILED and the connection closed, as a broker does). Record batches are checked as a broker does (length, magic, CRC-32C) and stored,
 * so a test reads back exactly what the client produced. Anything else — an unknown API, an
 * unsupported version, a bad CRC, trailing bytes — is recorded in `errors` (tests assert it stays
 * empty) and the connection is closed, as a broker refuses a malformed request.
 * `stop()` / `start()` take the broker away and back on the same port, its log kept (outage tests).
 */
import net from 'node:net';
import { crc32c } from '@aws-crypto/crc32c';
import { loopbackListener } from './listen.js';

/** One stored record, as the client produced it. */
export interface KafkaRecord {
  offset: number;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
  timestamp: number;
}

export interface KafkaStandin {
  readonly port: number;
  /** `127.0.0.1:<port>`, the value for `brokers`. */
  readonly address: string;
  /** The records of a topic's partition 0, in offset order. */
  records(topic: string): KafkaRecord[];
  /** Protocol violations seen (a malformed frame): must stay empty. */
  readonly errors: string[];
  /** Resolves once `count` records are in `topic` (no sleeps: woken by each produce). */
  waitFor(topic: string, count: number): Promise<KafkaRecord[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

const API_PRODUCE = 0;
const API_METADATA = 3;
const API_SASL_HANDSHAKE = 17;
const API_VERSIONS = 18;
const API_SASL_AUTHENTICATE = 36;
/** The versions this broker implements, answered to ApiVersions. */
const SUPPORTED: Record<number, [number, number]> = {
  [API_PRODUCE]: [3, 3],
  [API_METADATA]: [0, 0],
  [API_SASL_HANDSHAKE]: [0, 1],
  [API_VERSIONS]: [0, 2],
  [API_SASL_AUTHENTICATE]: [0, 1],
};
const ERR_NONE = 0;
const ERR_UNKNOWN_TOPIC_OR_PARTITION = 3;
const ERR_UNSUPPORTED_SASL_MECHANISM = 33;
const ERR_UNSUPPORTED_VERSION = 35;
const ERR_SASL_AUTHENTICATION_FAILED = 58;

/** What one connection has done so far. */
interface ConnectionState {
  mechanism?: string;
  authenticated: boolean;
  /** Set after a failed authentication: the broker answers, then closes. */
  closeAfterReply?: boolean;
}

/** Big-endian reader over one request; throws on reading past the end. */
class Reader {
  offset = 0;
  constructor(private readonly buffer: Buffer) {}
  private need(bytes: number): void {
    if (this.offset + bytes > this.buffer.length) {
      throw new Error(`truncated: need ${bytes} bytes at ${this.offset} of ${this.buffer.length}`);
    }
  }
  int8(): number {
    this.need(1);
    return this.buffer.readInt8(this.offset++);
  }
  int16(): number {
    this.need(2);
    const value = this.buffer.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }
  int32(): number {
    this.need(4);
    const value = this.buffer.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  uint32(): number {
    this.need(4);
    const value = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  int64(): bigint {
    this.need(8);
    const value = this.buffer.readBigInt64BE(this.offset);
    this.offset += 8;
    return value;
  }
  bytes(length: number): Buffer {
    this.need(length);
    const value = this.buffer.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
  /** STRING / NULLABLE_STRING: int16 length, -1 for null. */
  string(): string | null {
    const length = this.int16();
    if (length < -1) throw new Error(`bad string length ${length}`);
    return length === -1 ? null : this.bytes(length).toString('utf8');
  }
  array<T>(item: (reader: Reader) => T): T[] {
    const count = this.int32();
    if (count < -1) throw new Error(`bad array length ${count}`);
    const out: T[] = [];
    for (let i = 0; i < count; i++) out.push(item(this));
    return out;
  }
  /** Unsigned LEB128 then zig-zag (Kafka's varint / varlong). */
  varint(): number {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = this.buffer[this.offset];
      if (byte === undefined) throw new Error('truncated varint');
      this.offset++;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) break;
      shift += 7n;
      if (shift > 63n) throw new Error('varint too long');
    }
    return Number((result >> 1n) ^ -(result & 1n));
  }
  /** A varint-length byte field (-1 for null) of the record format. */
  varbytes(): Buffer | null {
    const length = this.varint();
    if (length < -1) throw new Error(`bad record field length ${length}`);
    return length === -1 ? null : this.bytes(length);
  }
  get remaining(): number {
    return this.buffer.length - this.offset;
  }
}

/** Big-endian writer for responses. */
class Writer {
  private readonly parts: Buffer[] = [];
  int16(value: number): this {
    const b = Buffer.alloc(2);
    b.writeInt16BE(value);
    this.parts.push(b);
    return this;
  }
  int32(value: number): this {
    const b = Buffer.alloc(4);
    b.writeInt32BE(value);
    this.parts.push(b);
    return this;
  }
  bytes(value: Buffer): this {
    this.int32(value.length);
    this.parts.push(value);
    return this;
  }
  nullableString(value: string | null): this {
    if (value === null) return this.int16(-1);
    return this.string(value);
  }
  int64(value: bigint): this {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(value);
    this.parts.push(b);
    return this;
  }
  string(value: string): this {
    const bytes = Buffer.from(value, 'utf8');
    this.int16(bytes.length);
    this.parts.push(bytes);
    return this;
  }
  array<T>(items: T[], write: (writer: this, item: T) => void): this {
    this.int32(items.length);
    for (const item of items) write(this, item);
    return this;
  }
  build(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** Parses the record batches of one partition's record set, checking each as a broker does. */
function parseRecordBatches(set: Buffer): Omit<KafkaRecord, 'offset'>[] {
  const out: Omit<KafkaRecord, 'offset'>[] = [];
  const reader = new Reader(set);
  while (reader.remaining > 0) {
    const start = reader.offset;
    reader.int64(); // base offset: assigned by the broker
    const batchLength = reader.int32();
    if (batchLength < 49 || batchLength > reader.remaining) {
      throw new Error(`bad batch length ${batchLength}`);
    }
    const end = reader.offset + batchLength;
    reader.int32(); // partition leader epoch
    const magic = reader.int8();
    if (magic !== 2) throw new Error(`record batch magic ${magic}, expected 2`);
    const crc = reader.uint32();
    const checked = set.subarray(reader.offset, end);
    if (crc32c(checked) !== crc) throw new Error('record batch CRC-32C mismatch');
    const attributes = reader.int16();
    if ((attributes & 0x07) !== 0) throw new Error('compressed batches are not implemented');
    reader.int32(); // last offset delta
    const firstTimestamp = reader.int64();
    reader.int64(); // max timestamp
    reader.int64(); // producer id
    reader.int16(); // producer epoch
    reader.int32(); // base sequence
    const count = reader.int32();
    for (let i = 0; i < count; i++) {
      const length = reader.varint();
      const recordEnd = reader.offset + length;
      reader.int8(); // record attributes
      const timestampDelta = reader.varint();
      reader.varint(); // offset delta
      const key = reader.varbytes();
      const value = reader.varbytes();
      const headers: Record<string, string> = {};
      const headerCount = reader.varint();
      for (let h = 0; h < headerCount; h++) {
        const name = reader.varbytes();
        const headerValue = reader.varbytes();
        headers[name?.toString('utf8') ?? ''] = headerValue?.toString('utf8') ?? '';
      }
      if (reader.offset !== recordEnd) throw new Error('record length does not match its fields');
      out.push({
        key: key?.toString('utf8') ?? null,
        value: value?.toString('utf8') ?? null,
        headers,
        timestamp: Number(firstTimestamp) + timestampDelta,
      });
    }
    if (reader.offset !== end) throw new Error('record batch length does not match its records');
    if (reader.offset <= start) throw new Error('empty record batch');
  }
  return out;
}

/**
 * Starts the broker on a free loopback port (or `options.port`); with `sasl`, clients must
 * authenticate with SASL/PLAIN as that user first.
 */
export async function startKafkaStandin(
  options: { port?: number; sasl?: { username: string; password: string } } = {},
): Promise<KafkaStandin> {
  const port = options.port ?? 0;
  const topics = new Map<string, KafkaRecord[]>();
  const errors: string[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<net.Socket>();

  const topicLog = (name: string): KafkaRecord[] => {
    let log = topics.get(name);
    if (log === undefined) {
      log = [];
      topics.set(name, log);
    }
    return log;
  };

  /** One request's response body (without size and correlation id), or undefined for none. */
  const handle = (
    apiKey: number,
    version: number,
    body: Reader,
    state: ConnectionState,
  ): Buffer | undefined => {
    const range = SUPPORTED[apiKey];
    if (apiKey === API_VERSIONS && (range === undefined || version > range[1])) {
      // A broker answers a too-new ApiVersions in the v0 shape with UNSUPPORTED_VERSION.
      return new Writer()
        .int16(ERR_UNSUPPORTED_VERSION)
        .array([], () => undefined)
        .build();
    }
    if (range === undefined) throw new Error(`API key ${apiKey} is not implemented`);
    if (version < range[0] || version > range[1]) {
      throw new Error(`API key ${apiKey} version ${version} was not offered`);
    }
    if (apiKey === API_VERSIONS) {
      const out = new Writer()
        .int16(ERR_NONE)
        .array(Object.entries(SUPPORTED), (w, [key, [min, max]]) =>
          w.int16(Number(key)).int16(min).int16(max),
        );
      if (version >= 1) out.int32(0); // throttle time
      return out.build();
    }
    if (apiKey === API_SASL_HANDSHAKE) {
      const mechanism = body.string() ?? '';
      const offered = options.sasl !== undefined ? ['PLAIN'] : [];
      const ok = offered.includes(mechanism);
      if (ok) state.mechanism = mechanism;
      return new Writer()
        .int16(ok ? ERR_NONE : ERR_UNSUPPORTED_SASL_MECHANISM)
        .array(offered, (w, name) => w.string(name))
        .build();
    }
    if (apiKey === API_SASL_AUTHENTICATE) {
      if (state.mechanism !== 'PLAIN') throw new Error('SaslAuthenticate before a SaslHandshake');
      const size = body.int32();
      if (size < 0) throw new Error('null SASL auth bytes');
      // PLAIN (RFC 4616): authzid NUL authcid NUL passwd.
      const parts = body.bytes(size).toString('utf8').split('\u0000');
      if (parts.length !== 3) throw new Error('malformed SASL/PLAIN message');
      const [, username, password] = parts;
      const ok = username === options.sasl?.username && password === options.sasl?.password;
      state.authenticated = ok;
      state.closeAfterReply = !ok;
      const out = new Writer()
        .int16(ok ? ERR_NONE : ERR_SASL_AUTHENTICATION_FAILED)
        .nullableString(ok ? null : 'Authentication failed: Invalid username or password')
        .bytes(Buffer.alloc(0));
      if (version >= 1) out.int64(0n); // session lifetime: unlimited
      return out.build();
    }
    if (options.sasl !== undefined && !state.authenticated) {
      throw new Error(`API key ${apiKey} before SASL authentication`);
    }
    if (apiKey === API_METADATA) {
      const requested = body.array((r) => r.string() ?? '');
      for (const name of requested) {
        if (name === '') throw new Error('empty topic name in Metadata');
        topicLog(name);
      }
      const names = requested.length > 0 ? requested : [...topics.keys()];
      return new Writer()
        .array([0], (w) => w.int32(0).string('127.0.0.1').int32(listener.port))
        .array(names, (w, name) =>
          w
            .int16(ERR_NONE)
            .string(name)
            .array([0], (pw) =>
              pw
                .int16(ERR_NONE)
                .int32(0)
                .int32(0)
                .array([0], (rw) => rw.int32(0))
                .array([0], (rw) => rw.int32(0)),
            ),
        )
        .build();
    }
    // Produce v3.
    body.string(); // transactional id
    const acks = body.int16();
    if (acks !== 0 && acks !== 1 && acks !== -1) throw new Error(`bad acks ${acks}`);
    body.int32(); // timeout
    const results = body.array((r) => {
      const topic = r.string() ?? '';
      const partitions = r.array((pr) => {
        const partition = pr.int32();
        const size = pr.int32();
        const set = size < 0 ? Buffer.alloc(0) : pr.bytes(size);
        const records = parseRecordBatches(set);
        if (partition !== 0 || !topics.has(topic)) {
          return { partition, error: ERR_UNKNOWN_TOPIC_OR_PARTITION, base: -1n };
        }
        const log = topicLog(topic);
        const base = log.length;
        for (const record of records) log.push({ offset: log.length, ...record });
        return { partition, error: ERR_NONE, base: BigInt(base) };
      });
      return { topic, partitions };
    });
    for (const wake of waiters) wake();
    if (acks === 0) return undefined;
    return new Writer()
      .array(results, (w, { topic, partitions }) =>
        w
          .string(topic)
          .array(partitions, (pw, p) => pw.int32(p.partition).int16(p.error).int64(p.base).int64(-1n)),
      )
      .int32(0) // throttle time
      .build();
  };

  const onConnection = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    const state: ConnectionState = { authenticated: false };
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && !state.closeAfterReply) {
        const size = pending.readInt32BE(0);
        if (size < 8 || size > 100 * 1024 * 1024) {
          errors.push(`bad frame size ${size}`);
          socket.destroy();
          return;
        }
        if (pending.length < 4 + size) return;
        const frame = new Reader(pending.subarray(4, 4 + size));
        pending = pending.subarray(4 + size);
        let apiKey = -1;
        try {
          apiKey = frame.int16();
          const version = frame.int16();
          const correlationId = frame.int32();
          frame.string(); // client id
          const body = handle(apiKey, version, frame, state);
          if (frame.remaining !== 0) throw new Error(`${frame.remaining} trailing bytes`);
          if (body === undefined) continue;
          const head = Buffer.alloc(8);
          head.writeInt32BE(4 + body.length, 0);
          head.writeInt32BE(correlationId, 4);
          socket.write(Buffer.concat([head, body]));
          if (state.closeAfterReply) socket.end();
        } catch (error) {
          errors.push(`API ${apiKey}: ${(error as Error).message}`);
          socket.destroy();
          return;
        }
      }
    });
  };

  const listener = loopbackListener(
    () => net.createServer(onConnection),
    () => {
      for (const socket of sockets) socket.destroy();
    },
    port,
  );
  const start = (): Promise<void> => listener.start();
  const stop = (): Promise<void> => listener.stop();
  await start();

  return {
    get port() {
      return listener.port;
    },
    get address() {
      return `127.0.0.1:${listener.port}`;
    },
    records: (topic) => [...(topics.get(topic) ?? [])],
    errors,
    waitFor: (topic, count) =>
      new Promise((resolve) => {
        const check = (): void => {
          const log = topics.get(topic) ?? [];
          if (log.length >= count) {
            waiters.delete(check);
            resolve([...log]);
          }
        };
        waiters.add(check);
        check();
      }),
    stop,
    start,
  };
}
