/**
 * Drive formatting: the identity of each drive and of the deployment, and the startup checks that
 * refuse unsafe drive sets.
 *
 * `<drive>/.coffer.sys/format.json` (written atomically):
 *   { "version": 1, "deploymentId": uuid, "driveId": uuid, "drives": [uuid of slot 0, slot 1, …],
 *     "dataShards": d, "parityShards": p }
 * Every drive carries the full ordered list of drive ids, so a drive knows its slot and the set
 * knows when drives were swapped, reordered, duplicated or taken from another deployment. A fresh
 * (empty) drive configured in a slot is formatted with that slot's id and healed.
 *
 * Default parity follows the erasure layout the architecture fixes: 1 drive → 1+0 (no erasure
 * coding), 2 or 3 drives → 1 parity, N ≥ 4 → N/2 parity capped at 8. Read quorum is the data shard
 * count; write quorum is the same, plus one when data and parity are equal (so two disjoint halves
 * can never both accept writes).
 */
import { randomUUID } from 'node:crypto';
import { access, constants, mkdir, open, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from './atomic-file.js';
import { drivePaths } from './layout.js';
import { StartupError } from './startup-error.js';
import { isResourceExhaustion } from './resource-errors.js';

export interface FormatFile {
  version: 1;
  deploymentId: string;
  driveId: string;
  drives: string[];
  dataShards: number;
  parityShards: number;
}

export type FormatReadResult =
  | { state: 'ok'; format: FormatFile }
  | { state: 'unformatted' }
  | { state: 'corrupt'; reason: string }
  | { state: 'offline'; reason: string };

export function defaultParity(drives: number): number {
  if (drives <= 1) return 0;
  if (drives <= 3) return 1;
  return Math.min(Math.floor(drives / 2), 8);
}

export function readQuorumOf(dataShards: number): number {
  return dataShards;
}

export function writeQuorumOf(dataShards: number, parityShards: number): number {
  return dataShards === parityShards ? dataShards + 1 : dataShards;
}

function isFormat(value: unknown): value is FormatFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.version === 1 &&
    typeof v.deploymentId === 'string' &&
    typeof v.driveId === 'string' &&
    Array.isArray(v.drives) &&
    v.drives.every((d) => typeof d === 'string') &&
    typeof v.dataShards === 'number' &&
    typeof v.parityShards === 'number'
  );
}

/**
 * Reads a drive's format.json. Throws only when the process is out of file descriptors
 * (resource-errors.ts): that is no statement about the drive, so no state is made up for it.
 */
export async function readFormat(root: string): Promise<FormatReadResult> {
  const paths = drivePaths(root);
  try {
    await access(root, constants.F_OK);
  } catch (error) {
    if (isResourceExhaustion(error)) throw error;
    return { state: 'offline', reason: errorText(error) };
  }
  let text: string;
  try {
    text = await readFile(paths.format, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'unformatted' };
    if (isResourceExhaustion(error)) throw error;
    return { state: 'offline', reason: errorText(error) };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isFormat(parsed)) return { state: 'corrupt', reason: 'format.json has an unexpected shape' };
    return { state: 'ok', format: parsed };
  } catch (error) {
    return { state: 'corrupt', reason: `format.json is not valid JSON (${errorText(error)})` };
  }
}

export async function writeFormat(root: string, format: FormatFile): Promise<void> {
  const paths = drivePaths(root);
  await mkdir(paths.sys, { recursive: true });
  await writeFileAtomic(paths.format, JSON.stringify(format, null, 2) + '\n');
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Creates the system directory and proves the drive accepts a durable write. */
async function probeWritable(root: string): Promise<void> {
  const paths = drivePaths(root);
  try {
    await mkdir(paths.tmp, { recursive: true });
    const probe = join(paths.tmp, `.probe-${randomUUID()}`);
    const handle = await open(probe, 'w');
    try {
      await handle.writeFile('probe');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rm(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? `permission denied (${code}) — make it writable by the user running the engine (uid ${process.getuid?.() ?? '?'})`
        : code === 'EROFS'
          ? 'the filesystem is read-only (EROFS)'
          : code === 'ENOTDIR'
            ? 'the path (or one of its parents) is a file, not a directory (ENOTDIR)'
            : code === 'ENOSPC'
              ? 'no space left on the device (ENOSPC)'
              : errorText(error);
    throw new StartupError(`Drive ${root} is not writable: ${why}.`, root);
  }
}

export interface PreparedDrives {
  deploymentId: string;
  dataShards: number;
  parityShards: number;
  /** Per configured drive, in order. */
  driveIds: string[];
  /** Indices of drives that were formatted now while others already were: they need healing. */
  freshlyFormatted: number[];
}

/**
 * Checks and formats the configured drives at startup. Throws `StartupError` for drive sets that
 * cannot be used safely; formats an all-fresh set as a new deployment and fresh members of an
 * existing one into their slots.
 */
export async function prepareDrives(
  drives: string[],
  parity: number | undefined,
  log: (msg: string) => void,
): Promise<PreparedDrives> {
  const n = drives.length;
  if (n === 0) throw new StartupError('No drives configured: give at least one drive directory.');
  const resolved = drives.map((d) => resolve(d));
  const seen = new Map<string, number>();
  resolved.forEach((d, i) => {
    const prior = seen.get(d);
    if (prior !== undefined) {
      throw new StartupError(
        `Drive ${d} is listed twice (positions ${prior + 1} and ${i + 1}): every drive must be a different directory.`,
        d,
      );
    }
    seen.set(d, i);
  });
  if (parity !== undefined) {
    if (!Number.isInteger(parity) || parity < 0 || parity > Math.floor(n / 2) || (n > 1 && parity < 1)) {
      throw new StartupError(
        n === 1
          ? `Parity ${parity} is not possible with 1 drive: a single drive has no parity (use 0).`
          : `Parity ${parity} is not possible with ${n} drives: use 1…${Math.floor(n / 2)}.`,
      );
    }
  }

  for (const d of resolved) await probeWritable(d);
  const results = await Promise.all(resolved.map((d) => readFormat(d)));

  const formatted: { index: number; format: FormatFile }[] = [];
  results.forEach((r, index) => {
    if (r.state === 'ok') formatted.push({ index, format: r.format });
    if (r.state === 'offline') {
      throw new StartupError(`Drive ${resolved[index] ?? ''} cannot be read: ${r.reason}.`, resolved[index]);
    }
  });

  if (formatted.length === 0 && results.every((r) => r.state === 'unformatted')) {
    const parityShards = parity ?? defaultParity(n);
    const dataShards = n - parityShards;
    const deploymentId = randomUUID();
    const driveIds = resolved.map(() => randomUUID());
    await Promise.all(
      resolved.map((d, i) =>
        writeFormat(d, {
          version: 1,
          deploymentId,
          driveId: driveIds[i] ?? '',
          drives: driveIds,
          dataShards,
          parityShards,
        }),
      ),
    );
    log(
      `formatted ${n} new drive(s) as deployment ${deploymentId} (${dataShards} data + ${parityShards} parity)`,
    );
    return { deploymentId, dataShards, parityShards, driveIds, freshlyFormatted: [] };
  }

  // The reference deployment is the one most formatted drives belong to.
  const byDeployment = new Map<string, { index: number; format: FormatFile }[]>();
  for (const f of formatted) {
    const list = byDeployment.get(f.format.deploymentId) ?? [];
    list.push(f);
    byDeployment.set(f.format.deploymentId, list);
  }
  const groups = [...byDeployment.values()].sort((a, b) => b.length - a.length);
  const main = groups[0];
  if (main === undefined) {
    const corrupt = results
      .map((r, i) => (r.state === 'corrupt' ? `${resolved[i]}: ${r.reason}` : ''))
      .filter(Boolean);
    throw new StartupError(
      `No drive has a readable format.json, but some are not empty: ${corrupt.join('; ')}. ` +
        'Restore the files from a backup, or wipe the drives to start a new deployment.',
    );
  }
  const reference = main[0]?.format;
  if (reference === undefined) throw new StartupError('internal: empty deployment group');
  for (const group of groups.slice(1)) {
    const other = group[0];
    if (other === undefined) continue;
    const mainDrives = main.map((f) => resolved[f.index]).join(', ');
    throw new StartupError(
      `Drive ${resolved[other.index]} belongs to deployment ${other.format.deploymentId}, but ${mainDrives} ` +
        `belong to deployment ${reference.deploymentId}. Remove that drive from the list, or empty it to add it ` +
        'to this deployment.',
      resolved[other.index],
    );
  }
  if (reference.drives.length !== n) {
    throw new StartupError(
      `The deployment ${reference.deploymentId} was formatted with ${reference.drives.length} drive(s), but ` +
        `${n} are configured: configure the same drives, in the same order, as when it was created.`,
    );
  }
  const idToPath = new Map<string, string>();
  for (const { index, format } of main) {
    const path = resolved[index] ?? '';
    const prior = idToPath.get(format.driveId);
    if (prior !== undefined) {
      throw new StartupError(
        `Drives ${prior} and ${path} carry the same drive id ${format.driveId}: one is a copy or a link of the ` +
          'other. Every configured drive must be a different disk.',
        path,
      );
    }
    idToPath.set(format.driveId, path);
    const expected = reference.drives[index];
    if (format.driveId !== expected) {
      const slot = reference.drives.indexOf(format.driveId);
      throw new StartupError(
        slot >= 0
          ? `Drive ${path} is drive ${slot + 1} of deployment ${reference.deploymentId} but is configured at ` +
              `position ${index + 1}: list the drives in the order they were formatted in.`
          : `Drive ${path} (drive id ${format.driveId}) is not a member of deployment ${reference.deploymentId}'s ` +
              'drive layout: remove it from the list, or empty it so it can take this slot.',
        path,
      );
    }
  }
  const readQuorum = readQuorumOf(reference.dataShards);
  if (main.length < readQuorum) {
    throw new StartupError(
      `Only ${main.length} of ${n} drives carry the format of deployment ${reference.deploymentId} ` +
        `(${main.map((f) => resolved[f.index]).join(', ')}); at least ${readQuorum} are needed to read its data. ` +
        'Reattach the missing drives (in their original order) and start again.',
    );
  }
  if (parity !== undefined && parity !== reference.parityShards) {
    log(
      `parity ${parity} requested, but the deployment was formatted with ${reference.parityShards}: keeping ${reference.parityShards}`,
    );
  }

  const freshlyFormatted: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = results[i];
    if (r === undefined || r.state === 'ok') continue;
    const path = resolved[i] ?? '';
    if (r.state === 'corrupt') log(`drive ${path}: ${r.reason}; rewriting its format and healing it`);
    else
      log(
        `drive ${path} is fresh: formatting it into slot ${i + 1} of deployment ${reference.deploymentId} and healing it`,
      );
    await writeFormat(path, { ...reference, driveId: reference.drives[i] ?? randomUUID() });
    freshlyFormatted.push(i);
  }
  return {
    deploymentId: reference.deploymentId,
    dataShards: reference.dataShards,
    parityShards: reference.parityShards,
    driveIds: reference.drives,
    freshlyFormatted,
  };
}
