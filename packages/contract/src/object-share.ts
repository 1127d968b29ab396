/**
 * Share links (spec 2 §3 "Share answer", §5 share rules, §7 share call, §9 share validity):
 *
 * - `objects/share` answers a presigned URL of one object (or one version) valid for `expires`
 *   milliseconds, at most 604800000 (7 days). The console signs it with a service account of the
 *   sharer made for this one link — restricted by policy to reading that object, expiring with the
 *   link — so it keeps working after the sharer signs out and while the sharer keeps the right to
 *   read the object, and stops when revoked.
 * - `share-links` lists the caller's links that are still active (optionally of one object);
 *   `share-links/{id}` revokes one (the service account is deleted: the link answers 403 at once).
 */
import { z } from 'zod';

/** Spec 2 §9: a share link lives at most 7 days. */
export const MAX_SHARE_MS = 604_800_000;

/** Spec 2 §5 / §8: the two share messages, also the server's refusal of an invalid `expires`. */
export const SHARE_MESSAGES = {
  pastDate: 'Selected date must be greater than current time.',
  tooLong: 'You can share a file only for less than 7 days.',
} as const;

export const ShareObjectQuerySchema = z.object({
  prefix: z.string().min(1).describe('Key of the object'),
  version_id: z.string().optional().describe('Share this version (absent or "null": the latest)'),
  expires: z
    .string()
    .regex(/^\d{1,15}(ms)?$/, 'expires is a number of milliseconds, e.g. 86400000ms')
    .optional()
    .describe('Validity in milliseconds ("{ms}ms"); at most 604800000 (7 days); absent: 7 days'),
});

export const ShareUrlSchema = z.string().describe('The share URL').meta({ id: 'ShareUrl' });

export const ShareLinkSchema = z
  .object({
    id: z.string().describe('Identifier of the link (revoke it with DELETE /share-links/{id})'),
    bucket: z.string(),
    object: z.string().describe('Key of the shared object (shortened with "…" when very long)'),
    object_complete: z.boolean().describe('false when `object` had to be shortened'),
    version_id: z.string().optional(),
    expires_at: z.string().describe('ISO 8601: when the link stops working'),
  })
  .meta({ id: 'ShareLink' });

export const ListShareLinksQuerySchema = z.object({
  bucket: z.string().min(1).max(255).optional().describe('Only links to objects of this bucket'),
  object: z.string().min(1).optional().describe('With bucket: only links to this key'),
  version_id: z.string().optional().describe('With object: only links to this version'),
});

export const ListShareLinksResponseSchema = z
  .object({ links: z.array(ShareLinkSchema) })
  .meta({ id: 'ShareLinkList' });

export const ShareLinkParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_.=+@-]{3,128}$/, 'not a share link id')
    .describe('Identifier of the link'),
});

export type ShareObjectQuery = z.input<typeof ShareObjectQuerySchema>;
export type ShareLink = z.infer<typeof ShareLinkSchema>;
export type ListShareLinksQuery = z.input<typeof ListShareLinksQuerySchema>;
export type ListShareLinksResponse = z.infer<typeof ListShareLinksResponseSchema>;
