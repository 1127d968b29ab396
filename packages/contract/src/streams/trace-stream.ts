/**
 * Trace (spec 2 §2 Trace, §4 Trace, §7 `/ws/trace?calls=&threshold=&onlyErrors=&statusCode=&method=&funcname=&path=`):
 * the storage server's API calls as they are made. The message schema is a first cut; the
 * Trace page's owner refines it.
 */
import { z } from 'zod';
import { WS_PREFIX } from '../stream-constants.js';
import type { StreamContract } from '../stream-contract.js';

export const TraceQuerySchema = z.object({
  calls: z
    .string()
    .max(200)
    .default('s3')
    .describe("Comma-separated call kinds (s3, internal, storage, os, …); 'all' overrides the rest"),
  threshold: z.coerce.number().int().min(0).default(0).describe('Only calls slower than this (ms)'),
  onlyErrors: z.enum(['yes', 'no']).default('no'),
  statusCode: z.string().max(20).default(''),
  method: z.string().max(20).default(''),
  funcname: z.string().max(200).default(''),
  path: z.string().max(1024).default(''),
});

export const TraceMessageSchema = z
  .object({
    time: z.string().describe('ISO 8601'),
    api: z.string().describe('The call, e.g. s3.PutObject'),
    statusCode: z.number().int(),
    method: z.string(),
    path: z.string(),
    query: z.string(),
    host: z.string(),
    client: z.string(),
    requestID: z.string(),
    callStats: z.object({
      rx: z.number().int().nonnegative(),
      tx: z.number().int().nonnegative(),
      duration: z.number().nonnegative().describe('Nanoseconds'),
      timeToFirstByte: z.number().nonnegative().describe('Nanoseconds'),
    }),
    error: z.string().optional(),
  })
  .meta({ id: 'TraceEntry' });

export const TRACE_STREAMS = {
  trace: {
    path: `${WS_PREFIX}/trace`,
    summary: "The storage server's API calls, live",
    querystring: TraceQuerySchema,
    message: TraceMessageSchema,
  },
} as const satisfies Record<string, StreamContract>;
