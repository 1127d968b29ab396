/**
 * Target events for the notification-target tests: what the notification core hands a target's
 * `send` (MinIO's `event.Log`: `{EventName, Key, Records}`), with the one record built by the
 * engine's own `buildEventRecord` so the shape is the one the engine sends; plus the small helpers
 * those tests share (`values`, `waitFor`, `logLines`).
 */
import { buildEventRecord, type ObjectEventName } from '../../src/events/index.js';
import type { TargetEvent } from '../../src/notify/index.js';

const identity = {
  region: 'us-east-1',
  deploymentId: '00000000-0000-4000-8000-000000000000',
  endpoint: () => '127.0.0.1:9000',
  hostId: () => 'a'.repeat(64),
};

let counter = 0;

export interface TargetEventOptions {
  /** The record's sequencer number; default the next of this test file's counter. */
  sequence?: number;
  /** Event time; default 2026-01-01T00:00:00Z plus `sequence` ms (distinct, ordered). */
  time?: Date;
  /** A created event's object size (default 0); removals carry no object, as the engine builds them. */
  size?: number;
}

/** One event on `bucket/key`: a created one carries the object (size, ETag), a removal none. */
export function targetEvent(
  name: ObjectEventName,
  bucket: string,
  key: string,
  options: TargetEventOptions = {},
): TargetEvent {
  counter += 1;
  const sequence = options.sequence ?? counter;
  const time = options.time ?? new Date(Date.UTC(2026, 0, 1, 0, 0, 0, sequence));
  const record = buildEventRecord(
    {
      name,
      bucket,
      key,
      time,
      sequencer: sequence.toString(16).toUpperCase().padStart(16, '0'),
      ...(name.startsWith('s3:ObjectCreated:')
        ? {
            object: {
              bucket,
              key,
              versionId: 'null',
              isLatest: true,
              deleteMarker: false,
              size: options.size ?? 0,
              etag: 'd41d8cd98f00b204e9800998ecf8427e',
              lastModified: time,
              contentType: 'text/plain',
              headers: {},
              userMetadata: {},
              storageClass: 'STANDARD',
              checksums: {},
              internal: {},
            },
          }
        : {}),
      origin: {
        principalId: 'minioadmin',
        requestId: `REQ${sequence}`,
        sourceIp: '127.0.0.1',
        sourcePort: '50000',
        userAgent: 'target-test',
      },
    },
    identity,
  );
  return { EventName: name, Key: `${bucket}/${key}`, Records: [record] };
}

/** `s3:ObjectCreated:Put` on `bucket/key`, at `time` when given. */
export const put = (bucket: string, key: string, time?: Date): TargetEvent =>
  targetEvent('s3:ObjectCreated:Put', bucket, key, time !== undefined ? { time } : {});
/** `s3:ObjectRemoved:Delete` on `bucket/key`, at `time` when given. */
export const remove = (bucket: string, key: string, time?: Date): TargetEvent =>
  targetEvent('s3:ObjectRemoved:Delete', bucket, key, time !== undefined ? { time } : {});

/** The config values a factory gets (the core fills defaults; tests give what they set). */
export function values(entries: Record<string, string>): ReadonlyMap<string, string> {
  return new Map(Object.entries(entries));
}

/** Resolves once `condition()` holds, polling every 20 ms; rejects after `timeoutMs` naming `what`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A log sink that keeps the lines (a target must never log a password). */
export function logLines(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}
