/**
 * Share links that live for their stated time (issue 9 §3, spec 2 §5 share rules, §9).
 *
 * A link signed with the session's own credentials would die with the session (its temporary
 * credentials) — the failure users of MinIO's console meet. So each link gets a service account
 * of the sharer, made for it alone:
 *
 * - created with the session's credentials (admin `add-service-account`, self-service), so it acts
 *   for the sharer: the engine intersects the sharer's policies with the account's own policy,
 *   which allows only `s3:GetObject` on that one object (and, for a version, only that version).
 *   A sharer who loses read access loses the link too; root's links are restricted the same way.
 * - expiring with the link (`expiration`), so nothing outlives it even if never revoked.
 * - marked as a share link by its name and naming the object in its description
 *   (./share-link-descriptor.ts), which is how the active links are listed and revoked.
 *
 * The URL is presigned (SigV4 query, at most 7 days) for the storage server's public address
 * (`publicServerUrl`: the configured one, else the server URL), since the signature covers the
 * host the browser will send. The account's secret is used for that one signature and never kept.
 */
import { presignUrl, uriEncode } from '@coffer/protocol';
import { MAX_SHARE_MS, SHARE_MESSAGES, type ShareLink } from '@coffer/contract';
import { ConsoleError, invalidRequest } from '../../errors.js';
import type { StorageAccess } from '../../storage/storage-clients.js';
import {
  SHARE_ACCOUNT_NAME,
  describeShare,
  readShareDescription,
  sharesTarget,
  type ShareTarget,
} from './share-link-descriptor.js';

/** Where the links point and how they are signed. */
export interface ShareSigning {
  /** Origin of the storage server as browsers reach it, e.g. `https://s3.example.com`. */
  publicServerUrl: string;
  region: string;
}

/** madmin's "never expires". */
const NO_EXPIRATION_MS = 0;

/**
 * `expires` of the share call ("{ms}ms" or bare milliseconds; absent: 7 days) → milliseconds,
 * refused with the spec's messages when not in (0, 7 days].
 */
export function shareDurationMs(expires: string | undefined): number {
  if (expires === undefined) return MAX_SHARE_MS;
  const ms = Number(expires.replace(/ms$/, ''));
  if (!Number.isSafeInteger(ms) || ms <= 0)
    throw invalidRequest(SHARE_MESSAGES.pastDate, `expires=${expires}`);
  if (ms > MAX_SHARE_MS) throw invalidRequest(SHARE_MESSAGES.tooLong, `expires=${expires}`);
  return ms;
}

/** `*`, `?` and `$` in a key are literal in the policy (`${*}`, `${?}`, `${$}`), never wildcards. */
function literalResource(text: string): string {
  return text.replace(/[$*?]/g, (c) => `\${${c}}`);
}

/** The share account's own policy: read this one object (this one version) and nothing else. */
export function shareLinkPolicy(target: ShareTarget): Record<string, unknown> {
  const statement: Record<string, unknown> = {
    Effect: 'Allow',
    Action: ['s3:GetObject'],
    Resource: [`arn:aws:s3:::${literalResource(target.bucket)}/${literalResource(target.key)}`],
  };
  if (target.versionId !== undefined) {
    statement.Condition = { StringEquals: { 's3:versionid': [target.versionId] } };
  }
  return { Version: '2012-10-17', Statement: [statement] };
}

/** A key whose path has `.` or `..` segments would be rewritten by every URL parser on the way. */
function refuseDotSegments(key: string): void {
  if (key.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw invalidRequest(
      'This object cannot be shared as a link',
      "its name has a '.' or '..' path segment, which browsers rewrite",
    );
  }
}

/**
 * Create a share link to `target` valid for `durationMs`: check the sharer may read the object,
 * make the link's service account, answer the presigned URL.
 */
export async function shareObject(
  access: StorageAccess,
  signing: ShareSigning,
  target: ShareTarget,
  durationMs: number,
  now: Date = new Date(),
): Promise<string> {
  refuseDotSegments(target.key);
  // The sharer's own right to read it (and that it exists, not a delete marker), with the session.
  await access.s3.statObject(
    target.bucket,
    target.key,
    target.versionId !== undefined ? { versionId: target.versionId } : {},
  );
  // Whole seconds: the signature's X-Amz-Expires and the account's expiration end together.
  const seconds = Math.min(MAX_SHARE_MS / 1000, Math.max(1, Math.ceil(durationMs / 1000)));
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  const credentials = await access.admin.addServiceAccount({
    policy: shareLinkPolicy(target),
    name: SHARE_ACCOUNT_NAME,
    description: describeShare(target),
    expiration: expiresAt.toISOString(),
  });
  const url = new URL(signing.publicServerUrl);
  url.pathname = `/${uriEncode(target.bucket, false)}/${uriEncode(target.key, false)}`;
  if (target.versionId !== undefined) url.searchParams.set('versionId', target.versionId);
  return presignUrl({
    method: 'GET',
    url,
    accessKey: credentials.accessKey,
    secretKey: credentials.secretKey,
    region: signing.region,
    expiresSeconds: seconds,
    date: now,
  });
}

/** Which links to list: all of the caller's, those of a bucket, of an object, of a version. */
export interface ShareLinkFilter {
  bucket?: string;
  object?: string;
  versionId?: string;
}

/**
 * The caller's share links still active, newest expiry last. Expired share accounts met on the
 * way are deleted (they can no longer sign anything; this keeps the account list short).
 */
export async function listShareLinks(
  access: StorageAccess,
  filter: ShareLinkFilter,
  now: Date = new Date(),
): Promise<ShareLink[]> {
  const accounts = await access.admin.listServiceAccounts();
  const links: ShareLink[] = [];
  const expired: string[] = [];
  for (const account of accounts) {
    if (account.name !== SHARE_ACCOUNT_NAME) continue;
    const shared = readShareDescription(account.description);
    if (!shared) continue;
    const expiresMs = account.expiration !== undefined ? Date.parse(account.expiration) : NaN;
    // A share account always expires; one without an expiration is not ours to list.
    if (!Number.isFinite(expiresMs) || expiresMs <= NO_EXPIRATION_MS) continue;
    if (expiresMs <= now.getTime()) {
      expired.push(account.accessKey);
      continue;
    }
    if (filter.bucket !== undefined) {
      const wanted = {
        bucket: filter.bucket,
        ...(filter.object !== undefined ? { key: filter.object } : {}),
        ...(filter.object !== undefined && filter.versionId !== undefined
          ? { versionId: filter.versionId }
          : {}),
      };
      if (!sharesTarget(shared, wanted)) continue;
    }
    links.push({
      id: account.accessKey,
      bucket: shared.bucket,
      object: shared.key,
      object_complete: shared.complete,
      ...(shared.versionId !== undefined ? { version_id: shared.versionId } : {}),
      expires_at: new Date(expiresMs).toISOString(),
    });
  }
  // Best effort: a failure here changes nothing for the caller.
  await Promise.allSettled(expired.map((key) => access.admin.deleteServiceAccount(key)));
  return links.sort((a, b) => a.expires_at.localeCompare(b.expires_at) || a.id.localeCompare(b.id));
}

/** Revoke one of the caller's share links: its service account is deleted (the link 403s at once). */
export async function revokeShareLink(access: StorageAccess, id: string): Promise<void> {
  const info = await access.admin.infoServiceAccount(id);
  // Only share links: the caller's other access keys are managed on the account page.
  if (info.name !== SHARE_ACCOUNT_NAME || !readShareDescription(info.description)) {
    throw new ConsoleError('not_found', 'No such share link', `${id} is not a share link`);
  }
  await access.admin.deleteServiceAccount(id);
}
