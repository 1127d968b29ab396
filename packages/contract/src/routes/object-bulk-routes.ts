/**
 * Bulk object transfers (issue 9 §5, §6): the ZIP download of folders and selections, and the
 * delete that streams its progress. Entries of the console's route table (composed in
 * `../routes.ts`).
 */
import { BucketParamsSchema } from '../buckets.js';
import { DownloadZipRequestSchema } from '../object-bulk.js';
import { DeleteObjectsRequestSchema } from '../objects.js';
import { API_PREFIX, errors, type RouteContract } from '../route-contract.js';

export const OBJECT_BULK_ROUTES = {
  downloadZip: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/objects/download-zip`,
    summary: 'Download folders and objects as one ZIP archive, streamed',
    description:
      'A form post (application/x-www-form-urlencoded: base, paths repeated) or JSON. The archive is written as the objects are read (stored, ZIP64 where needed); objects that fail are listed in ERRORS.txt inside the archive.',
    tags: ['objects'],
    params: BucketParamsSchema,
    body: DownloadZipRequestSchema,
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    response: { ...errors },
  },
  deleteObjectsProgress: {
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/delete-objects/progress`,
    summary: 'Delete several objects or folders, streaming the counts as NDJSON',
    description:
      'Same body as delete-objects. Answers application/x-ndjson: a {type:"progress",deleted,failed} line after each batch of up to 1,000, then one {type:"done",deleted,failed,errors} line.',
    tags: ['objects'],
    params: BucketParamsSchema,
    body: DeleteObjectsRequestSchema,
    response: { ...errors },
  },
} as const satisfies Record<string, RouteContract>;
