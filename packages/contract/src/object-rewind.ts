/**
 * Rewind (spec 2 §2 "Rewind", §4 "Rewind", §7 rewind call): a folder as it was at a date. Each
 * key shows its newest version at or before the date; when that version is a delete marker the
 * entry is flagged `delete_flag` (it was deleted then). Keys created after the date are absent.
 * Folders come first, as in the normal listing. Paged like the listing: `limit` keys per answer
 * and a `continuation` to go on.
 */
import { z } from 'zod';
import { BucketObjectSchema } from './objects.js';

export const RewindParamsSchema = z.object({
  bucket: z.string().min(1).max(255),
  date: z.iso.datetime({ offset: true }).describe('ISO 8601 date and time to rewind to'),
});

export const RewindQuerySchema = z.object({
  prefix: z.string().default('').describe('Folder to list ("" = bucket root); ends in "/" for a folder'),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  continuation: z.string().optional().describe('`continuation` of the previous answer'),
});

export const RewindObjectSchema = BucketObjectSchema.extend({
  delete_flag: z.boolean().optional().describe('The key was deleted at that date (a delete marker)'),
}).meta({ id: 'RewindObject' });

export const RewindResponseSchema = z
  .object({
    objects: z.array(RewindObjectSchema),
    continuation: z.string().optional().describe('Present when more entries follow'),
  })
  .meta({ id: 'RewindList' });

export type RewindObject = z.infer<typeof RewindObjectSchema>;
export type RewindQuery = z.input<typeof RewindQuerySchema>;
export type RewindResponse = z.infer<typeof RewindResponseSchema>;
