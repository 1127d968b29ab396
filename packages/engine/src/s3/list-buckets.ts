/** ListBuckets (`GET /`): every bucket with its creation date, under MinIO's constant owner. */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { ownerXml } from './owner.js';

export async function listBuckets(ctx: RequestContext): Promise<void> {
  const buckets = await ctx.engine.objectLayer.listBuckets();
  buckets.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  sendXml(ctx, 200, 'ListAllMyBucketsResult', {
    Owner: ownerXml(),
    Buckets: { Bucket: buckets.map((b) => ({ Name: b.name, CreationDate: b.created })) },
  });
}
