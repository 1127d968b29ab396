/**
 * Heal (spec 2 §2 Heal, §4 Heal, §7 `/ws/heal/{bucket}?prefix=&recursive=&force-start=&force-stop=`):
 * a heal sequence's progress. Each message is spec 2 §3's 'Heal progress message': running totals
 * since the sequence started, items per health colour (MinIO's Green/Yellow/Red/Grey) before and
 * after healing; the socket closes (1000) once the sequence has finished.
 */
import { z } from 'zod';
import { BucketParamsSchema } from '../buckets.js';
import { WS_PREFIX } from '../stream-constants.js';
import type { StreamContract } from '../stream-contract.js';

const flag = z.stringbool().default(false);

export const HealQuerySchema = z.object({
  prefix: z.string().max(1024).default(''),
  recursive: flag,
  'force-start': flag,
  'force-stop': flag,
});

const count = z.number().int().nonnegative();

const HealColorCountsSchema = z.object({ Green: count, Yellow: count, Red: count, Grey: count });

export const HealMessageSchema = z
  .object({
    healthBeforeCols: HealColorCountsSchema.describe('Items by health colour before healing'),
    healthAfterCols: HealColorCountsSchema.describe('Items by health colour after healing'),
    itemsScanned: count,
    objectsHealed: count,
    objectsScanned: count,
    healDuration: z.number().nonnegative().describe('Seconds since the heal started'),
    bytesScanned: count,
  })
  .meta({ id: 'HealStatus' });

export const HEAL_STREAMS = {
  heal: {
    path: `${WS_PREFIX}/heal/:bucket`,
    summary: 'Heal a bucket (or a prefix) and follow its progress',
    params: BucketParamsSchema,
    querystring: HealQuerySchema,
    message: HealMessageSchema,
  },
} as const satisfies Record<string, StreamContract>;
