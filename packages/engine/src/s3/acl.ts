/**
 * Access control lists. MinIO does not implement ACLs: every bucket and object answers with one
 * grant of FULL_CONTROL to its (constant) owner, and a PUT is accepted only when it asks for
 * exactly that (canned `private`, or a body granting FULL_CONTROL alone); anything else is
 * NotImplemented. The document is written by hand because Grantee needs its `xsi:type` attribute:
 * s3cmd reads it and fails without it.
 *
 * A bucket's public access block with BlockPublicAcls turns a request for a public ACL (on ?acl,
 * PutObject, CopyObject, CreateMultipartUpload, a POST form's `acl` field) into 403 AccessDenied
 * first, as AWS answers.
 */
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import { asArray, escapeXml, parseXml, S3_XMLNS, sendRawXml, XML_DECLARATION } from '../http/xml.js';
import { EntityTooLarge, MalformedXML, NotImplemented } from '../common/errors.js';
import { PublicAccessBlocked } from '../bucket/errors.js';
import { isPublicCannedAcl, requestsPublicAcl } from '../bucket/public-access-block.js';
import type { BucketMetadata } from '../object-layer/types.js';
import { OWNER_DISPLAY_NAME, OWNER_ID } from './owner.js';

const MAX_ACL_BYTES = 64 * 1024;

/** The canned AccessControlPolicy every bucket and object has. */
export function accessControlPolicyXml(): string {
  const owner = `<ID>${escapeXml(OWNER_ID)}</ID><DisplayName>${escapeXml(OWNER_DISPLAY_NAME)}</DisplayName>`;
  return (
    `${XML_DECLARATION}<AccessControlPolicy xmlns="${S3_XMLNS}">` +
    `<Owner>${owner}</Owner>` +
    '<AccessControlList><Grant>' +
    `<Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CanonicalUser">${owner}</Grantee>` +
    '<Permission>FULL_CONTROL</Permission>' +
    '</Grant></AccessControlList></AccessControlPolicy>'
  );
}

export function sendAccessControlPolicy(ctx: RequestContext): void {
  sendRawXml(ctx, 200, accessControlPolicyXml());
}

/**
 * 403 when the request asks for a public ACL (headers, or the ?acl body) and the bucket's public
 * access block has BlockPublicAcls. The bucket's metadata is read only for such a request; pass
 * `meta` when the handler holds it already.
 */
export async function refusePublicAcl(
  ctx: RequestContext,
  options: { meta?: BucketMetadata; aclBody?: string; formAcl?: string; key?: string } = {},
): Promise<void> {
  const asked =
    requestsPublicAcl(ctx.req.headers, options.aclBody) ||
    (options.formAcl !== undefined && isPublicCannedAcl(options.formAcl));
  if (!asked) return;
  const bucket = ctx.target.bucket ?? '';
  const key = options.key ?? ctx.target.key;
  const service = ctx.engine.bucketMetadata;
  const meta = options.meta ?? (await service.metadata(bucket));
  if (service.fromMetadata(meta, 'publicAccessBlock')?.blockPublicAcls === true) {
    throw new PublicAccessBlocked(
      'Access Denied: public ACLs are blocked by the BlockPublicAcls setting of the bucket.',
      key === undefined ? { bucket } : { bucket, key },
    );
  }
}

/**
 * Check that a PUT ?acl asks for nothing but the owner's full control; NotImplemented otherwise
 * (after `refusePublicAcl`). Grant headers (x-amz-grant-*) and any canned ACL but `private` are
 * refused too.
 */
export async function checkAclRequest(ctx: RequestContext): Promise<void> {
  let body: Buffer;
  try {
    body = await readBody(ctx, MAX_ACL_BYTES);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML();
    throw err;
  }
  const text = body.toString('utf8');
  await refusePublicAcl(ctx, { aclBody: text });
  const canned = ctx.req.headers['x-amz-acl'];
  if (canned !== undefined && String(canned) !== 'private') {
    throw new NotImplemented('Only the private canned ACL is supported.');
  }
  for (const name of Object.keys(ctx.req.headers)) {
    if (name.startsWith('x-amz-grant-')) throw new NotImplemented('ACL grant headers are not supported.');
  }
  if (text.trim() === '') return;
  const root = parseXml(text).AccessControlPolicy;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) throw new MalformedXML();
  const list = (root as Record<string, unknown>).AccessControlList;
  const grants =
    list !== null && typeof list === 'object' && !Array.isArray(list)
      ? asArray((list as Record<string, unknown>).Grant)
      : [];
  const permissions = grants.map((g) =>
    g !== null && typeof g === 'object' ? (g as Record<string, unknown>).Permission : undefined,
  );
  if (permissions.length !== 1 || permissions[0] !== 'FULL_CONTROL') {
    throw new NotImplemented('Only a single FULL_CONTROL grant to the owner is supported.');
  }
}
