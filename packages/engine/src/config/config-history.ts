/**
 * Configuration history (MinIO's list/restore/clear-config-history-kv): every accepted
 * set-config-kv and whole-config import is kept as an entry `{restoreId, createTime, data}` in the
 * system area (`config/history/<restoreId>.json`), the newest `HISTORY_LIMIT` of them. Listing
 * redacts secrets in `data`; restoring re-applies the entry's text as a set-config-kv would.
 */
import { randomUUID } from 'node:crypto';
import { formatKvLine, parseKvText } from './kv-text.js';
import { fieldDef, subsystemDef } from './subsystems.js';

/** What the history needs of the system area (the object layer has these calls). */
export interface HistoryFileStore {
  readSystemFile(path: string): Promise<Buffer | undefined>;
  writeSystemFile(path: string, data: Buffer): Promise<void>;
  listSystemFiles(prefix: string): Promise<string[]>;
  deleteSystemFile(path: string): Promise<void>;
}

/** madmin's `ConfigHistoryEntry`. */
export interface HistoryEntry {
  restoreId: string;
  /** RFC 3339. */
  createTime: string;
  data: string;
}

export const HISTORY_PREFIX = 'config/history/';
/** Entries kept; older ones are dropped when a new one is written. */
export const HISTORY_LIMIT = 100;

const entryPath = (restoreId: string): string => `${HISTORY_PREFIX}${restoreId}.json`;

/** Every entry, oldest first (unreadable ones skipped). */
export async function readHistory(store: HistoryFileStore): Promise<HistoryEntry[]> {
  const paths = await store.listSystemFiles(HISTORY_PREFIX);
  const entries: HistoryEntry[] = [];
  for (const path of paths) {
    const raw = await store.readSystemFile(path);
    if (raw === undefined) continue;
    try {
      const entry = JSON.parse(raw.toString('utf8')) as HistoryEntry;
      if (typeof entry.restoreId === 'string' && typeof entry.data === 'string') entries.push(entry);
    } catch {
      // A damaged entry is not worth failing the list for.
    }
  }
  return entries.sort((a, b) => a.createTime.localeCompare(b.createTime));
}

/** Keep `data` (an accepted change) as a new entry, dropping the oldest beyond the limit. */
export async function appendHistory(
  store: HistoryFileStore,
  data: string,
  now = new Date(),
): Promise<HistoryEntry> {
  const entry: HistoryEntry = { restoreId: randomUUID(), createTime: now.toISOString(), data };
  await store.writeSystemFile(entryPath(entry.restoreId), Buffer.from(JSON.stringify(entry)));
  const all = await readHistory(store);
  for (const old of all.slice(0, Math.max(0, all.length - HISTORY_LIMIT))) {
    await store.deleteSystemFile(entryPath(old.restoreId));
  }
  return entry;
}

/** One entry by id, or undefined. */
export async function findHistory(
  store: HistoryFileStore,
  restoreId: string,
): Promise<HistoryEntry | undefined> {
  if (!/^[A-Za-z0-9-]+$/.test(restoreId)) return undefined;
  const raw = await store.readSystemFile(entryPath(restoreId));
  return raw === undefined ? undefined : (JSON.parse(raw.toString('utf8')) as HistoryEntry);
}

/** Remove one entry (`all`: every entry); false when the id names none. */
export async function clearHistory(store: HistoryFileStore, restoreId: string): Promise<boolean> {
  const ids = restoreId === 'all' ? (await readHistory(store)).map((e) => e.restoreId) : [restoreId];
  if (restoreId !== 'all' && (await findHistory(store, restoreId)) === undefined) return false;
  for (const id of ids) await store.deleteSystemFile(entryPath(id));
  return true;
}

/** An entry's text with the secret values replaced, as the list shows it. */
export function redactHistoryData(data: string, redacted: string): string {
  let lines;
  try {
    lines = parseKvText(data);
  } catch {
    return '';
  }
  return lines
    .map((line) => {
      const def = subsystemDef(line.subsystem);
      const pairs = line.pairs.map(([key, value]): [string, string] => [
        key,
        def !== undefined && fieldDef(def, key)?.secret === true && (value ?? '') !== ''
          ? redacted
          : (value ?? ''),
      ]);
      return formatKvLine(line.subsystem, line.target, pairs);
    })
    .join('\n');
}
