/**
 * Objects (spec 2 §3, §7) plus what a big bucket needs (user needs #1, #3, #10):
 *
 * - Listing is paged: `limit` entries per answer and an opaque `continuation` to get the next
 *   page, so the first page of a 100,000-object prefix costs one page. Folders (common prefixes)
 *   come as entries whose `name` ends in `/`; `name` is always the full key.
 * - `search` lists the whole subtree under `prefix` on the server and keeps the objects whose name
 *   below the prefix contains the text (case-insensitive). Each answer scans a bounded amount;
 *   when `continuation` is present the search is not finished — ask again with it.
 * - Deletes report exact counts (`DeleteOutcome`); a partial failure is an error answer carrying
 *   the same outcome.
 * - Uploads are multipart/form-data, one part per file; the part's filename (which may contain
 *   `/`) is appended to `prefix`. A part whose field name is a decimal number gives the file size
 *   (what MinIO's console sends), which lets the server size the upload parts; it is optional.
 */
import { z } from 'zod';

const flag = (description: string) => z.stringbool().default(false).describe(description);

export const BucketObjectSchema = z
  .object({
    name: z.string().describe('Full key; a folder ends in "/"'),
    size: z.number().int().nonnegative().optional(),
    last_modified: z.string().optional().describe('ISO 8601'),
    etag: z.string().optional(),
    version_id: z.string().optional(),
    is_latest: z.boolean().optional(),
    is_delete_marker: z.boolean().optional(),
    content_type: z.string().optional(),
    user_metadata: z.record(z.string(), z.string()).optional(),
    tags: z.record(z.string(), z.string()).optional(),
    legal_hold_status: z
      .enum(['ON', 'OFF'])
      .optional()
      .describe("Listing of one object's key: the version's legal hold, when its bucket has object locking"),
    retention_mode: z
      .enum(['governance', 'compliance'])
      .optional()
      .describe("Listing of one object's key: the version's retention mode, when it has one"),
    retention_until_date: z.string().optional().describe('With retention_mode: retain-until date, ISO 8601'),
  })
  .meta({ id: 'BucketObject' });

export const ListObjectsQuerySchema = z.object({
  prefix: z.string().default('').describe('Folder to list ("" = bucket root); ends in "/" for a folder'),
  with_versions: flag('List every version and delete marker'),
  with_metadata: flag('Include user metadata, content type and tags (MinIO listing extension)'),
  recursive: flag('List the whole subtree without folder entries'),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  continuation: z.string().optional().describe('`continuation` of the previous answer'),
  search: z.string().min(1).optional().describe('Objects under prefix whose name contains this'),
});

export const ListObjectsResponseSchema = z
  .object({
    objects: z.array(BucketObjectSchema),
    continuation: z.string().optional().describe('Present when more entries (or more search) follow'),
    scanned: z.number().int().nonnegative().optional().describe('With search: keys examined by this answer'),
  })
  .meta({ id: 'ObjectList' });

export const DeleteObjectQuerySchema = z.object({
  path: z.string().min(1).describe('Key, or folder prefix with recursive=true'),
  recursive: flag('Delete everything under path'),
  version_id: z.string().optional().describe('Delete this version (not with recursive)'),
  all_versions: flag('Delete every version (and delete marker), not just add a delete marker'),
});

export const DeleteObjectsRequestSchema = z
  .array(
    z.object({
      path: z.string().min(1),
      versionID: z.string().optional(),
      recursive: z.boolean().default(false),
    }),
  )
  .min(1)
  .max(10_000)
  .meta({ id: 'DeleteObjectsRequest' });

export const DownloadObjectQuerySchema = z.object({
  prefix: z.string().min(1).describe('Key of the object'),
  version_id: z.string().optional(),
});

export const UploadObjectsQuerySchema = z.object({
  prefix: z.string().default('').describe('Folder the files go to'),
});

export const UploadedObjectSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  etag: z.string(),
  version_id: z.string().optional(),
});

export const UploadObjectsResponseSchema = z
  .object({ uploaded: z.array(UploadedObjectSchema) })
  .meta({ id: 'UploadResult' });

export type BucketObject = z.infer<typeof BucketObjectSchema>;
export type ListObjectsQuery = z.input<typeof ListObjectsQuerySchema>;
export type ListObjectsResponse = z.infer<typeof ListObjectsResponseSchema>;
export type DeleteObjectQuery = z.input<typeof DeleteObjectQuerySchema>;
export type DeleteObjectsRequest = z.input<typeof DeleteObjectsRequestSchema>;
export type DownloadObjectQuery = z.input<typeof DownloadObjectQuerySchema>;
export type UploadObjectsQuery = z.input<typeof UploadObjectsQuerySchema>;
export type UploadedObject = z.infer<typeof UploadedObjectSchema>;
export type UploadObjectsResponse = z.infer<typeof UploadObjectsResponseSchema>;
