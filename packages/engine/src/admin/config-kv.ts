/**
 * Admin configuration API (wire doc §3.6; issue 10 §1), MinIO's calls on the engine's
 * `ConfigStore`:
 * - `GET get-config-kv?key=` → KV text (secrets redacted), encrypted with the caller's secret;
 * - `PUT set-config-kv` / `DELETE del-config-kv` ← encrypted KV text;
 * - `GET help-config-kv?subSys=&key=` → madmin's `Help` JSON, plain;
 * - `GET config` / `PUT config` → / ← the whole configuration as KV text, encrypted;
 * - `GET list-config-history-kv?count=` (encrypted JSON), `PUT restore-config-history-kv?restoreId=`,
 *   `DELETE clear-config-history-kv?restoreId=` (`all` allowed): the history of accepted changes.
 * A change that is in force at once answers `x-minio-config-applied: true` (MinIO's dynamic
 * sub-systems); without it the change waits for a restart (`service?action=restart`). A refused
 * change (unknown sub-system or key, bad value, missing required key) is 400
 * XMinioAdminConfigBadJSON with MinIO's message and changes nothing. All need admin:ConfigUpdate.
 */
import { encryptData } from '@coffer/protocol';
import { NotImplemented } from '../common/errors.js';
import { AdminConfigBadJson, AdminInvalidArgument } from '../bucket/errors.js';
import {
  ConfigInvalid,
  configHelp,
  isConfigStore,
  type ConfigChange,
  type ConfigStore,
} from '../config/index.js';
import type { RequestContext } from '../http/context.js';
import { callerOf } from './admin-auth.js';
import { queryParam, readEncryptedBody, sendEmptyOk, sendEncryptedJson } from './admin-body.js';
import { sendAdminJson } from './admin-json.js';

/** MinIO's header for "applied without a restart". */
export const CONFIG_APPLIED_HEADER = 'x-minio-config-applied';

function storeOf(ctx: RequestContext): ConfigStore {
  const config = ctx.engine.config;
  if (!isConfigStore(config)) throw new NotImplemented('This engine has a fixed configuration.');
  return config;
}

/** Run a store call, turning its refusals into MinIO's admin error. */
async function refusing<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ConfigInvalid) throw new AdminConfigBadJson(err.message);
    throw err;
  }
}

async function sendEncryptedText(ctx: RequestContext, text: string): Promise<void> {
  const body = await encryptData(callerOf(ctx).secretKey, Buffer.from(text, 'utf8'));
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'application/octet-stream');
  ctx.res.setHeader('Content-Length', body.length);
  ctx.res.end(body);
}

function sendChange(ctx: RequestContext, change: ConfigChange): void {
  if (change.applied) ctx.res.setHeader(CONFIG_APPLIED_HEADER, 'true');
  sendEmptyOk(ctx);
}

async function readText(ctx: RequestContext): Promise<string> {
  return (await readEncryptedBody(ctx)).toString('utf8');
}

export async function getConfigKv(ctx: RequestContext): Promise<void> {
  const store = storeOf(ctx);
  const text = await refusing(() => store.getText(queryParam(ctx, 'key')));
  await sendEncryptedText(ctx, text);
}

export async function setConfigKv(ctx: RequestContext): Promise<void> {
  const store = storeOf(ctx);
  const text = await readText(ctx);
  sendChange(ctx, await refusing(() => store.setText(text)));
}

export async function delConfigKv(ctx: RequestContext): Promise<void> {
  const store = storeOf(ctx);
  const text = await readText(ctx);
  sendChange(ctx, await refusing(() => store.delText(text)));
}

export async function helpConfigKv(ctx: RequestContext): Promise<void> {
  const help = await refusing(() => configHelp(queryParam(ctx, 'subSys'), queryParam(ctx, 'key')));
  sendAdminJson(ctx, help);
}

export async function getConfig(ctx: RequestContext): Promise<void> {
  await sendEncryptedText(ctx, storeOf(ctx).exportText());
}

export async function setConfig(ctx: RequestContext): Promise<void> {
  const store = storeOf(ctx);
  const text = await readText(ctx);
  await refusing(() => store.importText(text));
  // MinIO answers a whole-config import without the applied header: it takes a restart.
  sendEmptyOk(ctx);
}

export async function listConfigHistoryKv(ctx: RequestContext): Promise<void> {
  const countText = queryParam(ctx, 'count');
  if (countText !== '' && !/^\d+$/.test(countText)) {
    throw new AdminInvalidArgument(`count must be a number, got '${countText}'`);
  }
  // madmin sends 10 when asked for 0 (= all); an absent count lists everything too.
  const count = countText === '' || countText === '0' ? Number.MAX_SAFE_INTEGER : Number(countText);
  await sendEncryptedJson(ctx, await storeOf(ctx).listHistory(count));
}

export async function restoreConfigHistoryKv(ctx: RequestContext): Promise<void> {
  const restoreId = queryParam(ctx, 'restoreId');
  const change = await refusing(() => storeOf(ctx).restoreHistory(restoreId));
  if (change === undefined) throw new AdminInvalidArgument(`no configuration history entry '${restoreId}'`);
  sendChange(ctx, change);
}

export async function clearConfigHistoryKv(ctx: RequestContext): Promise<void> {
  const restoreId = queryParam(ctx, 'restoreId');
  if (!(await storeOf(ctx).clearHistory(restoreId))) {
    throw new AdminInvalidArgument(`no configuration history entry '${restoreId}'`);
  }
  sendEmptyOk(ctx);
}
