/**
 * Heal (spec 2 §2 Heal, §4 Heal, §7 `/ws/heal/{bucket}?prefix=&recursive=&force-start=&force-stop=`):
 * a heal sequence's progress. The message schema is a first cut; the Heal page's owner refines it.
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

const HealthColoursSchema = z.object({
  green: z.number().int().nonnegative(),
  yellow: z.number().int().nonnegative(),
  red: z.number().int().nonnegative(),
  grey: z.number().int().nonnegative(),
});

export const HealMessageSchema = z
  .object({
    healSessionID: z.string(),
    objectsScanned: z.number().int().nonnegative(),
    objectsHealed: z.number().int().nonnegative(),
    bytesScanned: z.number().int().nonnegative(),
    healDuration: z.number().nonnegative().describe('Nanoseconds'),
    before: HealthColoursSchema.describe('Items by health colour before healing'),
    after: HealthColoursSchema.describe('Items by health colour after healing'),
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
