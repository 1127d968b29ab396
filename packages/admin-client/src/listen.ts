/**
 * MinIO's ListenBucketNotification (wire doc §5.1: `GET /<bucket>?events=…&prefix=&suffix=&ping=`,
 * an S3 extension signed like any S3 call) as an `AsyncIterable` of event records: one per
 * `{"Records":[…]}` line, the `{"Records":null}` pings skipped. Keys arrive query-escaped as Go's
 * `url.QueryEscape` writes them; `decodeEventKey` undoes that.
 */
import type { AdminTransport } from './admin-client.js';

/** The fields of MinIO's event record a client reads (the record has more). */
export interface NotificationRecord {
  eventName: string;
  eventTime: string;
  s3: {
    bucket: { name: string };
    object: { key: string; size?: number; eTag?: string; versionId?: string; sequencer?: string };
  };
}

export interface ListenOptions {
  prefix?: string;
  suffix?: string;
  /** Event names or wildcards, e.g. `s3:ObjectCreated:*` (at least one). */
  events: readonly string[];
  signal?: AbortSignal;
}

export interface ListenCalls {
  listenBucketNotification(bucket: string, options: ListenOptions): AsyncIterable<NotificationRecord>;
}

/** Seconds between the server's idle pings; a silence of three of them ends the stream. */
const PING_SECONDS = 10;

/** Go's `url.QueryEscape` undone ('+' is a space). */
export function decodeEventKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

export function listenCalls(t: AdminTransport): ListenCalls {
  return {
    async *listenBucketNotification(bucket, options) {
      const lines = t.stream<{ Records: NotificationRecord[] | null }>({
        method: 'GET',
        api: 's3',
        path: `/${encodeURIComponent(bucket)}`,
        query: {
          events: options.events,
          prefix: options.prefix ?? '',
          suffix: options.suffix ?? '',
          ping: String(PING_SECONDS),
        },
        idleTimeoutMs: PING_SECONDS * 3 * 1000,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      for await (const line of lines) yield* line.Records ?? [];
    },
  };
}
