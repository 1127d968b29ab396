/**
 * Diagnostic (spec 2 §2 Diagnostic, §4 Diagnostics, §7 `/ws/health-info?deadline=1h`): the storage
 * server's health report, sent as it is gathered; the last message is the report saved as
 * diagnostic.json. A message is the time of the report and the report itself (spec 2 §3
 * "Diagnostic message"): MinIO's `HealthInfo` document as the storage server sent it.
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
  .object({
    timestamp: z.string().describe('When the storage server made this report (ISO 8601)'),
    report: z.record(z.string(), z.unknown()).describe("The health report so far (MinIO's HealthInfo)"),
  })
  .meta({ id: 'HealthInfoReport' });

export const HEALTH_INFO_STREAMS = {
  healthInfo: {
    path: `${WS_PREFIX}/health-info`,
    summary: "Gather the storage server's health report (diagnostic.json)",
    querystring: HealthInfoQuerySchema,
    message: HealthInfoMessageSchema,
  },
} as const satisfies Record<string, StreamContract>;
