/**
 * MinIO's heal sequences (wire doc §3.9): one running heal per bucket/prefix path, started with
 * `HealOpts`, polled by its client token, stopped on request.
 *
 * - start: a running sequence on the same path answers its own token while it still has items to
 *   hand out, otherwise `XMinioHealAlreadyRunning` — unless force-start, which stops it first; a
 *   running sequence whose path contains the new one or lies inside it is
 *   `XMinioHealOverlappingPaths`.
 * - status: each poll drains the items gathered since the last one (at most `MAX_UNCONSUMED`
 *   wait: the walk pauses until the client polls, so a client that never polls holds no more than
 *   that in memory); a path without a sequence answers `finished`.
 * - stop: aborts the sequence (its summary becomes `stopped`) and forgets it; token `unknown` when
 *   none ran.
 * Ended sequences are kept `KEEP_ENDED_MS` for their last poll, then dropped.
 */
import { randomUUID } from 'node:crypto';
import type { DriveState } from '../storage/types.js';
import type { HealResultItem, ObjectLayer, StorageInfo } from '../object-layer/types.js';
import { HealAlreadyRunning, HealInvalidClientToken, HealOverlappingPaths } from './errors.js';
import { GO_ZERO_TIME } from './admin-json.js';

/** Items a sequence gathers before it waits for the client to poll (MinIO's limit). */
export const MAX_UNCONSUMED = 1000;
/** How long an ended sequence's status stays available (MinIO: 10 minutes). */
export const KEEP_ENDED_MS = 10 * 60 * 1000;

/** madmin.HealOpts as it arrives; echoed back as `Settings`. */
export interface HealOptsJson {
  recursive: boolean;
  dryRun: boolean;
  remove: boolean;
  recreate: boolean;
  /** 0 unknown, 1 normal, 2 deep. */
  scanMode: number;
  updateParity: boolean;
  nolock: boolean;
  pool?: number;
  set?: number;
}

export const ZERO_HEAL_OPTS: HealOptsJson = {
  recursive: false,
  dryRun: false,
  remove: false,
  recreate: false,
  scanMode: 0,
  updateParity: false,
  nolock: false,
};

interface DriveJson {
  uuid: string;
  endpoint: string;
  state: string;
}

/** madmin.HealResultItem on the wire. */
export interface HealItemJson {
  resultId: number;
  type: 'metadata' | 'bucket' | 'object';
  bucket: string;
  object: string;
  versionId: string;
  detail: string;
  parityBlocks?: number;
  dataBlocks?: number;
  diskCount: number;
  setCount: number;
  before: { drives: DriveJson[] };
  after: { drives: DriveJson[] };
  objectSize: number;
}

export type HealSummary = 'not started' | 'running' | 'stopped' | 'finished';

/** The status document (MinIO's healSequenceStatus: capitalised keys). */
export interface HealStatusJson {
  Summary: HealSummary;
  Detail?: string;
  StartTime: string;
  Settings: HealOptsJson;
  Items: HealItemJson[] | null;
}

export interface HealStartJson {
  clientToken: string;
  clientAddress: string;
  startTime: string;
}

class HealSequence {
  readonly token = randomUUID();
  readonly startTime = new Date();
  readonly controller = new AbortController();
  summary: HealSummary = 'not started';
  detail: string | undefined;
  endedAt: number | undefined;
  items: HealItemJson[] = [];
  nextId = 1;
  done: Promise<void> = Promise.resolve();
  /** Resolves the walk's wait for a poll when too many items are unconsumed. */
  private drained: (() => void) | undefined;

  constructor(
    readonly path: string,
    readonly clientAddress: string,
    readonly settings: HealOptsJson,
  ) {}

  get ended(): boolean {
    return this.summary === 'finished' || this.summary === 'stopped';
  }

  /** Adds an item; waits (abortably) while the client has not taken the earlier ones. */
  async push(item: HealItemJson): Promise<void> {
    this.items.push(item);
    while (this.items.length >= MAX_UNCONSUMED && !this.controller.signal.aborted) {
      await new Promise<void>((resolve) => {
        this.drained = resolve;
        this.controller.signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
  }

  take(): HealItemJson[] {
    const out = this.items;
    this.items = [];
    this.drained?.();
    this.drained = undefined;
    return out;
  }

  end(summary: 'finished' | 'stopped', detail?: string): void {
    if (this.ended) return;
    this.summary = summary;
    if (detail !== undefined) this.detail = detail;
    this.endedAt = Date.now();
  }
}

/** `bucket/prefix` as MinIO keys sequences (no leading slash; "" for everything). */
export function healPath(bucket: string, prefix: string): string {
  return prefix === '' ? bucket : `${bucket}/${prefix}`;
}

/** A drive as a heal item shows it: MinIO's states, a missing format being a missing drive. */
function wireState(state: DriveState): string {
  return state === 'unformatted' ? 'missing' : state;
}

export class HealSequences {
  private readonly sequences = new Map<string, HealSequence>();

  constructor(private readonly layer: ObjectLayer) {}

  /** Starts a sequence on `bucket`/`prefix` (see the module comment for the rules). */
  async start(
    bucket: string,
    prefix: string,
    opts: HealOptsJson,
    request: { forceStart: boolean; clientAddress: string },
  ): Promise<HealStartJson> {
    this.prune();
    const path = healPath(bucket, prefix);
    const existing = this.sequences.get(path);
    if (existing && !existing.ended) {
      if (request.forceStart) await this.stopSequence(existing);
      else if (existing.items.length > 0) return startJson(existing);
      else
        throw new HealAlreadyRunning(
          'Heal is already running on the given path (use force-start option to stop and start afresh). ' +
            `The heal was started by IP ${existing.clientAddress} at ${existing.startTime.toISOString()}, ` +
            `token is ${existing.token}`,
        );
    }
    for (const [other, seq] of this.sequences) {
      if (seq.ended) continue;
      if (other.startsWith(path) || path.startsWith(other)) {
        throw new HealOverlappingPaths(
          `The provided heal sequence path overlaps with an existing heal path: ${other}`,
        );
      }
    }
    // A bucket that does not exist fails here, before a token is handed out.
    if (bucket !== '') await this.layer.getBucketInfo(bucket);
    const info = await this.layer.storageInfo();
    const seq = new HealSequence(path, request.clientAddress, opts);
    this.sequences.set(path, seq);
    seq.summary = 'running';
    seq.done = this.run(seq, info, bucket, prefix);
    return startJson(seq);
  }

  private async run(seq: HealSequence, info: StorageInfo, bucket: string, prefix: string): Promise<void> {
    const opts = seq.settings;
    try {
      await this.layer.healAll({
        signal: seq.controller.signal,
        deep: opts.scanMode === 2,
        removeDangling: opts.remove,
        dryRun: opts.dryRun,
        recursive: opts.recursive,
        ...(bucket !== '' ? { bucket, prefix } : {}),
        // The walk waits here while the client has not polled the earlier items.
        onItem: (item) => seq.push(itemJson(item, info, seq.nextId++)),
      });
      seq.end(seq.controller.signal.aborted ? 'stopped' : 'finished');
    } catch (error) {
      if (seq.controller.signal.aborted) seq.end('stopped');
      else seq.end('stopped', error instanceof Error ? error.message : String(error));
    }
  }

  /** The status of the sequence on `bucket`/`prefix`, draining its items. */
  status(bucket: string, prefix: string, token: string): HealStatusJson {
    this.prune();
    const seq = this.sequences.get(healPath(bucket, prefix));
    if (seq === undefined) {
      return { Summary: 'finished', StartTime: GO_ZERO_TIME, Settings: ZERO_HEAL_OPTS, Items: null };
    }
    if (seq.token !== token) throw new HealInvalidClientToken();
    const items = seq.take();
    return {
      Summary: seq.summary,
      ...(seq.detail !== undefined ? { Detail: seq.detail } : {}),
      StartTime: seq.startTime.toISOString(),
      Settings: seq.settings,
      Items: items.length > 0 ? items : null,
    };
  }

  /** Stops the sequence on `bucket`/`prefix`, if any. */
  async stop(bucket: string, prefix: string): Promise<HealStartJson> {
    const path = healPath(bucket, prefix);
    const seq = this.sequences.get(path);
    if (seq === undefined) {
      return { clientToken: 'unknown', clientAddress: '', startTime: new Date().toISOString() };
    }
    await this.stopSequence(seq);
    this.sequences.delete(path);
    return startJson(seq);
  }

  /** Aborts every sequence (engine shutdown). */
  async close(): Promise<void> {
    await Promise.all([...this.sequences.values()].map((s) => this.stopSequence(s)));
    this.sequences.clear();
  }

  private async stopSequence(seq: HealSequence): Promise<void> {
    seq.controller.abort();
    await seq.done;
    seq.end('stopped');
  }

  private prune(): void {
    const now = Date.now();
    for (const [path, seq] of this.sequences)
      if (seq.endedAt !== undefined && now - seq.endedAt > KEEP_ENDED_MS) this.sequences.delete(path);
  }
}

function startJson(seq: HealSequence): HealStartJson {
  return { clientToken: seq.token, clientAddress: seq.clientAddress, startTime: seq.startTime.toISOString() };
}

/** One heal result as madmin's HealResultItem, drives named as storage info names them. */
export function itemJson(item: HealResultItem, info: StorageInfo, resultId: number): HealItemJson {
  const drives = (states: DriveState[]): DriveJson[] =>
    info.drives.map((d, i) => ({
      uuid: d.uuid,
      endpoint: d.endpoint,
      state: wireState(states[i] ?? 'offline'),
    }));
  const type = item.type ?? 'object';
  return {
    resultId,
    type,
    bucket: item.bucket,
    object: item.key,
    versionId: item.versionId ?? '',
    detail: type === 'metadata' ? 'disk-format' : '',
    ...(type === 'object' ? { parityBlocks: info.parityShards, dataBlocks: info.dataShards } : {}),
    diskCount: info.drives.length,
    setCount: 1,
    before: { drives: drives(item.before) },
    after: { drives: drives(item.after) },
    objectSize: item.objectSize,
  };
}
