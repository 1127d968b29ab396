/**
 * A bucket's event subscriptions (spec 1 §2 "Bucket detail" Events tab, §3 "Event subscription",
 * §7): the rules of its notification configuration, each sending some event families of the
 * objects matching a prefix and suffix to one notification target (ARN). `put` stands for
 * `s3:ObjectCreated:*`, `get` for `s3:ObjectAccessed:*`, `delete` for `s3:ObjectRemoved:*`; a rule
 * the storage server holds with a specific event name (s3:ObjectCreated:Put) is listed under its
 * family.
 */
import { z } from 'zod';
import { BucketParamsSchema } from './buckets.js';

export const BucketEventTypeSchema = z.enum(['put', 'get', 'delete']);

/** One rule as listed. */
export const BucketEventSchema = z
  .object({
    id: z.string().describe("The rule's id in the notification configuration"),
    arn: z.string().describe('The target: arn:minio:sqs:<region>:<id>:<service>'),
    events: z.array(BucketEventTypeSchema),
    prefix: z.string(),
    suffix: z.string(),
  })
  .meta({ id: 'BucketEvent' });

export const ListBucketEventsResponseSchema = z
  .object({ events: z.array(BucketEventSchema) })
  .meta({ id: 'BucketEventList' });

/** What a new rule sends where. */
export const BucketEventConfigurationSchema = z
  .object({
    arn: z.string().min(1).max(1024),
    events: z
      .array(BucketEventTypeSchema)
      .min(1, 'Select at least one event type')
      .describe('Each type once; order does not matter'),
    prefix: z.string().max(1024).default(''),
    suffix: z.string().max(1024).default(''),
  })
  .meta({ id: 'BucketEventConfiguration' });

/** POST /buckets/{bucket}/events. */
export const SubscribeBucketEventRequestSchema = z
  .object({
    configuration: BucketEventConfigurationSchema,
    ignoreExisting: z
      .boolean()
      .default(false)
      .describe(
        'true: an identical rule already there is not an error; false: it is refused (event_rule_exists)',
      ),
  })
  .meta({ id: 'SubscribeBucketEventRequest' });

export const SubscribeBucketEventResponseSchema = z.object({}).meta({ id: 'SubscribeBucketEventResponse' });

export const BucketEventParamsSchema = BucketParamsSchema.extend({
  arn: z.string().min(1).max(1024).describe("The rule's target ARN (URI-encoded in the path)"),
});

/** DELETE /buckets/{bucket}/events/{arn}: which rule of that ARN. */
export const DeleteBucketEventRequestSchema = z
  .object({
    events: z.array(BucketEventTypeSchema).min(1),
    prefix: z.string().max(1024).default(''),
    suffix: z.string().max(1024).default(''),
  })
  .meta({ id: 'DeleteBucketEventRequest' });

export type BucketEventType = z.infer<typeof BucketEventTypeSchema>;
export type BucketEvent = z.infer<typeof BucketEventSchema>;
export type ListBucketEventsResponse = z.infer<typeof ListBucketEventsResponseSchema>;
export type BucketEventConfiguration = z.input<typeof BucketEventConfigurationSchema>;
export type SubscribeBucketEventRequest = z.input<typeof SubscribeBucketEventRequestSchema>;
export type DeleteBucketEventRequest = z.input<typeof DeleteBucketEventRequestSchema>;
