/**
 * TargetEvents as the notification core hands them to a target (MinIO's `event.Log`: name,
 * `bucket/key`, the one record built by the engine's own `buildEventRecord`), for the target tests
 * that call `send` directly.
 */
import { buildEventRecord } from '../../src/events/index.js';
import type { ObjectEventName } from '../../src/events/event-names.js';
import type { TargetEvent } from '../../src/notify/target.js';

const identity = {
  region: 'us-east-1',
  deploymentId: '6a9f2c1e-0d4b-4c7e-9a51-3b8e2f7d1c00',
  endpoint: () => '127.0.0.1:9000',
  hostId: () => 'f'.repeat(64),
};

let sequence = 0;

/** One event on `bucket/key`; a put carries size/ETag, a removal none (as the engine builds them). */
export function targetEvent(
  name: ObjectEventName,
  bucket: string,
  key: string,
  time = new Date(),
): TargetEvent {
  sequence += 1;
  const record = buildEventRecord(
    {
      name,
      bucket,
      key,
      time,
      sequencer: sequence.toString(16).padStart(16, '0').toUpperCase(),
      object: {
        bucket,
        key,
        versionId: 'null',
        isLatest: true,
        deleteMarker: false,
        size: 11 * sequence,
        etag: sequence.toString(16).padStart(32, '0'),
        lastModified: time,
        contentType: 'text/plain',
        headers: {},
        userMetadata: {},
        storageClass: 'STANDARD',
        checksums: {},
        internal: {},
      },
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

export const put = (bucket: string, key: string, time?: Date): TargetEvent =>
  targetEvent('s3:ObjectCreated:Put', bucket, key, time);
export const remove = (bucket: string, key: string, time?: Date): TargetEvent =>
  targetEvent('s3:ObjectRemoved:Delete', bucket, key, time);

/** The config values a factory gets (the core fills defaults; tests give what they set). */
export function values(entries: Record<string, string>): ReadonlyMap<string, string> {
  return new Map(Object.entries(entries));
}
