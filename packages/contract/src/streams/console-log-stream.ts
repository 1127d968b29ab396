/**
 * Error Logs (spec 2 §2 Logs, §7 `/ws/console`): the storage server's console log, recent entries
 * then the live tail, one message per entry with MinIO's field names (spec 2 §3 "Log message").
 */
import { z } from 'zod';
import { WS_PREFIX } from '../stream-constants.js';
import type { StreamContract } from '../stream-contract.js';

export const ConsoleLogMessageSchema = z
  .object({
    ConsoleMsg: z.string().describe('A plain console line (empty for an error entry)'),
    time: z.string().describe('ISO 8601'),
    level: z.string().describe('INFO, WARNING, ERROR, FATAL or EVENT'),
    node: z.string().describe('The server (node) that logged it'),
    api: z.object({ name: z.string() }).optional(),
    deploymentid: z.string().optional(),
    requestID: z.string().optional(),
    remotehost: z.string().optional(),
    host: z.string().optional(),
    userAgent: z.string().optional(),
    error: z.object({ message: z.string(), source: z.array(z.string()) }).optional(),
  })
  .meta({ id: 'ConsoleLogEntry' });

export const CONSOLE_LOG_STREAMS = {
  consoleLog: {
    path: `${WS_PREFIX}/console`,
    summary: "The storage server's console log, live",
    message: ConsoleLogMessageSchema,
  },
} as const satisfies Record<string, StreamContract>;
