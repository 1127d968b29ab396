/**
 * The object details page's changes (spec 2 §7): an object version's retention (set, remove),
 * tags and legal hold. Entries of the console's route table (composed in `../routes.ts`).
 */
import { BucketParamsSchema } from '../buckets.js';
import {
  ObjectTargetQuerySchema,
  PutObjectLegalHoldRequestSchema,
  PutObjectRetentionRequestSchema,
  PutObjectTagsRequestSchema,
} from '../object-details.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const OBJECT_DETAILS_ROUTES = {
  putObjectRetention: {
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/objects/retention`,
    summary: "Set or extend an object version's retention (governance or compliance, until a date)",
    description:
      "The bucket must have been created with object locking. A governance retention may be changed (the console bypasses it, which needs s3:BypassGovernanceRetention); a compliance one can only be extended — the storage server's refusal is answered with its message.",
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: ObjectTargetQuerySchema,
    body: PutObjectRetentionRequestSchema,
    response: { 204: noContent, ...errors },
  },
  deleteObjectRetention: {
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket/objects/retention`,
    summary: "Remove an object version's governance retention",
    description:
      "Sent with the governance bypass (needs s3:BypassGovernanceRetention). An active compliance retention cannot be removed: the storage server's refusal is answered with its message.",
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: ObjectTargetQuerySchema,
    response: { 204: noContent, ...errors },
  },
  putObjectTags: {
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/objects/tags`,
    summary: "Replace an object version's tag set ({} removes every tag)",
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: ObjectTargetQuerySchema,
    body: PutObjectTagsRequestSchema,
    response: { 204: noContent, ...errors },
  },
  putObjectLegalHold: {
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/objects/legalhold`,
    summary: "Turn an object version's legal hold on (enabled) or off (disabled)",
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: ObjectTargetQuerySchema,
    body: PutObjectLegalHoldRequestSchema,
    response: { 204: noContent, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
