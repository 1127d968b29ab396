/**
 * Admin heal (wire doc §3.9, action `admin:Heal`):
 *
 * - `POST /minio/admin/v3/heal/[{bucket}[/{prefix…}]]` — without `clientToken` starts a heal
 *   sequence (`forceStart` stops one running on the same path first) from the `HealOpts` JSON body
 *   and answers madmin's HealStartSuccess; with `clientToken` answers the sequence's status and
 *   drains its items (body ignored); `forceStop` stops it. Key presence is enough for the flags, as
 *   in MinIO; a token with a flag, or both flags, is `InvalidRequest`.
 * - `POST /minio/admin/v3/background-heal/status` — madmin's BgHealState: the drives being refilled
 *   after they were found empty (`HealDisks`, each with its `heal_info` progress), the set's drives.
 *
 * Single-drive deployments have no heal (nothing to heal from): 426, as MinIO in `xl-single`.
 */
import type { RequestContext } from '../http/context.js';
import { plainAddress } from '../http/client-address.js';
import { AdminVersionMismatch, MissingContentLength } from '../http/request-errors.js';
import { InvalidRequest } from '../common/errors.js';
import { sendAdminJson } from './admin-json.js';
import { readPlainBody } from './admin-body.js';
import { RequestBodyParse } from './errors.js';
import { ZERO_HEAL_OPTS, type HealOptsJson } from './heal-sequences.js';
import { diskJson } from './presenters.js';

const HEAL_PATH = '/minio/admin/v3/heal';
/** A HealOpts document is a few hundred bytes. */
const MAX_HEAL_OPTS = 64 * 1024;

/** Whether `path` is a heal call (`/heal`, `/heal/`, `/heal/bucket/prefix…`). */
export function isHealPath(path: string): boolean {
  return path === HEAL_PATH || path.startsWith(`${HEAL_PATH}/`);
}

async function requireErasure(ctx: RequestContext): Promise<void> {
  const info = await ctx.engine.objectLayer.storageInfo();
  if (info.backendType === 'FS') {
    throw new AdminVersionMismatch("This 'admin' API is not supported by server in 'mode-server-fs'");
  }
}

/** `bucket` and `prefix` from the path; the prefix keeps its trailing slash. */
function healTarget(path: string): { bucket: string; prefix: string } {
  const rest = path.slice(HEAL_PATH.length).replace(/^\/+/, '');
  const slash = rest.indexOf('/');
  return slash < 0
    ? { bucket: rest, prefix: '' }
    : { bucket: rest.slice(0, slash), prefix: rest.slice(slash + 1) };
}

function parseHealOpts(body: Buffer): HealOptsJson {
  let value: unknown;
  try {
    value = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
  } catch {
    throw new RequestBodyParse();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RequestBodyParse();
  const v = value as Record<string, unknown>;
  const flag = (key: string): boolean => {
    const x = v[key];
    if (x === undefined || x === null) return false;
    if (typeof x !== 'boolean') throw new RequestBodyParse(`HealOpts.${key} must be true or false`);
    return x;
  };
  const int = (key: string): number | undefined => {
    const x = v[key];
    if (x === undefined || x === null) return undefined;
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 0) {
      throw new RequestBodyParse(`HealOpts.${key} must be a whole number`);
    }
    return x;
  };
  const scanMode = int('scanMode') ?? 0;
  if (scanMode > 2) throw new RequestBodyParse('HealOpts.scanMode must be 0, 1 or 2');
  const pool = int('pool');
  const set = int('set');
  return {
    ...ZERO_HEAL_OPTS,
    recursive: flag('recursive'),
    dryRun: flag('dryRun'),
    remove: flag('remove'),
    recreate: flag('recreate'),
    scanMode,
    updateParity: flag('updateParity'),
    nolock: flag('nolock'),
    ...(pool !== undefined ? { pool } : {}),
    ...(set !== undefined ? { set } : {}),
  };
}

export async function heal(ctx: RequestContext): Promise<void> {
  await requireErasure(ctx);
  const { bucket, prefix } = healTarget(ctx.path);
  const token = ctx.query.get('clientToken') ?? '';
  const forceStart = ctx.query.has('forceStart');
  const forceStop = ctx.query.has('forceStop');
  if ((token !== '' && (forceStart || forceStop)) || (forceStart && forceStop)) {
    throw new InvalidRequest('clientToken cannot be combined with forceStart or forceStop, nor those two');
  }
  const sequences = ctx.engine.heal;
  if (token !== '') {
    sendAdminJson(ctx, sequences.status(bucket, prefix, token));
    return;
  }
  if (forceStop) {
    sendAdminJson(ctx, await sequences.stop(bucket, prefix));
    return;
  }
  const opts = parseHealOpts(await readPlainBody(ctx, MAX_HEAL_OPTS).catch(emptyWithoutLength));
  const address = plainAddress(ctx.req.socket.remoteAddress ?? '');
  sendAdminJson(ctx, await sequences.start(bucket, prefix, opts, { forceStart, clientAddress: address }));
}

/** madmin always sends a body; a bare POST (curl) without Content-Length means no options. */
function emptyWithoutLength(error: unknown): Buffer {
  if (error instanceof MissingContentLength) return Buffer.alloc(0);
  throw error;
}

export async function backgroundHealStatus(ctx: RequestContext): Promise<void> {
  const layer = ctx.engine.objectLayer;
  const info = await layer.storageInfo();
  const healing = info.drives.filter((d) => d.healing);
  const scanned = healing.reduce((n, d) => Math.max(n, d.healInfo?.itemsScanned ?? 0), 0);
  sendAdminJson(ctx, {
    offline_nodes: [],
    ScannedItemsCount: scanned,
    HealDisks: healing.map((d) => d.endpoint),
    sets: [
      {
        // madmin's SetStatus.ID is a string.
        id: '0',
        pool_index: 0,
        set_index: 0,
        heal_status: healing.length > 0 ? 'healing' : 'ok',
        heal_priority: 'normal',
        total_objects: 0,
        disks: info.drives.map(diskJson),
      },
    ],
    mrf: {},
    sc_parity: { STANDARD: info.parityShards, REDUCED_REDUNDANCY: Math.min(info.parityShards, 1) },
  });
}
