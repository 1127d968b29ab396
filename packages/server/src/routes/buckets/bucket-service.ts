/**
 * Bucket operations for the console, over the wire: S3 (minio-js) for buckets, versioning and
 * object lock; the admin API for usage and quota.
 *
 * The list: S3 ListBuckets answers names and dates for all buckets at once (cheap even for
 * thousands); the console filters by `search`, pages with a continuation (the last name sent) and
 * adds sizes from the usage cache when they are at hand (counted afresh for buckets the console
 * just changed, see usage-cache.ts).
 *
 * Create is all or nothing (spec 1 §3 payload; wire doc §6.4 recipe): make the bucket (with the
 * object-lock header when locking — which also turns versioning on), enable versioning, set the
 * default retention (PUT ?object-lock), set the quota (admin set-bucket-quota). If any step after
 * the first is refused, the new, still empty bucket is removed and the refusal is the answer.
 * Retention forces locking (spec 1 §4). The lock configuration and the quota body are those of
 * the Summary's settings (bucket-lock-service.ts, bucket-quota-service.ts); a fifo quota a server
 * does not know is refused by it, and the bucket is rolled back.
 */
import type { BucketVersioningResponse, CreateBucketRequest, ListBucketsResponse } from '@coffer/contract';
import { isActionAllowedSomewhere } from '@coffer/protocol';
import type { z } from 'zod';
import type { CreateBucketRequestSchema, ListBucketsQuerySchema } from '@coffer/contract';
import type { AppContext } from '../../app-context.js';
import { ConsoleError, invalidRequest } from '../../errors.js';
import type { Session } from '../../session/session-store.js';
import { classifyStorageError } from '../../storage/storage-errors.js';
import { lockConfigOf } from './bucket-lock-service.js';
import { putBucketQuota } from './bucket-quota-service.js';

type ListQuery = z.output<typeof ListBucketsQuerySchema>;
type CreateRequest = z.output<typeof CreateBucketRequestSchema>;

function encodeCursor(name: string): string {
  return Buffer.from(`b:${name}`, 'utf8').toString('base64url');
}

function decodeCursor(token: string): string {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  if (!text.startsWith('b:'))
    throw invalidRequest('Invalid continuation', 'the continuation token is not one of this list');
  return text.slice(2);
}

export async function listBuckets(
  ctx: AppContext,
  session: Session,
  query: ListQuery,
): Promise<ListBucketsResponse> {
  const { s3 } = ctx.clients.forSession(session);
  const all = await s3.listBuckets();
  const needle = query.search?.toLowerCase();
  const matching = (needle ? all.filter((b) => b.name.toLowerCase().includes(needle)) : all).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const after = query.continuation !== undefined ? decodeCursor(query.continuation) : undefined;
  const start = after === undefined ? 0 : matching.findIndex((b) => b.name > after);
  const page = start < 0 ? [] : matching.slice(start, start + query.limit);
  const more = start >= 0 && start + query.limit < matching.length;

  const state = await ctx.accounts.get(session);
  const noUsage: Awaited<ReturnType<typeof ctx.usage.get>> = { pending: false };
  const [usage, fresh] = await Promise.all([
    // Without the admin API there are no scanned sizes to wait for: unknown, not pending.
    state.adminApi
      ? ctx.usage.get(session, isActionAllowedSomewhere(state.policies, 'admin:DataUsageInfo'))
      : noUsage,
    ctx.usage.recounted(
      session,
      page.map((b) => b.name),
    ),
  ]);
  const response: ListBucketsResponse = {
    buckets: page.map((b) => {
      // A bucket this console just changed has its figure counted now; the scan's would be stale.
      const u = fresh.get(b.name) ?? usage.report?.buckets.get(b.name);
      return {
        name: b.name,
        creation_date: b.creationDate.toISOString(),
        ...(u ? { size: u.size, objects: u.objects } : {}),
      };
    }),
    total: matching.length,
    usage_pending: usage.pending,
  };
  const last = page.at(-1);
  if (more && last) response.continuation = encodeCursor(last.name);
  return response;
}

/** Run a step after the bucket exists; on failure remove the bucket and explain. */
async function step(
  ctx: AppContext,
  session: Session,
  bucket: string,
  what: string,
  run: () => Promise<unknown>,
): Promise<void> {
  try {
    await run();
  } catch (err) {
    const { s3 } = ctx.clients.forSession(session);
    await s3.removeBucket(bucket).catch(() => undefined);
    const c = classifyStorageError(err);
    if (!c) throw err;
    throw new ConsoleError(
      c.code,
      `Bucket ${bucket} was not created: the storage server refused ${what}`,
      c.detailedMessage,
      c.status,
    );
  }
}

export async function createBucket(ctx: AppContext, session: Session, req: CreateRequest): Promise<void> {
  if (req.quota?.enabled && req.quota.amount < 1) throw invalidRequest('The quota must be at least 1 byte');
  // Quotas live in MinIO's admin API: without it, say so before anything is created.
  if (req.quota?.enabled && !(await ctx.accounts.get(session)).adminApi) {
    throw new ConsoleError(
      'admin_api_not_offered',
      "This server does not offer MinIO's admin API",
      'bucket quotas are set through it',
    );
  }
  const locking = req.locking || req.retention !== undefined;
  const { s3, admin } = ctx.clients.forSession(session);
  await s3.makeBucket(req.name, '', { ObjectLocking: locking });
  if (req.versioning && !locking) {
    await step(ctx, session, req.name, 'enabling versioning', () =>
      s3.setBucketVersioning(req.name, { Status: 'Enabled' }),
    );
  }
  const retention = req.retention;
  if (retention) {
    await step(ctx, session, req.name, 'the default retention', () =>
      // minio-js declares a void overload first; the call returns a promise.
      Promise.resolve(s3.setObjectLockConfig(req.name, lockConfigOf(retention))),
    );
  }
  const quota = req.quota;
  if (quota?.enabled) {
    await step(ctx, session, req.name, 'the bucket quota', () =>
      putBucketQuota(admin, req.name, quota.amount, quota.quota_type),
    );
  }
}

export async function deleteBucket(ctx: AppContext, session: Session, bucket: string): Promise<void> {
  await ctx.clients.forSession(session).s3.removeBucket(bucket);
}

export async function getBucketVersioning(
  ctx: AppContext,
  session: Session,
  bucket: string,
): Promise<BucketVersioningResponse> {
  const config = (await ctx.clients.forSession(session).s3.getBucketVersioning(bucket)) as
    { Status?: string } | '';
  const status = typeof config === 'object' ? config.Status : undefined;
  return {
    is_versioned: status === 'Enabled',
    status: status === 'Enabled' ? 'Enabled' : status === 'Suspended' ? 'Suspended' : 'Unversioned',
  };
}

/** Enables (true) or suspends (false) versioning; a locked bucket's refusal is the server's (409). */
export async function setBucketVersioning(
  ctx: AppContext,
  session: Session,
  bucket: string,
  versioning: boolean,
): Promise<BucketVersioningResponse> {
  await ctx.clients
    .forSession(session)
    .s3.setBucketVersioning(bucket, { Status: versioning ? 'Enabled' : 'Suspended' });
  return getBucketVersioning(ctx, session, bucket);
}

export type { CreateBucketRequest };
