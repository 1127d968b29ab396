/**
 * Resumable multipart uploads from the browser (issue 9 §4): the console server creates an S3
 * multipart upload with the session's credentials, takes one part per request (streamed straight
 * into S3 UploadPart, never larger than the upload's part size), lists the parts already stored (a
 * reloaded page sends only the missing ones), completes and aborts.
 *
 * `token` binds an upload to the account that created it, its bucket, key and part size (an HMAC
 * of the console's key): part, list, complete and abort calls of another account, or for another
 * key, are refused even if the upload id is known. It survives session renewal and a new sign-in
 * of the same account, so an upload resumes after a reload.
 */
import { z } from 'zod';

const objectKey = z.string().min(1).max(1024).describe('Full object key');

export const CreateMultipartUploadRequestSchema = z
  .object({
    key: objectKey,
    size: z
      .number()
      .int()
      .nonnegative()
      .max(5 * 1024 ** 4)
      .describe('File size in bytes (sizes the parts)'),
    content_type: z.string().max(256).optional(),
  })
  .meta({ id: 'CreateMultipartUploadRequest' });

export const MultipartUploadSchema = z
  .object({
    key: z.string(),
    upload_id: z.string(),
    part_size: z.number().int().positive().describe('Every part but the last has exactly this size'),
    token: z.string().describe('Pass with every call on this upload'),
  })
  .meta({ id: 'MultipartUpload' });

/** Which upload a call is about. */
export const MultipartUploadQuerySchema = z.object({
  key: objectKey,
  upload_id: z.string().min(1).max(1024),
  token: z.string().min(1).max(256),
});

export const UploadPartQuerySchema = MultipartUploadQuerySchema.extend({
  part_number: z.coerce.number().int().min(1).max(10_000),
});

export const UploadedPartSchema = z
  .object({
    part_number: z.number().int().min(1).max(10_000),
    etag: z.string(),
    size: z.number().int().nonnegative(),
  })
  .meta({ id: 'UploadedPart' });

export const UploadPartsResponseSchema = z
  .object({ parts: z.array(UploadedPartSchema) })
  .meta({ id: 'UploadedParts' });

export const CompleteMultipartUploadRequestSchema = z
  .object({
    parts: z
      .array(z.object({ part_number: z.number().int().min(1).max(10_000), etag: z.string().min(1) }))
      .min(1)
      .max(10_000),
  })
  .meta({ id: 'CompleteMultipartUploadRequest' });

export type CreateMultipartUploadRequest = z.input<typeof CreateMultipartUploadRequestSchema>;
export type MultipartUpload = z.infer<typeof MultipartUploadSchema>;
export type MultipartUploadQuery = z.infer<typeof MultipartUploadQuerySchema>;
export type UploadedPart = z.infer<typeof UploadedPartSchema>;
export type CompleteMultipartUploadRequest = z.input<typeof CompleteMultipartUploadRequestSchema>;
