/**
 * The bucket naming rules S3 and MinIO enforce (MinIO's strict check, the engine's too), checked in
 * the Create Bucket modal while the user types so the failing rule is shown before Save is pressed.
 * The first rule the name breaks is reported; the storage server remains the judge on submit.
 */

/** A rule a bucket name can break; each has a text under `buckets:create.nameRules.<rule>`. */
export type BucketNameRule = 'length' | 'characters' | 'edges' | 'adjacentDots' | 'dotHyphen' | 'ipAddress';

const ALLOWED = /^[a-z0-9.-]*$/;
const LETTER_OR_DIGIT = /[a-z0-9]/;
const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** The first rule `name` breaks, or null when it is a valid bucket name. A blank name breaks none (it is simply required). */
export function bucketNameProblem(name: string): BucketNameRule | null {
  if (name === '') return null;
  if (!ALLOWED.test(name)) return 'characters';
  if (name.length < 3 || name.length > 63) return 'length';
  if (!LETTER_OR_DIGIT.test(name.charAt(0)) || !LETTER_OR_DIGIT.test(name.charAt(name.length - 1))) {
    return 'edges';
  }
  if (name.includes('..')) return 'adjacentDots';
  if (name.includes('.-') || name.includes('-.')) return 'dotHyphen';
  if (IPV4.test(name)) return 'ipAddress';
  return null;
}
