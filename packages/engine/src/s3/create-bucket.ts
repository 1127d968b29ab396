/**
 * CreateBucket (`PUT /<bucket>`). The optional body is a CreateBucketConfiguration whose
 * LocationConstraint must be empty or this server's region (MinIO answers InvalidRegion
 * otherwise). `x-amz-bucket-object-lock-enabled: true` creates a lock-enabled bucket, which also
 * turns versioning on (object lock can only be enabled at creation, wire doc §5.3).
 */
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import { parseXml } from '../http/xml.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { InvalidBucketName } from '../object-layer/errors.js';
import { InvalidRegion } from './errors.js';

/** A CreateBucketConfiguration is a few hundred bytes; anything bigger is not one. */
const MAX_CONFIG_BYTES = 64 * 1024;

async function requestedLocation(ctx: RequestContext): Promise<string | undefined> {
  let body: Buffer;
  try {
    body = await readBody(ctx, MAX_CONFIG_BYTES);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML();
    throw err;
  }
  const text = body.toString('utf8');
  if (text.trim() === '') return undefined;
  const doc = parseXml(text);
  const root = doc.CreateBucketConfiguration;
  if (root === '' || root === undefined) return undefined;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) throw new MalformedXML();
  const location = (root as Record<string, unknown>).LocationConstraint;
  if (location === undefined) return undefined;
  if (typeof location !== 'string') throw new MalformedXML();
  return location.trim();
}

export async function createBucket(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  // The layer checks S3's naming rules; `minio` is also taken, by MinIO's own `/minio/…` endpoints.
  if (bucket === 'minio') throw new InvalidBucketName(undefined, { bucket });
  const location = await requestedLocation(ctx);
  const region = ctx.engine.region;
  // An empty constraint means us-east-1 in S3; MinIO accepts it for any configured region.
  if (location !== undefined && location !== '' && location !== region) {
    throw new InvalidRegion(`Region does not match; this server's region is '${region}'.`, { bucket });
  }
  const lockHeader = String(ctx.req.headers['x-amz-bucket-object-lock-enabled'] ?? '').toLowerCase();
  const objectLock = lockHeader === 'true';
  const layer = ctx.engine.objectLayer;
  await layer.makeBucket(bucket, { objectLock });
  if (objectLock) {
    await layer.updateBucketMetadata(bucket, (meta) => {
      meta.objectLockEnabled = true;
      meta.versioning = 'Enabled';
    });
  }
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Location', `/${bucket}`);
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
