/**
 * Bulk object transfers (issue 9 §5, §6): many objects or folders downloaded as one ZIP, and
 * deletes that report their progress while they run.
 */
import { z } from 'zod';
import { DeleteErrorSchema } from './errors.js';

/** At most this many paths in one ZIP download or progress delete. */
export const BULK_MAX_PATHS = 10_000;

/**
 * A ZIP download. The browser sends it as a form post (so its download manager streams the answer
 * to disk); `paths` then arrives once per selected entry. A path ending in '/' is a folder: all of
 * its subtree goes in. Names in the archive are the keys below `base` (the folder the user is in).
 */
export const DownloadZipRequestSchema = z
  .object({
    base: z.string().default('').describe('Folder the names in the archive are relative to'),
    paths: z
      .union([z.string().min(1), z.array(z.string().min(1)).min(1).max(BULK_MAX_PATHS)])
      .transform((p) => (typeof p === 'string' ? [p] : p))
      .describe("Keys, or folders ending in '/'"),
  })
  .meta({ id: 'DownloadZipRequest' });

/**
 * One line of a progress delete's NDJSON answer. `progress` lines come after each batch (up to
 * 1,000 objects); exactly one `done` line ends the answer with the exact outcome.
 */
export const DeleteProgressLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    deleted: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
  z.object({
    type: z.literal('done'),
    deleted: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    errors: z.array(DeleteErrorSchema).describe('The first failures (at most 100), with reasons'),
  }),
]);

export type DownloadZipRequest = z.input<typeof DownloadZipRequestSchema>;
export type DeleteProgressLine = z.infer<typeof DeleteProgressLineSchema>;
