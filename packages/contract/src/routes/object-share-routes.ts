/**
 * Share links (spec 2 §7 share call, plus the list and revocation of active links).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import { BucketParamsSchema } from '../buckets.js';
import {
  ListShareLinksQuerySchema,
  ListShareLinksResponseSchema,
  ShareLinkParamsSchema,
  ShareObjectQuerySchema,
  ShareUrlSchema,
} from '../object-share.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const OBJECT_SHARE_ROUTES = {
  shareObject: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/objects/share`,
    summary: 'A link to download an object (or a version) without signing in, for up to 7 days',
    description:
      "Answers the URL. It is signed with a service account of the caller made for this link alone (policy: read this one object; expires with the link), so it outlives the session and stops when revoked or when the caller loses read access. An account that may not read the object gets access_denied. An expires of 0 or less answers 'Selected date must be greater than current time.', one above 604800000 'You can share a file only for less than 7 days.'",
    tags: ['objects'],
    params: BucketParamsSchema,
    querystring: ShareObjectQuerySchema,
    response: { 200: ShareUrlSchema, ...errors },
  },
  listShareLinks: {
    method: 'GET',
    path: `${API_PREFIX}/share-links`,
    summary: "The caller's share links that are still active (optionally those of one object)",
    tags: ['objects'],
    querystring: ListShareLinksQuerySchema,
    response: { 200: ListShareLinksResponseSchema, ...errors },
  },
  revokeShareLink: {
    method: 'DELETE',
    path: `${API_PREFIX}/share-links/:id`,
    summary: 'Revoke a share link: it stops working at once',
    tags: ['objects'],
    params: ShareLinkParamsSchema,
    response: { 204: noContent, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
