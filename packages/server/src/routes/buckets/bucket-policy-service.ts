/**
 * A bucket's details with its access, and setting that access (spec 1 §7 `GET /buckets/{bucket}`
 * and `PUT /buckets/{bucket}/set-policy`), over S3 with the session's own credentials: the storage
 * server decides whether this account may read or change the bucket policy, as for every other
 * bucket call. PRIVATE deletes the bucket policy, PUBLIC stores the canned read-write one, CUSTOM
 * stores the document as given — a document the server refuses comes back as its error (400
 * `invalid_request` with the server's reason, see storage/storage-errors.ts).
 */
import type { BucketDetails } from '@coffer/contract';
import type { SetBucketPolicyRequestSchema } from '@coffer/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { invalidRequest } from '../../errors.js';
import type { Session } from '../../session/session-store.js';
import { accessOf, publicPolicy } from './bucket-access.js';

type SetPolicyRequest = z.output<typeof SetBucketPolicyRequestSchema>;

/** The stored bucket policy, or undefined when the bucket has none. */
async function readPolicy(ctx: AppContext, session: Session, bucket: string): Promise<string | undefined> {
  try {
    const text = await ctx.clients.forSession(session).s3.getBucketPolicy(bucket);
    return text.trim() === '' ? undefined : text;
  } catch (err) {
    // S3 answers "no policy" as an error; every other failure (NoSuchBucket, AccessDenied…) stays one.
    if (err instanceof Error && (err as Error & { code?: unknown }).code === 'NoSuchBucketPolicy') {
      return undefined;
    }
    throw err;
  }
}

/** When the bucket was created, if this account may list buckets (the list is the only S3 source). */
async function creationDate(ctx: AppContext, session: Session, bucket: string): Promise<string | undefined> {
  try {
    const all = await ctx.clients.forSession(session).s3.listBuckets();
    return all.find((b) => b.name === bucket)?.creationDate.toISOString();
  } catch {
    // A detail, not the point of the call: an account without s3:ListAllMyBuckets still gets its access.
    return undefined;
  }
}

export async function getBucketInfo(
  ctx: AppContext,
  session: Session,
  bucket: string,
): Promise<BucketDetails> {
  // The policy read comes first: it answers NoSuchBucket for a missing bucket.
  const policy = await readPolicy(ctx, session, bucket);
  const created = await creationDate(ctx, session, bucket);
  return {
    name: bucket,
    ...(created !== undefined ? { creation_date: created } : {}),
    access: accessOf(policy, bucket),
    ...(policy !== undefined ? { definition: policy } : {}),
  };
}

export async function setBucketPolicy(
  ctx: AppContext,
  session: Session,
  bucket: string,
  req: SetPolicyRequest,
): Promise<BucketDetails> {
  const { s3 } = ctx.clients.forSession(session);
  if (req.access === 'PRIVATE') {
    // An empty policy makes minio-js send DeleteBucketPolicy.
    await s3.setBucketPolicy(bucket, '');
  } else if (req.access === 'PUBLIC') {
    await s3.setBucketPolicy(bucket, publicPolicy(bucket));
  } else {
    const definition = req.definition ?? '';
    // The schema already refuses this; kept so the handler never deletes a policy by sending ''.
    if (definition.trim() === '') throw invalidRequest('A custom access policy needs its policy document');
    await s3.setBucketPolicy(bucket, definition);
  }
  return getBucketInfo(ctx, session, bucket);
}
