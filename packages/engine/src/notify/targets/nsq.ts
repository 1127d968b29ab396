/**
 * The NSQ notification target (`notify_nsq`, issue 10 §2) on nsqjs: as MinIO's, each event is
 * published (PUB) to `topic` on the nsqd at `nsqd_address` as the event JSON
 * (`{EventName, Key, Records}`); `send` resolves on nsqd's `OK`, which nsqd answers once the
 * message is in the topic. One connection (a `Writer`), opened on first use and again after nsqd
 * closed it. nsqjs ships no type declarations, hence the small interface below.
 */
import { createRequire } from 'node:module';
import { InvalidArgument } from '../../common/errors.js';
import { isOn, type ConfigValues } from '../../config/types.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';
import { canConnect, parseHostPort } from './tcp-address.js';

/** The part of nsqjs's `Writer` used here. */
interface NsqWriter {
  connect(): void;
  publish(topic: string, message: string, callback: (error?: Error | null) => void): void;
  close(): void;
  on(event: 'ready' | 'closed', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  removeListener(event: string, listener: (...args: never[]) => void): void;
}
type NsqWriterClass = new (
  host: string,
  port: number,
  options: { tls: boolean; tlsVerification: boolean; clientId: string },
) => NsqWriter;
const { Writer } = createRequire(import.meta.url)('nsqjs') as { Writer: NsqWriterClass };

/** The parsed `notify_nsq` values a target runs with. */
export interface NsqSettings {
  host: string;
  port: number;
  topic: string;
  tls: boolean;
  tlsSkipVerify: boolean;
}

/** nsqd's topic names: 1–64 of `[.a-zA-Z0-9_-]`, optionally ending `#ephemeral`. */
const TOPIC_NAME = /^[.a-zA-Z0-9_-]+(#ephemeral)?$/;

/** Validates the sub-system's values with MinIO's messages where MinIO has them. */
export function nsqSettings(values: ConfigValues): NsqSettings {
  const address = (values.get('nsqd_address') ?? '').trim();
  if (address === '') throw new InvalidArgument('empty nsqdAddress');
  const { host, port } = parseHostPort(address, 'nsqd_address');
  const topic = (values.get('topic') ?? '').trim();
  if (topic === '') throw new InvalidArgument('empty topic');
  if (topic.length > 64 || !TOPIC_NAME.test(topic)) {
    throw new InvalidArgument(`invalid topic '${topic}': 1-64 characters of a-z A-Z 0-9 . _ -`);
  }
  return {
    host,
    port,
    topic,
    tls: isOn(values.get('tls')),
    tlsSkipVerify: isOn(values.get('tls_skip_verify')),
  };
}

/** How long connecting (TCP + IDENTIFY) and one publish may take. */
const CONNECT_TIMEOUT_MS = 2000;
const PUBLISH_TIMEOUT_MS = 10_000;

class NsqTarget implements NotificationTarget {
  readonly service = 'nsq' as const;
  private writer: NsqWriter | undefined;
  private connecting: Promise<NsqWriter> | undefined;
  private closed = false;

  constructor(
    readonly id: string,
    private readonly settings: NsqSettings,
  ) {}

  async send(event: TargetEvent): Promise<void> {
    if (this.closed) throw new Error('nsq target is closed');
    const writer = await this.connect();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.drop(writer);
        reject(new Error(`nsqd at ${this.address()} did not acknowledge the message`));
      }, PUBLISH_TIMEOUT_MS);
      writer.publish(this.settings.topic, JSON.stringify(event), (error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  /** Whether nsqd accepts connections now (a fresh TCP connect: the writer may not know yet). */
  isActive(): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return canConnect(this.settings.host, this.settings.port, CONNECT_TIMEOUT_MS);
  }

  close(): Promise<void> {
    this.closed = true;
    if (this.writer !== undefined) this.drop(this.writer);
    return Promise.resolve();
  }

  private address(): string {
    return `${this.settings.host}:${this.settings.port}`;
  }

  /** The ready writer, connecting once (concurrent callers share the attempt). */
  private connect(): Promise<NsqWriter> {
    if (this.writer !== undefined) return Promise.resolve(this.writer);
    this.connecting ??= new Promise<NsqWriter>((resolve, reject) => {
      const { host, port, tls, tlsSkipVerify } = this.settings;
      const writer = new Writer(host, port, {
        tls,
        tlsVerification: !tlsSkipVerify,
        clientId: 'coffer',
      });
      let settled = false;
      const fail = (error: Error): void => {
        if (this.writer === writer) this.writer = undefined;
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.drop(writer);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`nsqd at ${this.address()} did not answer`)),
        CONNECT_TIMEOUT_MS,
      );
      // Always listened to: an unheard 'error' event would throw out of the emitter.
      writer.on('error', (error) => fail(error));
      writer.on('closed', () => fail(new Error(`nsqd at ${this.address()} closed the connection`)));
      writer.on('ready', () => {
        if (settled) return;
        if (this.closed) {
          fail(new Error('nsq target is closed'));
          return;
        }
        settled = true;
        clearTimeout(timer);
        this.writer = writer;
        resolve(writer);
      });
      writer.connect();
    }).finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private drop(writer: NsqWriter): void {
    if (this.writer === writer) this.writer = undefined;
    try {
      writer.close();
    } catch {
      // Already closed: nothing to release.
    }
  }
}

/** `notify_nsq` targets. */
export const nsqTargetFactory: TargetFactory = {
  service: 'nsq',
  create: (id, values) => new NsqTarget(id, nsqSettings(values)),
};
