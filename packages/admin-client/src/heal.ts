/**
 * Heal (wire doc §3.9, admin:Heal): start a heal sequence on a bucket and prefix, poll its status
 * by client token (each poll hands out the items gathered since the last), stop it; and the
 * background heal state (drives being refilled).
 *
 * Quirks handled here: a start or stop that takes long is answered 200 with keep-alive spaces
 * before the one JSON document, which may then be an error (`{"Code",…}`): the body is trimmed and
 * an error shape rejected as AdminApiError. The status document has capitalised keys that madmin
 * reads case-insensitively: they are matched case-insensitively here too.
 *
 * `healItemColors` gives an item's health colour before and after as MinIO's console and `mc`
 * show it: from the drives online ('ok') less the data blocks, against the parity.
 */
import type { AdminTransport, CallOptions } from './admin-client.js';
import { AdminApiError } from './errors.js';

/** madmin.HealOpts. */
export interface HealOpts {
  recursive?: boolean;
  dryRun?: boolean;
  remove?: boolean;
  recreate?: boolean;
  /** 0 unknown, 1 normal, 2 deep. */
  scanMode?: 0 | 1 | 2;
  updateParity?: boolean;
  nolock?: boolean;
}

/** madmin.HealStartSuccess / HealStopSuccess. */
export interface HealStartSuccess {
  clientToken: string;
  clientAddress: string;
  startTime: string;
}

export interface HealDriveInfo {
  uuid: string;
  endpoint: string;
  /** ok, offline, corrupt, missing, … */
  state: string;
}

/** madmin.HealResultItem. */
export interface HealResultItem {
  resultId: number;
  type: string;
  bucket: string;
  object: string;
  versionId?: string;
  detail?: string;
  parityBlocks?: number;
  dataBlocks?: number;
  diskCount: number;
  setCount: number;
  before: { drives: HealDriveInfo[] | null };
  after: { drives: HealDriveInfo[] | null };
  objectSize: number;
}

/** madmin.HealTaskStatus. */
export interface HealTaskStatus {
  /** 'not started' | 'running' | 'stopped' | 'finished' */
  summary: string;
  detail?: string;
  startTime: string;
  settings?: HealOpts;
  items: HealResultItem[];
}

/** madmin.BgHealState (the parts a console reads). */
export interface BackgroundHealState {
  offline_nodes?: string[];
  ScannedItemsCount: number;
  HealDisks: string[] | null;
  sets?: {
    id: string;
    pool_index: number;
    set_index: number;
    heal_status: string;
    heal_priority: string;
    total_objects: number;
    disks: Record<string, unknown>[] | null;
  }[];
}

export type HealColor = 'Green' | 'Yellow' | 'Red' | 'Grey';

export interface HealCalls {
  /** `POST /heal/{bucket}/{prefix}` without a token: starts a sequence (forceStart: replace a running one). */
  healStart(
    bucket: string,
    prefix: string,
    opts: HealOpts,
    options?: CallOptions & { forceStart?: boolean },
  ): Promise<HealStartSuccess>;
  /** The status of the sequence with `clientToken`, with the items since the last poll. */
  healStatus(
    bucket: string,
    prefix: string,
    clientToken: string,
    options?: CallOptions,
  ): Promise<HealTaskStatus>;
  /** `forceStop`: stops the sequence on that path (token 'unknown' when none ran). */
  healStop(bucket: string, prefix: string, options?: CallOptions): Promise<HealStartSuccess>;
  /** `POST /background-heal/status`. */
  backgroundHealStatus(options?: CallOptions): Promise<BackgroundHealState>;
}

function healPath(bucket: string, prefix: string): string {
  const segments = [bucket, ...(prefix === '' ? [] : prefix.split('/'))].map(encodeURIComponent);
  return `/heal/${segments.join('/')}`;
}

/** A heal answer's one JSON document (keep-alive spaces trimmed); an error shape rejects. */
function parseHealDocument(body: Buffer, status: number): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = JSON.parse(body.toString('utf8').trim());
  } catch {
    throw new AdminApiError(
      'InvalidResponse',
      'the storage server answered the heal call with something that is not JSON',
      status,
    );
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new AdminApiError(
      'InvalidResponse',
      'the storage server answered the heal call with no JSON object',
      status,
    );
  }
  const record = doc as Record<string, unknown>;
  if (typeof record.Code === 'string' && record.Code !== '') {
    throw new AdminApiError(
      record.Code,
      typeof record.Message === 'string' ? record.Message : record.Code,
      status,
    );
  }
  return record;
}

/** `key` of `doc`, matched case-insensitively (Go's JSON decoder does the same). */
function field(doc: Record<string, unknown>, key: string): unknown {
  if (key in doc) return doc[key];
  const lower = key.toLowerCase();
  const found = Object.keys(doc).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : doc[found];
}

function startSuccess(doc: Record<string, unknown>): HealStartSuccess {
  return {
    clientToken: String(field(doc, 'clientToken') ?? ''),
    clientAddress: String(field(doc, 'clientAddress') ?? ''),
    startTime: String(field(doc, 'startTime') ?? ''),
  };
}

export function healCalls({ request, requestJson }: AdminTransport): HealCalls {
  const post = async (
    bucket: string,
    prefix: string,
    query: Record<string, string>,
    body: HealOpts,
    options?: CallOptions,
  ): Promise<Record<string, unknown>> => {
    const res = await request({
      method: 'POST',
      path: healPath(bucket, prefix),
      query,
      body,
      ...(options?.signal ? { signal: options.signal } : {}),
    });
    return parseHealDocument(res.body, res.status);
  };
  return {
    healStart: async (bucket, prefix, opts, o) =>
      startSuccess(await post(bucket, prefix, o?.forceStart ? { forceStart: 'true' } : {}, opts, o)),
    healStop: async (bucket, prefix, o) =>
      startSuccess(await post(bucket, prefix, { forceStop: 'true' }, {}, o)),
    healStatus: async (bucket, prefix, clientToken, o) => {
      const doc = await post(bucket, prefix, { clientToken }, {}, o);
      const items = field(doc, 'Items');
      const detail = field(doc, 'Detail');
      const settings = field(doc, 'Settings');
      return {
        summary: String(field(doc, 'Summary') ?? ''),
        ...(typeof detail === 'string' && detail !== '' ? { detail } : {}),
        startTime: String(field(doc, 'StartTime') ?? ''),
        ...(typeof settings === 'object' && settings !== null ? { settings: settings as HealOpts } : {}),
        items: Array.isArray(items) ? (items as HealResultItem[]) : [],
      };
    },
    backgroundHealStatus: (o) =>
      requestJson<BackgroundHealState>({
        method: 'POST',
        path: '/background-heal/status',
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
  };
}

/** Drives in state 'ok' before and after (madmin's GetOnlineCounts). */
export function onlineCounts(item: HealResultItem): { before: number; after: number } {
  const ok = (drives: HealDriveInfo[] | null): number =>
    (drives ?? []).filter((d) => d.state === 'ok').length;
  return { before: ok(item.before.drives), after: ok(item.after.drives) };
}

/**
 * Upper bounds of surplus shards (online less data) per parity count for Red, Yellow and Green
 * (-1: that colour is never used), MinIO's colour table.
 */
const COLOR_BOUNDS: Record<number, readonly [number, number, number]> = {
  1: [0, -1, 1],
  2: [0, 1, 2],
  3: [1, 2, 3],
  4: [1, 2, 4],
  5: [1, 3, 5],
  6: [2, 4, 6],
  7: [2, 4, 7],
  8: [2, 5, 8],
};
const COLOR_ORDER: readonly HealColor[] = ['Red', 'Yellow', 'Green'];

/** The colour of `surplus` shards above quorum with `parity` parity shards; undefined when out of range. */
export function healColor(surplus: number, parity: number): HealColor | undefined {
  const bounds = COLOR_BOUNDS[parity];
  if (bounds === undefined || surplus > parity) return undefined;
  if (surplus < 0) return 'Grey';
  const index = bounds.findIndex((bound) => bound !== -1 && surplus <= bound);
  return index < 0 ? undefined : COLOR_ORDER[index];
}

/**
 * An item's colour before and after healing: objects by their data and parity blocks; drive
 * formats and buckets, which every drive holds a copy of, by a majority quorum of the set's drives.
 */
export function healItemColors(item: HealResultItem): { before?: HealColor; after?: HealColor } {
  const online = onlineCounts(item);
  if (item.type === 'metadata' || item.type === 'bucket') {
    const sets = Math.max(1, item.setCount);
    const perSet = Math.floor(item.diskCount / sets);
    const quorum = Math.floor(perSet / 2) + 1;
    const parity = perSet - quorum;
    const color = (n: number): HealColor | undefined => healColor(Math.floor(n / sets) - quorum, parity);
    return withDefined(color(online.before), color(online.after));
  }
  const data = item.dataBlocks ?? 0;
  const parity = item.parityBlocks ?? 0;
  return withDefined(healColor(online.before - data, parity), healColor(online.after - data, parity));
}

function withDefined(
  before: HealColor | undefined,
  after: HealColor | undefined,
): { before?: HealColor; after?: HealColor } {
  return { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) };
}
