/** The Watch page's live socket, `/ws/watch/:bucket` (the stream primitive, `streams/`). */
import { STREAMS } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerStream } from '../../streams/register-stream.js';
import { watchBucket } from './watch-stream.js';

export const watchRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerStream(app, ctx, STREAMS.watchBucket, (stream) =>
    watchBucket(ctx.clients.forSession(stream.session).admin, stream),
  );
};
