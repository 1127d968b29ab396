/**
 * Target events for notification-target tests: what the notification core hands `send` for an
 * object created or deleted (MinIO's `{EventName, Key, Records}`), built with the engine's own
 * record builder so the shape is the one the engine sends.
 */
import { buildEventRecord } from '../../src/events/index.js';
import type { TargetEvent } from '../../src/notify/index.js';

const identity = {
  region: 'us-east-1',
  deploymentId: '00000000-0000-4000-8000-000000000000',
  endpoint: () => '127.0.0.1:9000',
  hostId: () => 'a'.repeat(64),
};

let sequence = 0;

/** The event of `s3:ObjectCreated:Put` (size given) or `s3:ObjectRemoved:Delete` for `bucket/key`. */
export function targetEvent(
  name: 's3:ObjectCreated:Put' | 's3:ObjectRemoved:Delete',
  bucket: string,
  key: string,
  size = 0,
): TargetEvent {
  sequence += 1;
  const time = new Date(Date.UTC(2026, 0, 1, 0, 0, 0, sequence));
  const record = buildEventRecord(
    {
      name,
      bucket,
      key,
      time,
      sequencer: sequence.toString(16).toUpperCase().padStart(16, '0'),
      ...(name === 's3:ObjectCreated:Put'
        ? {
            object: {
              bucket,
              key,
              versionId: 'null',
              isLatest: true,
              deleteMarker: false,
              size,
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
    },
    identity,
  );
  return { EventName: name, Key: `${bucket}/${key}`, Records: [record] };
}
