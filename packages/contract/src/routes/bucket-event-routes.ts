/**
 * A bucket's event subscriptions (spec 1 §7): list, subscribe, delete — read-modify-write of the
 * bucket's notification configuration over S3 with the session's keys (any server that has
 * Get/PutBucketNotificationConfiguration).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import { BucketParamsSchema } from '../buckets.js';
import {
  BucketEventParamsSchema,
  DeleteBucketEventRequestSchema,
  ListBucketEventsResponseSchema,
  SubscribeBucketEventRequestSchema,
  SubscribeBucketEventResponseSchema,
} from '../bucket-events.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const BUCKET_EVENT_ROUTES = {
  listBucketEvents: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/events`,
    summary: "A bucket's event subscriptions (its notification rules)",
    tags: ['buckets'],
    params: BucketParamsSchema,
    response: { 200: ListBucketEventsResponseSchema, ...errors },
  },
  subscribeBucketEvent: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/events`,
    summary: "Add a rule to a bucket's notification configuration",
    description:
      'An ARN the storage server does not know is refused with its message. An identical rule already there is refused with event_rule_exists unless ignoreExisting is true.',
    tags: ['buckets'],
    params: BucketParamsSchema,
    body: SubscribeBucketEventRequestSchema,
    response: { 201: SubscribeBucketEventResponseSchema, ...errors },
  },
  deleteBucketEvent: {
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket/events/:arn`,
    summary: "Remove one rule (ARN, events, prefix, suffix) from a bucket's notification configuration",
    description: 'No such rule: not_found.',
    tags: ['buckets'],
    params: BucketEventParamsSchema,
    body: DeleteBucketEventRequestSchema,
    response: { 204: noContent, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
