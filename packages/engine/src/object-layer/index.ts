/**
 * Entry point of the object layer: `openObjectLayer` checks and formats the drives (throwing
 * `StartupError` with an actionable message when they cannot be used), opens their indexes, sweeps
 * interrupted writes and returns the running layer. Fresh drives found next to formatted ones are
 * formatted into their slot and healed in the background.
 */
import { Drive } from '../storage/drive.js';
import { prepareDrives } from '../storage/format.js';
import { BitrotHasher } from '../storage/shard-file.js';
import { StartupError } from '../storage/startup-error.js';
import { LayerCore } from './core.js';
import { ErasureObjectLayer } from './erasure-object-layer.js';
import type { ObjectLayer } from './types.js';

export * from './types.js';
export * from './errors.js';
export { StartupError } from '../storage/startup-error.js';
export { ErasureObjectLayer, DATA_USAGE_PATH, emptyDataUsage } from './erasure-object-layer.js';

export interface OpenObjectLayerOptions {
  /** Drive directories, in order (the order is part of the deployment's format). */
  drives: string[];
  /** Parity shards; defaults by drive count (format.ts). Only used when formatting new drives. */
  parity?: number;
  log?: (msg: string) => void;
  /** How often drives are re-checked for being wiped or removed (default 2 s). */
  driveCheckIntervalMs?: number;
}

export async function openObjectLayer(
  options: OpenObjectLayerOptions,
): Promise<{ layer: ObjectLayer & ErasureObjectLayer; deploymentId: string }> {
  const log = options.log ?? (() => undefined);
  const prepared = await prepareDrives(options.drives, options.parity, log);
  const drives = options.drives.map(
    (path, slot) => new Drive(slot, path, prepared.driveIds[slot] ?? '', log),
  );
  try {
    // In parallel: each open may probe its index in a child process.
    await Promise.all(drives.map((d) => d.open()));
  } catch (error) {
    await Promise.all(drives.map((d) => d.close()));
    const drive = drives.find((d) => !d.ok);
    throw new StartupError(
      `Drive ${drive?.endpoint ?? '?'} could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      drive?.endpoint,
    );
  }
  const template = {
    version: 1 as const,
    deploymentId: prepared.deploymentId,
    driveId: '',
    drives: prepared.driveIds,
    dataShards: prepared.dataShards,
    parityShards: prepared.parityShards,
  };
  const core = new LayerCore(
    drives,
    prepared.deploymentId,
    prepared.dataShards,
    prepared.parityShards,
    template,
    await BitrotHasher.create(),
    log,
  );
  const layer = new ErasureObjectLayer(
    core,
    options.driveCheckIntervalMs !== undefined ? { driveCheckIntervalMs: options.driveCheckIntervalMs } : {},
  );
  const toHeal = new Set([
    ...prepared.freshlyFormatted,
    ...drives.filter((d) => d.needsHeal).map((d) => d.slot),
  ]);
  if (toHeal.size > 0) layer.healInBackground([...toHeal]);
  return { layer, deploymentId: prepared.deploymentId };
}
