/**
 * Condition keys of a request: the values a policy's Condition block and variables are evaluated
 * against, keyed by their full names (`aws:username`, `aws:SourceIp`, `s3:prefix`,
 * `s3:x-amz-copy-source`, …). Names are compared case-insensitively, as AWS does.
 */

/** The values of `key` among the request's condition values (any letter case), or undefined. */
export function lookupCondition(
  conditions: Readonly<Record<string, readonly string[]>> | undefined,
  key: string,
): readonly string[] | undefined {
  if (!conditions) return undefined;
  const exact = conditions[key];
  if (exact) return exact;
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(conditions)) if (k.toLowerCase() === lower) return v;
  return undefined;
}
