/**
 * Watch (spec 2 §2 Watch, §4 Watch, §7 `/ws/watch/{bucket}?prefix=&suffix=`): the bucket's object
 * changes as they happen, from the storage server's ListenBucketNotification. One message per
 * change, shaped for the page's table (Time, Size, Type, Path).
 */
import { z } from 'zod';
import { BucketParamsSchema } from '../buckets.js';
import { WS_PREFIX } from '../stream-constants.js';
import type { StreamContract } from '../stream-contract.js';

export const WatchQuerySchema = z.object({
  prefix: z.string().max(1024).default('').describe('Only keys that start with this'),
  suffix: z.string().max(1024).default('').describe('Only keys that end with this'),
});

export const WatchMessageSchema = z
  .object({
    time: z.string().describe('When the change happened, ISO 8601'),
    size: z.number().int().nonnegative().describe('Object size in bytes (0 for removals)'),
    type: z.string().describe('The event name, e.g. s3:ObjectCreated:Put'),
    path: z.string().describe('The object key'),
  })
  .meta({ id: 'WatchEvent' });

export const WATCH_STREAMS = {
  watchBucket: {
    path: `${WS_PREFIX}/watch/:bucket`,
    summary: "A bucket's object changes, live",
    params: BucketParamsSchema,
    querystring: WatchQuerySchema,
    message: WatchMessageSchema,
  },
} as const satisfies Record<string, StreamContract>;
