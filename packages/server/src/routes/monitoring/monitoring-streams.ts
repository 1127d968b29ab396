/**
 * The live sockets of Trace and Error Logs (spec 2 §7 `/ws/trace`, `/ws/console`): each is the
 * session's admin client's stream (the storage server decides whether the account may trace or
 * read the log: admin:ServerTrace, admin:ConsoleLog), mapped to the spec's messages. The stream
 * primitive (`registerStream`) does authentication, back-pressure, keep-alive and cancellation.
 */
import { STREAMS } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerStream } from '../../streams/register-stream.js';
import { logMessages } from './console-log-service.js';
import { traceMessages } from './trace-service.js';

export const monitoringStreamRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerStream(app, ctx, STREAMS.trace, ({ session, query, signal }) =>
    traceMessages(ctx.clients.forSession(session).admin, query, signal),
  );
  registerStream(app, ctx, STREAMS.consoleLog, ({ session, signal }) =>
    logMessages(ctx.clients.forSession(session).admin, signal),
  );
};
