/**
 * The Heal page's live socket (spec 2 §7 `/ws/heal/{bucket}?prefix=&recursive=&force-start=&force-stop=`):
 * the session's admin client → the heal upstream (`heal-progress.ts`), served by the stream
 * primitive (session, validation, keep-alive, close 1000 when the heal has finished, 1011 with the
 * storage server's reason when it fails).
 */
import { STREAMS } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerStream } from '../../streams/register-stream.js';
import { healProgress } from './heal-progress.js';

export const healRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerStream(app, ctx, STREAMS.heal, ({ session, params, query, signal }) =>
    healProgress(
      ctx.clients.forSession(session).admin,
      {
        bucket: params.bucket,
        prefix: query.prefix,
        recursive: query.recursive,
        forceStart: query['force-start'],
        forceStop: query['force-stop'],
      },
      signal,
    ),
  );
};
