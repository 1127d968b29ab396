/**
 * Replication, lifecycle and tiers (spec 1 §7, spec 3 §7 "Settings"): the wizard's remote bucket
 * list, setting up replication of buckets to a remote, removing a rule; a bucket's lifecycle rules
 * (list, add, status and tags); the remote tiers (list, add, credentials).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import { BucketParamsSchema } from '../buckets.js';
import {
  ListExternalBucketsRequestSchema,
  ListExternalBucketsResponseSchema,
  MultiBucketReplicationRequestSchema,
  MultiBucketReplicationResponseSchema,
  ReplicationRuleParamsSchema,
} from '../bucket-replication.js';
import {
  AddLifecycleRuleRequestSchema,
  BucketLifecycleResponseSchema,
  LifecycleRuleParamsSchema,
  UpdateLifecycleRuleRequestSchema,
} from '../bucket-lifecycle.js';
import {
  AddTierRequestSchema,
  ListTiersResponseSchema,
  TierParamsSchema,
  UpdateTierCredentialsRequestSchema,
} from '../tiers.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const REPLICATION_LIFECYCLE_ROUTES = {
  listExternalBuckets: {
    method: 'POST',
    path: `${API_PREFIX}/list-external-buckets`,
    summary:
      "The buckets of a remote S3 server, listed with the keys given (the replication wizard's first step)",
    description: 'The remote refusing the keys or not answering is the answer (its message).',
    tags: ['replication'],
    body: ListExternalBucketsRequestSchema,
    response: { 200: ListExternalBucketsResponseSchema, ...errors },
  },
  setMultiBucketReplication: {
    method: 'POST',
    path: `${API_PREFIX}/buckets-replication`,
    summary: 'Replicate buckets to a remote server: a remote target and a replication rule per bucket',
    description:
      'Each origin bucket gets a remote target on the storage server (admin set-remote-target) and a new rule, after its existing ones, in its replication configuration. One bucket failing does not stop the others: its errorString says why.',
    tags: ['replication'],
    body: MultiBucketReplicationRequestSchema,
    response: { 200: MultiBucketReplicationResponseSchema, ...errors },
  },
  deleteReplicationRule: {
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket/replication/:ruleId`,
    summary: "Remove one rule from a bucket's replication configuration",
    description:
      "The last rule removes the configuration. The rule's remote target is removed as well when no other rule uses it. No such rule: not_found.",
    tags: ['replication'],
    params: ReplicationRuleParamsSchema,
    response: { 204: noContent, ...errors },
  },
  getBucketLifecycle: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/lifecycle`,
    summary: "A bucket's lifecycle rules; none without a configuration",
    tags: ['lifecycle'],
    params: BucketParamsSchema,
    response: { 200: BucketLifecycleResponseSchema, ...errors },
  },
  addBucketLifecycleRule: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/lifecycle`,
    summary: "Add an expiry or transition rule to a bucket's lifecycle configuration",
    description: 'A storage class that is not a tier of the storage server is refused with its message.',
    tags: ['lifecycle'],
    params: BucketParamsSchema,
    body: AddLifecycleRuleRequestSchema,
    response: { 201: BucketLifecycleResponseSchema, ...errors },
  },
  updateBucketLifecycleRule: {
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/lifecycle/:ruleId`,
    summary: 'Enable or disable a lifecycle rule and set its tags',
    description: 'No such rule: not_found.',
    tags: ['lifecycle'],
    params: LifecycleRuleParamsSchema,
    body: UpdateLifecycleRuleRequestSchema,
    response: { 200: BucketLifecycleResponseSchema, ...errors },
  },
  listTiers: {
    method: 'GET',
    path: `${API_PREFIX}/admin/tiers`,
    summary: 'The remote tiers of the storage server (secrets are never listed)',
    tags: ['tiers'],
    response: { 200: ListTiersResponseSchema, ...errors },
  },
  addTier: {
    method: 'POST',
    path: `${API_PREFIX}/admin/tiers`,
    summary: 'Add a remote tier (s3 — also for MinIO —, gcs or azure)',
    description:
      'The storage server checks the tier can be reached with the credentials; its refusal is the answer.',
    tags: ['tiers'],
    body: AddTierRequestSchema,
    response: { 201: ListTiersResponseSchema, ...errors },
  },
  updateTierCredentials: {
    method: 'PUT',
    path: `${API_PREFIX}/admin/tiers/:type/:name/credentials`,
    summary: "Replace a tier's credentials",
    tags: ['tiers'],
    params: TierParamsSchema,
    body: UpdateTierCredentialsRequestSchema,
    response: { 204: noContent, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
