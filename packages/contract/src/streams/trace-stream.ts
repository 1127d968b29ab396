/**
 * Trace (spec 2 §2 Trace, §4 Trace, §7 `/ws/trace?calls=&threshold=&onlyErrors=&statusCode=&method=&funcname=&path=`):
 * the storage server's API calls as they are made, one message per call (spec 2 §3 "Trace
 * message"). `calls` and `threshold` (milliseconds) and `onlyErrors` go to the storage server's
 * trace; the other filters are applied by the console to each call.
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
  statusCode: z
    .string()
    .regex(/^(\d{3})?$/, 'a status code is three digits')
    .default('')
    .describe('Only calls answered with this HTTP status'),
  method: z.string().max(20).default('').describe('Only calls with this HTTP method'),
  funcname: z.string().max(200).default('').describe('Only calls whose name contains this (s3.PutObject)'),
  path: z.string().max(1024).default('').describe('Only calls whose path contains this'),
});

/** The socket's query after validation (defaults filled in). */
export type TraceQuery = z.output<typeof TraceQuerySchema>;

export const TraceMessageSchema = z
  .object({
    time: z.string().describe('When the call arrived, ISO 8601'),
    api: z.string().describe('The call, e.g. s3.PutObject'),
    statusCode: z.number().int(),
    statusMsg: z.string().describe("The status's text, e.g. OK"),
    method: z.string(),
    path: z.string(),
    query: z.string(),
    host: z.string().describe('The server (node) that answered'),
    client: z.string().describe("The caller's address"),
    requestID: z.string(),
    configuration_id: z.string().optional(),
    callStats: z.object({
      rx: z.number().int().nonnegative().describe('Bytes uploaded'),
      tx: z.number().int().nonnegative().describe('Bytes downloaded'),
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
