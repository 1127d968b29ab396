/**
 * Rewind (spec 2 §7 rewind call): a folder's objects as they were at a date.
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import { RewindParamsSchema, RewindQuerySchema, RewindResponseSchema } from '../object-rewind.js';
import { API_PREFIX, errors, type RouteContract } from '../route-contract.js';

export const OBJECT_REWIND_ROUTES = {
  rewindObjects: {
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/rewind/:date`,
    summary: 'A folder as it was at a date: each key’s newest version at or before it (paged)',
    description:
      'Read from the storage server’s version listing of the prefix (with the "/" delimiter, page by page), never of the whole bucket. A key whose version at the date is a delete marker has delete_flag; keys created later are absent.',
    tags: ['objects'],
    params: RewindParamsSchema,
    querystring: RewindQuerySchema,
    response: { 200: RewindResponseSchema, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
