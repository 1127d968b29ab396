/**
 * Bucket replication (spec 1 §3 "Remote replication configuration", "Replication request", §7):
 * the remote's buckets for the wizard (list-external-buckets), the one request that sets up
 * replication of one or more buckets to a remote server (buckets-replication: a remote target per
 * bucket on the storage server, then a rule in the bucket's replication configuration), and the
 * removal of one rule. Field names exactly as the spec gives them.
 */
import { z } from 'zod';
import { BucketParamsSchema } from './buckets.js';

/** The remote server and the keys the console uses to reach it (both calls). */
const RemoteServerFields = {
  accessKey: z.string().min(1).max(256),
  secretKey: z.string().min(1).max(256),
  targetURL: z
    .string()
    .min(1)
    .max(1024)
    .describe('host[:port] of the remote server (a scheme given here is ignored: useTLS decides it)'),
  useTLS: z.boolean().describe('https when true, http when false'),
};

export const ListExternalBucketsRequestSchema = z
  .object({ ...RemoteServerFields, region: z.string().max(128).optional() })
  .meta({ id: 'ListExternalBucketsRequest' });
export type ListExternalBucketsRequest = z.input<typeof ListExternalBucketsRequestSchema>;

export const ListExternalBucketsResponseSchema = z
  .object({ buckets: z.array(z.object({ name: z.string() })) })
  .meta({ id: 'ExternalBuckets' });
export type ListExternalBucketsResponse = z.infer<typeof ListExternalBucketsResponseSchema>;

export const BucketRelationSchema = z.object({
  originBucket: z.string().min(1).max(255),
  // May be empty: the form has no required-field checks (spec 1 §5), so an unassigned bucket
  // reaches the server and comes back with the server's refusal as its errorString.
  destinationBucket: z.string().max(255),
});

/**
 * POST /buckets-replication: the multi-bucket wizard's remote configuration, or (with prefix,
 * tags and the three switches) one bucket's Set Bucket Replication.
 */
export const MultiBucketReplicationRequestSchema = z
  .object({
    ...RemoteServerFields,
    region: z.string().max(128).default(''),
    syncMode: z.enum(['async', 'sync']).default('async'),
    bandwidth: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe(
        'Bytes per second the replication may use in async mode; 0 means no limit (always 0 for sync)',
      ),
    healthCheckPeriod: z.number().int().min(0).max(86_400).default(60).describe('Seconds'),
    bucketsRelation: z.array(BucketRelationSchema).min(1).max(1000),
    prefix: z.string().max(1024).default(''),
    tags: z.string().max(4096).default('').describe('key=value pairs joined with &'),
    replicateDeleteMarkers: z.boolean().default(true),
    replicateDeletes: z.boolean().default(true),
    replicateMetadata: z.boolean().default(true),
  })
  .meta({ id: 'MultiBucketReplicationRequest' });
export type MultiBucketReplicationRequest = z.input<typeof MultiBucketReplicationRequestSchema>;

/** Each origin bucket's outcome; errorString empty when it worked. */
export const MultiBucketReplicationResponseSchema = z
  .object({
    replicationState: z.array(
      z.object({
        originBucket: z.string(),
        targetBucket: z.string(),
        errorString: z.string(),
      }),
    ),
  })
  .meta({ id: 'MultiBucketReplicationResponse' });
export type MultiBucketReplicationResponse = z.infer<typeof MultiBucketReplicationResponseSchema>;

export const ReplicationRuleParamsSchema = BucketParamsSchema.extend({ ruleId: z.string().min(1).max(255) });
