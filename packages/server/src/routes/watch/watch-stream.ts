/**
 * Watch (spec 2 §2 Watch, §7 `/ws/watch/{bucket}?prefix=&suffix=`): the storage server's
 * ListenBucketNotification for the session's credentials, every created, removed and accessed
 * object under the prefix and suffix, each turned into the page's row (time, size, type, path).
 * The storage server decides whether the account may listen; its refusal closes the socket 1011
 * with its message.
 */
import { decodeEventKey, type AdminClient, type NotificationRecord } from '@coffer/admin-client';
import type { StreamMessage, STREAMS } from '@coffer/contract';
import type { StreamContext } from '../../streams/register-stream.js';

type WatchStream = (typeof STREAMS)['watchBucket'];
type WatchEvent = StreamMessage<WatchStream>;

/** What the Watch page shows: MinIO's console listens to these three families. */
const WATCHED_EVENTS = ['s3:ObjectCreated:*', 's3:ObjectRemoved:*', 's3:ObjectAccessed:*'];

export function watchEvent(record: NotificationRecord): WatchEvent {
  return {
    time: record.eventTime,
    size: record.s3.object.size ?? 0,
    type: record.eventName,
    path: decodeEventKey(record.s3.object.key),
  };
}

export async function* watchBucket(
  admin: Pick<AdminClient, 'listenBucketNotification'>,
  { params, query, signal }: Pick<StreamContext<WatchStream>, 'params' | 'query' | 'signal'>,
): AsyncGenerator<WatchEvent> {
  const records = admin.listenBucketNotification(params.bucket, {
    prefix: query.prefix,
    suffix: query.suffix,
    events: WATCHED_EVENTS,
    signal,
  });
  for await (const record of records) yield watchEvent(record);
}
