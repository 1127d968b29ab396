/**
 * A bucket's lifecycle rules (spec 1 §3, §4, §7): list, add an expiry or transition rule, change a
 * rule's status and tags. Read-modify-write of the bucket's lifecycle configuration over S3; the
 * other rules' XML is stored back as the server gave it. Dates arrive as the day plus T23:59:59Z
 * (spec 1 §9) and are stored at that day's midnight, as S3 requires.
 */
import { randomBytes } from 'node:crypto';
import type {
  AddLifecycleRuleRequest,
  BucketLifecycleResponse,
  UpdateLifecycleRuleRequest,
} from '@coffer/contract';
import type { Client } from 'minio';
import { ConsoleError } from '../../errors.js';
import {
  getLifecycleDocument,
  lifecycleRuleXml,
  parseLifecycleRules,
  putLifecycleRules,
  ruleElements,
  ruleIdOf,
  updatedLifecycleRuleXml,
} from '../../storage/s3-lifecycle.js';

/** GET /buckets/{bucket}/lifecycle. */
export async function getBucketLifecycle(s3: Client, bucket: string): Promise<BucketLifecycleResponse> {
  const xml = await getLifecycleDocument(s3, bucket);
  return { lifecycle: xml === undefined ? [] : parseLifecycleRules(xml) };
}

/** POST /buckets/{bucket}/lifecycle. */
export async function addLifecycleRule(
  s3: Client,
  bucket: string,
  req: AddLifecycleRuleRequest,
): Promise<BucketLifecycleResponse> {
  const rule = lifecycleRuleXml({
    id: randomBytes(10).toString('hex'),
    prefix: req.prefix ?? '',
    tags: req.tags ?? '',
    expiredObjectDeleteMarker: req.expired_object_delete_marker ?? false,
    ...(req.expiry_date !== undefined ? { expiryDate: req.expiry_date } : {}),
    ...(req.expiry_days !== undefined ? { expiryDays: req.expiry_days } : {}),
    ...(req.noncurrentversion_expiration_days !== undefined
      ? { noncurrentExpirationDays: req.noncurrentversion_expiration_days }
      : {}),
    ...(req.transition_date !== undefined ? { transitionDate: req.transition_date } : {}),
    ...(req.transition_days !== undefined ? { transitionDays: req.transition_days } : {}),
    ...(req.noncurrentversion_transition_days !== undefined
      ? { noncurrentTransitionDays: req.noncurrentversion_transition_days }
      : {}),
    ...(req.noncurrentversion_transition_storage_class
      ? { noncurrentTransitionStorageClass: req.noncurrentversion_transition_storage_class }
      : {}),
    ...(req.storage_class ? { storageClass: req.storage_class } : {}),
  });
  const existing = await getLifecycleDocument(s3, bucket);
  await putLifecycleRules(s3, bucket, [...ruleElements(existing ?? ''), rule]);
  return getBucketLifecycle(s3, bucket);
}

/** PUT /buckets/{bucket}/lifecycle/{ruleId}. */
export async function updateLifecycleRule(
  s3: Client,
  bucket: string,
  ruleId: string,
  req: UpdateLifecycleRuleRequest,
): Promise<BucketLifecycleResponse> {
  const rules = ruleElements((await getLifecycleDocument(s3, bucket)) ?? '');
  const index = rules.findIndex((rule) => ruleIdOf(rule) === ruleId);
  if (index < 0)
    throw new ConsoleError('not_found', `The bucket ${bucket} has no lifecycle rule ${ruleId}`, ruleId);
  const changed = rules.map((rule, i) =>
    i === index ? updatedLifecycleRuleXml(rule, !req.disable, req.tags ?? '') : rule,
  );
  await putLifecycleRules(s3, bucket, changed);
  return getBucketLifecycle(s3, bucket);
}
