/**
 * The system area: small documents (IAM, server config, usage snapshots) stored in every drive's
 * index under 's'<path> as { data, mtime }, never visible to S3. A write goes to all drives with
 * write quorum; a read takes the newest copy held by read-quorum drives with identical content, so
 * a drive that missed an update (or a delete) is outvoted. Writes of one path are serialised.
 */
import { decodeValue } from '../storage/drive.js';
import { afterPrefix, systemKey } from '../storage/meta-keys.js';
import type { SystemRecord } from '../storage/records.js';
import type { LayerCore } from './core.js';
import { MergedCursor } from './merged-cursor.js';

function pickSystemRecord(core: LayerCore, values: (unknown | undefined | null)[]): SystemRecord | undefined {
  const present = values.filter((v): v is SystemRecord => v !== null && v !== undefined);
  const groups = new Map<string, { record: SystemRecord; count: number }>();
  for (const r of present) {
    const id = `${r.mtime}:${r.data}`;
    const g = groups.get(id);
    if (g) g.count++;
    else groups.set(id, { record: r, count: 1 });
  }
  let best: SystemRecord | undefined;
  for (const g of groups.values()) {
    if (g.count >= core.readQuorum && (best === undefined || g.record.mtime > best.mtime)) best = g.record;
  }
  return best;
}

export function readSystemFile(core: LayerCore, path: string): Buffer | undefined {
  const key = systemKey(path);
  const values = core.readAll((d) => d.get(key));
  core.requireReadQuorum(values.filter((v) => v !== null).length);
  const record = pickSystemRecord(core, values);
  return record ? Buffer.from(record.data, 'base64') : undefined;
}

export async function writeSystemFile(core: LayerCore, path: string, data: Buffer): Promise<void> {
  const key = systemKey(path);
  await core.objectLocks.exclusive(`\0sys\0${path}`, async () => {
    const current = readSystemFileRecord(core, path);
    const record: SystemRecord = {
      data: data.toString('base64'),
      mtime: Math.max(Date.now(), (current?.mtime ?? 0) + 1),
    };
    await core.commitEach(core.allSlots(), () => [{ key, value: record }]);
  });
}

function readSystemFileRecord(core: LayerCore, path: string): SystemRecord | undefined {
  const key = systemKey(path);
  return pickSystemRecord(
    core,
    core.readAll((d) => d.get(key)),
  );
}

export async function deleteSystemFile(core: LayerCore, path: string): Promise<void> {
  const key = systemKey(path);
  await core.objectLocks.exclusive(`\0sys\0${path}`, async () => {
    await core.commitEach(core.allSlots(), () => [{ key, remove: true }]);
  });
}

export function listSystemFiles(core: LayerCore, prefix: string): string[] {
  const start = systemKey(prefix);
  const cursor = new MergedCursor(core, start, afterPrefix(start));
  const out: string[] = [];
  try {
    core.requireReadQuorum(cursor.answered);
    for (let e = cursor.next(); e !== undefined; e = cursor.next()) {
      if (
        pickSystemRecord(
          core,
          e.values.map((v) => (v ? decodeValue(v) : v)),
        ) !== undefined
      )
        out.push(e.key.subarray(1).toString('utf8'));
    }
  } finally {
    cursor.close();
  }
  return out;
}
