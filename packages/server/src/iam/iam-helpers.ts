/**
 * Small helpers shared by the IAM services: policy-name lists as MinIO writes them (comma
 * separated, e.g. `UserInfo.policyName`, `GroupDesc.policy`), set differences for "make it
 * exactly this" edits, name ordering, "does it exist" probes, and bounded concurrency for
 * per-item admin calls.
 */
import { AdminApiError } from '@coffer/admin-client';

/** `"a, b,,c"` → `["a", "b", "c"]` (order kept, duplicates dropped). */
export function splitNames(list: string | undefined | null): string[] {
  if (!list) return [];
  return [
    ...new Set(
      list
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    ),
  ];
}

/** Items of `a` not in `b`. */
export function without(a: readonly string[], b: readonly string[]): string[] {
  const drop = new Set(b);
  return a.filter((x) => !drop.has(x));
}

/** Code-point order (what S3 and MinIO list in), not locale order. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A 404 from the admin API: the user, group, policy or account does not exist. */
export function isNotFound(err: unknown): boolean {
  return err instanceof AdminApiError && err.status === 404;
}

/** The admin API (or this call of it) is not offered by the server (older MinIO, other servers). */
export function isUnsupported(err: unknown): boolean {
  return (
    err instanceof AdminApiError &&
    (err.status === 426 ||
      err.status === 501 ||
      err.code === 'XMinioAdminVersionMismatch' ||
      err.code === 'NotImplemented')
  );
}

/** `fn` over `items` with at most `limit` calls in flight; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
