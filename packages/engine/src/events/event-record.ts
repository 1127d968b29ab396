/**
 * MinIO's event record: the `Records[]` entry that notification targets, `?events=` listeners and
 * audit consumers receive (wire doc §5.1; MinIO `cmd/event-notification.go#ToEvent`,
 * `internal/event/event.go`). Built once per event from the committed change and the engine's
 * identity; field names and formats are MinIO's (times with milliseconds, the key query-escaped as
 * Go's `url.QueryEscape` does, no size/ETag/metadata on removals, no version id for the null version).
 */
import type { ChangeOrigin, ObjectInfo } from '../object-layer/types.js';
import { isRemovalEvent, type ObjectEventName } from './event-names.js';

export interface ObjectEventRecord {
  eventVersion: '2.0';
  eventSource: 'minio:s3';
  awsRegion: string;
  /** ISO 8601 with milliseconds, UTC. */
  eventTime: string;
  eventName: ObjectEventName;
  userIdentity: { principalId: string };
  requestParameters: { principalId: string; region: string; sourceIPAddress: string };
  responseElements: {
    'x-amz-id-2'?: string;
    'x-amz-request-id'?: string;
    'x-minio-deployment-id': string;
    'x-minio-origin-endpoint': string;
  };
  s3: {
    s3SchemaVersion: '1.0';
    configurationId: string;
    bucket: { name: string; ownerIdentity: { principalId: string }; arn: string };
    object: {
      /** Query-escaped (space as `+`, `/` as `%2F`), as MinIO sends it. */
      key: string;
      size?: number;
      eTag?: string;
      contentType?: string;
      userMetadata?: Record<string, string>;
      versionId?: string;
      sequencer: string;
    };
  };
  source: { host: string; port: string; userAgent: string };
}

/** Who the engine is, for the parts of a record that do not depend on the change. */
export interface EngineIdentity {
  region: string;
  deploymentId: string;
  /** `host:port` the engine listens on (known only once it listens, hence a function). */
  endpoint: () => string;
  /** X-Amz-Id-2 of this node (hex SHA-256 of its endpoint, as the HTTP layer answers it). */
  hostId: () => string;
}

/** What the record is built from: the committed change, its ordering key and its time. */
export interface RecordInput {
  name: ObjectEventName;
  bucket: string;
  key: string;
  versionId?: string;
  object?: ObjectInfo;
  origin?: ChangeOrigin;
  time: Date;
  sequencer: string;
}

/** Go's `url.QueryEscape`: unreserved bytes kept, space as `+`, everything else `%XX` (upper hex). */
export function queryEscape(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (
      (byte >= 0x30 && byte <= 0x39) ||
      (byte >= 0x41 && byte <= 0x5a) ||
      (byte >= 0x61 && byte <= 0x7a) ||
      byte === 0x2d ||
      byte === 0x2e ||
      byte === 0x5f ||
      byte === 0x7e
    ) {
      out += String.fromCharCode(byte);
    } else if (byte === 0x20) {
      out += '+';
    } else {
      out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
    }
  }
  return out;
}

/** Go's canonical header form: `x-amz-meta-foo-bar` → `X-Amz-Meta-Foo-Bar`. */
function canonicalHeader(name: string): string {
  return name
    .split('-')
    .map((part) => (part === '' ? part : part[0]?.toUpperCase() + part.slice(1).toLowerCase()))
    .join('-');
}

/**
 * The object's metadata as MinIO lists it in a record: `content-type`, the stored standard headers
 * and the user metadata as `X-Amz-Meta-*` in canonical form (internal fields never appear).
 */
function recordMetadata(info: ObjectInfo): Record<string, string> {
  const out: Record<string, string> = {};
  if (info.contentType !== '') out['content-type'] = info.contentType;
  for (const [name, value] of Object.entries(info.headers)) out[canonicalHeader(name)] = value;
  for (const [name, value] of Object.entries(info.userMetadata))
    out[canonicalHeader(`x-amz-meta-${name}`)] = value;
  return out;
}

/** Build the MinIO record of one event. */
export function buildEventRecord(input: RecordInput, identity: EngineIdentity): ObjectEventRecord {
  const origin = input.origin;
  const principalId = origin?.principalId ?? '';
  const endpoint = `http://${identity.endpoint()}`;
  const object: ObjectEventRecord['s3']['object'] = {
    key: queryEscape(input.key),
    sequencer: input.sequencer,
  };
  const info = input.object;
  if (info !== undefined && !isRemovalEvent(input.name)) {
    object.size = info.size;
    object.eTag = info.etag;
    object.contentType = info.contentType;
    object.userMetadata = recordMetadata(info);
  }
  // MinIO shows no version id for the null version (unversioned and suspended buckets).
  if (input.versionId !== undefined && input.versionId !== 'null') object.versionId = input.versionId;
  return {
    eventVersion: '2.0',
    eventSource: 'minio:s3',
    awsRegion: identity.region,
    eventTime: input.time.toISOString(),
    eventName: input.name,
    userIdentity: { principalId },
    requestParameters: { principalId, region: identity.region, sourceIPAddress: origin?.sourceIp ?? '' },
    responseElements: {
      ...(origin !== undefined
        ? { 'x-amz-id-2': identity.hostId(), 'x-amz-request-id': origin.requestId }
        : {}),
      'x-minio-deployment-id': identity.deploymentId,
      'x-minio-origin-endpoint': endpoint,
    },
    s3: {
      s3SchemaVersion: '1.0',
      // MinIO fills in the notification rule's id per target; a change itself has none yet.
      configurationId: 'Config',
      bucket: {
        name: input.bucket,
        ownerIdentity: { principalId },
        arn: `arn:aws:s3:::${input.bucket}`,
      },
      object,
    },
    source: {
      host: origin?.sourceIp ?? '',
      port: origin?.sourcePort ?? '',
      userAgent: origin?.userAgent ?? '',
    },
  };
}
