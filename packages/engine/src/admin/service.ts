/**
 * Admin `POST /service?action=` (wire doc §3.12): `restart` answers first, then restarts the
 * engine in place (`EngineService.restart`: same process and listening address, services rebuilt
 * from the drives; requests during the swap wait). madmin's V2 form (`type=2`, optional
 * `dry-run`) gets its JSON result `{action, dryRun, results:[{host}]}`; V1 an empty 200.
 * `stop`, `freeze` and `unfreeze` are refused (501): an embedded engine is stopped by whoever
 * started it, and nothing here freezes S3 traffic. Unknown actions are MalformedPOSTRequest.
 */
import { NotImplemented, defineError } from '../common/errors.js';
import type { RequestContext } from '../http/context.js';
import { requireAdminAction } from './admin-auth.js';
import { queryParam, sendEmptyOk } from './admin-body.js';
import { sendAdminJson } from './admin-json.js';

/** MinIO answers an unknown action with MalformedPOSTRequest (400). */
class MalformedPostRequest extends defineError('MalformedPOSTRequest') {}

const ACTIONS: Record<string, string> = {
  restart: 'admin:ServiceRestart',
  stop: 'admin:ServiceStop',
  freeze: 'admin:ServiceFreeze',
  unfreeze: 'admin:ServiceFreeze',
};

export async function serviceAction(ctx: RequestContext): Promise<void> {
  const action = queryParam(ctx, 'action');
  const needed = ACTIONS[action];
  if (needed === undefined) throw new MalformedPostRequest(`unknown service action '${action}'`);
  requireAdminAction(ctx, needed);
  const service = ctx.engine.service;
  if (action !== 'restart' || service === undefined) {
    throw new NotImplemented(`service action '${action}' is not supported by this engine`);
  }
  const dryRun = queryParam(ctx, 'dry-run') === 'true';
  if (!dryRun) {
    // Answer first (MinIO sends its reply before the restart signal), then swap the services.
    ctx.res.once('finish', () => {
      setImmediate(() => {
        service.restart().catch((err: unknown) => {
          console.error('[engine] restart failed', err);
        });
      });
    });
  }
  if (queryParam(ctx, 'type') === '2') {
    sendAdminJson(ctx, { action, dryRun, results: [{ host: ctx.engine.endpoint() }] });
  } else {
    sendEmptyOk(ctx);
  }
  await Promise.resolve();
}
