/**
 * Diagnostic (spec 2 §2 Diagnostic, §4 Diagnostics, §7 `/ws/health-info?deadline=1h`): the storage
 * server's health report, sent as it is gathered; the last message is the report saved as
 * diagnostic.json. The message schema is a first cut; the Diagnostic page's owner refines it.
 */
import { z } from 'zod';
import { WS_PREFIX } from '../stream-constants.js';
import type { StreamContract } from '../stream-contract.js';

export const HealthInfoQuerySchema = z.object({
  deadline: z
    .string()
    .regex(/^\d+(ms|s|m|h)$/, 'a duration such as 1h, 30m or 90s')
    .default('1h')
    .describe('How long the server may gather (spec 2 §9: 1h)'),
});

export const HealthInfoMessageSchema = z
  .object({ report: z.record(z.string(), z.unknown()).describe('The health report so far') })
  .meta({ id: 'HealthInfoReport' });

export const HEALTH_INFO_STREAMS = {
  healthInfo: {
    path: `${WS_PREFIX}/health-info`,
    summary: "Gather the storage server's health report (diagnostic.json)",
    querystring: HealthInfoQuerySchema,
    message: HealthInfoMessageSchema,
  },
} as const satisfies Record<string, StreamContract>;
