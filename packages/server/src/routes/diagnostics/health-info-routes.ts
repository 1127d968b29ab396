/**
 * Diagnostics (spec 2 §7 `/ws/health-info?deadline=1h`): the socket relays the storage server's
 * health report — MinIO's `GET /minio/admin/v3/healthinfo` stream of successive HealthInfo
 * documents, read with the session's credentials (the server checks admin:OBDInfo) — one message
 * per document, each with its timestamp. The storage server's stream ending (by the deadline)
 * closes the socket normally; a document that carries only an error ends it with 1011.
 */
import { STREAMS } from '@coffer/contract';
import type { AdminClient, HealthInfo } from '@coffer/admin-client';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerStream } from '../../streams/register-stream.js';

/** The messages of one socket: each report with its time; a failure report is an error. */
export async function* healthReports(
  admin: AdminClient,
  deadline: string,
  signal: AbortSignal,
): AsyncGenerator<{ timestamp: string; report: HealthInfo }> {
  for await (const report of admin.healthInfo({ deadline, signal })) {
    const failed = typeof report.error === 'string' && report.error !== '';
    if (failed && report.sys === undefined)
      throw new Error(`the storage server's health report failed: ${report.error}`);
    yield {
      timestamp: typeof report.timestamp === 'string' ? report.timestamp : new Date().toISOString(),
      report,
    };
  }
}

export const healthInfoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerStream(app, ctx, STREAMS.healthInfo, ({ session, query, signal }) =>
    healthReports(ctx.clients.forSession(session).admin, query.deadline, signal),
  );
};
