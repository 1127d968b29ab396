/**
 * Error Logs (spec 2 §2 Logs, §7 `/ws/console`): the storage server's console log, recent entries
 * then the live tail. The message schema is a first cut; the Logs page's owner refines it.
 */
import { z } from 'zod';
import { WS_PREFIX } from '../stream-constants.js';
import type { StreamContract } from '../stream-contract.js';

export const ConsoleLogMessageSchema = z
  .object({
    time: z.string().describe('ISO 8601'),
    node: z.string().optional(),
    level: z.string().optional(),
    errKind: z.string().optional(),
    message: z.string().optional(),
    consoleMsg: z.string().optional().describe('A plain console line'),
    error: z.object({ message: z.string(), source: z.array(z.string()).optional() }).optional(),
    api: z
      .object({ name: z.string(), bucket: z.string().optional(), object: z.string().optional() })
      .optional(),
    remoteHost: z.string().optional(),
    requestID: z.string().optional(),
    userAgent: z.string().optional(),
  })
  .meta({ id: 'ConsoleLogEntry' });

export const CONSOLE_LOG_STREAMS = {
  consoleLog: {
    path: `${WS_PREFIX}/console`,
    summary: "The storage server's console log, live",
    message: ConsoleLogMessageSchema,
  },
} as const satisfies Record<string, StreamContract>;
