/**
 * The trace hub behind `GET /minio/admin/v3/trace` (wire doc §3.10): MinIO's `TraceInfo` of every
 * call, handed to each subscriber whose options want it. One hub lives as long as the engine (it
 * survives in-place restarts), so a trace keeps running across one.
 *
 * Cost: `listening` is false while nobody subscribes, and the HTTP layer then does not even note a
 * request's start — tracing is free without subscribers. With subscribers, `publish` filters and
 * pushes into each one's bounded `LiveFeed`, never waiting for a reader.
 */
import { TRACE_TYPE_BITS, type TraceInfo as ProtocolTraceInfo } from '@coffer/protocol';
import { LiveFeed } from './live-feed.js';

/** MinIO's trace types (madmin `TraceType`, single bits). */
export const TRACE_TYPE = TRACE_TYPE_BITS;

/** An entry as the engine writes it: the type and duration always set. */
export type TraceInfo = ProtocolTraceInfo & { type: number; dur: number };

/** What one subscriber asked for (MinIO's `ServiceTraceOpts`). */
export interface TraceOptions {
  /** Bit set of `TRACE_TYPE`s. */
  types: number;
  /** Only HTTP calls answered with a status ≥ 400. */
  onlyErrors: boolean;
  /** Leave out entries faster than this (nanoseconds). */
  thresholdNs: number;
}

/** MinIO's `shouldTrace`: type, threshold, errors only, and `/minio/` paths only with `internal`. */
export function shouldTrace(info: TraceInfo, options: TraceOptions): boolean {
  if ((info.type & options.types) === 0) return false;
  if (options.thresholdNs > 0 && info.dur < options.thresholdNs) return false;
  const status = info.http?.response.statuscode;
  if (options.onlyErrors && status !== undefined && status < 400) return false;
  if ((options.types & TRACE_TYPE.internal) === 0 && info.path.startsWith('/minio/')) return false;
  return true;
}

/** Entries one subscriber may have waiting before newer ones are dropped. */
export const TRACE_QUEUE_LIMIT = 1000;

interface Subscriber {
  options: TraceOptions;
  feed: LiveFeed<TraceInfo>;
}

export class TraceHub {
  private readonly subscribers = new Set<Subscriber>();
  /** Types at least one subscriber wants (a publisher of another type can skip building entries). */
  private wanted = 0;

  /** True while at least one client traces. */
  get listening(): boolean {
    return this.subscribers.size > 0;
  }

  /** True when some subscriber wants entries of `type`. */
  wants(type: number): boolean {
    return (this.wanted & type) !== 0;
  }

  /** A new subscriber; `close()` its feed to leave. */
  subscribe(options: TraceOptions, queueLimit = TRACE_QUEUE_LIMIT): LiveFeed<TraceInfo> {
    const subscriber: Subscriber = {
      options,
      feed: new LiveFeed<TraceInfo>(queueLimit, () => {
        this.subscribers.delete(subscriber);
        this.recompute();
      }),
    };
    this.subscribers.add(subscriber);
    this.recompute();
    return subscriber.feed;
  }

  publish(info: TraceInfo): void {
    for (const { options, feed } of this.subscribers) {
      if (shouldTrace(info, options)) feed.push(info);
    }
  }

  /** End every subscription (engine close). */
  close(): void {
    for (const { feed } of [...this.subscribers]) feed.close();
  }

  private recompute(): void {
    this.wanted = 0;
    for (const { options } of this.subscribers) this.wanted |= options.types;
  }
}
