/**
 * Agreement between drives on an object's versions. Each drive reports its own record; a version
 * is valid when at least read-quorum drives hold it with the same signature (records.ts). Versions
 * held by fewer drives are "dangling": a write that failed half-way, or a version whose other
 * copies were lost — never shown, removed by heal with `removeDangling`.
 */
import { decodeValue } from '../storage/drive.js';
import { versionSignature, type ObjectRecord, type VersionRecord } from '../storage/records.js';

export interface Holder {
  slot: number;
  /** That drive's copy of the version. */
  version: VersionRecord;
  /** Position in that drive's version list (0 = newest). */
  position: number;
}

export interface ResolvedVersion {
  signature: string;
  /** A representative copy (records carry no per-drive fields). */
  version: VersionRecord;
  holders: Holder[];
}

export interface Resolution {
  /** Valid versions, newest first. */
  versions: ResolvedVersion[];
  dangling: ResolvedVersion[];
  /** Drives that answered (had a record or reported none). */
  answered: number;
}

/** Drives holding byte-identical records: decoded once. */
interface RecordGroup {
  record: ObjectRecord;
  slots: number[];
}

/**
 * Resolves encoded records (as read from the drives' indexes): identical bytes are decoded once,
 * which in the normal case (all drives agree) makes a key cost one decode whatever the drive count.
 * @param raws per drive slot: the encoded record, `undefined` when absent, `null` when the drive
 * did not answer.
 */
export function resolveRaw(raws: (Buffer | undefined | null)[], readQuorum: number): Resolution {
  const groups: { raw: Buffer; slots: number[] }[] = [];
  let answered = 0;
  raws.forEach((raw, slot) => {
    if (raw === null) return;
    answered++;
    if (raw === undefined) return;
    const same = groups.find((g) => g.raw === raw || g.raw.equals(raw));
    if (same) same.slots.push(slot);
    else groups.push({ raw, slots: [slot] });
  });
  return resolveGroups(
    groups.map((g) => ({ record: decodeValue(g.raw) as ObjectRecord, slots: g.slots })),
    answered,
    readQuorum,
  );
}

/**
 * @param records per drive slot: the drive's record, `undefined` when it has none, `null` when the
 * drive did not answer.
 */
export function resolveVersions(
  records: (ObjectRecord | undefined | null)[],
  readQuorum: number,
): Resolution {
  const groups: RecordGroup[] = [];
  let answered = 0;
  records.forEach((record, slot) => {
    if (record === null) return;
    answered++;
    if (record !== undefined) groups.push({ record, slots: [slot] });
  });
  return resolveGroups(groups, answered, readQuorum);
}

function resolveGroups(groups: RecordGroup[], answered: number, readQuorum: number): Resolution {
  const bySig = new Map<string, ResolvedVersion>();
  for (const { record, slots } of groups) {
    record.versions.forEach((version, position) => {
      const signature = versionSignature(version);
      let entry = bySig.get(signature);
      if (entry === undefined) {
        entry = { signature, version, holders: [] };
        bySig.set(signature, entry);
      }
      for (const slot of slots) entry.holders.push({ slot, version, position });
    });
  }
  const versions: ResolvedVersion[] = [];
  const dangling: ResolvedVersion[] = [];
  for (const entry of bySig.values()) (entry.holders.length >= readQuorum ? versions : dangling).push(entry);
  // The same version id can appear with two signatures (a metadata update that reached only some
  // drives): keep the newer one when both made quorum.
  const byId = new Map<string, ResolvedVersion>();
  for (const v of versions) {
    const prior = byId.get(v.version.id);
    if (prior === undefined || rank(v) > rank(prior)) byId.set(v.version.id, v);
  }
  const unique = [...byId.values()];
  const avgPosition = (v: ResolvedVersion): number =>
    v.holders.reduce((sum, h) => sum + h.position, 0) / Math.max(1, v.holders.length);
  unique.sort((a, b) => b.version.mtime - a.version.mtime || avgPosition(a) - avgPosition(b));
  for (const v of versions) if (!unique.includes(v)) dangling.push(v);
  return { versions: unique, dangling, answered };
}

function rank(v: ResolvedVersion): number {
  return (v.version.metaTime ?? 0) * 1000 + v.holders.length;
}
