/**
 * The console's metric history on disk, so a console restart keeps the dashboard's past: one JSON
 * file in the console's data directory (mode 0600), written whole to a temporary file and renamed
 * over the old one (a crash leaves the old or the new file, never half of one), every few minutes
 * and when the console closes; read once at start. An unreadable file is ignored (the history then
 * starts empty) — it only ever holds figures the storage server can serve again.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { MetricHistory, SavedSeries } from './metric-history.js';

interface HistoryFileContent {
  version: 1;
  series: SavedSeries[];
}

function isContent(value: unknown): value is HistoryFileContent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<HistoryFileContent>;
  return v.version === 1 && Array.isArray(v.series);
}

function isSeries(value: unknown): value is SavedSeries {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<SavedSeries>;
  return (
    typeof s.name === 'string' &&
    typeof s.labels === 'object' &&
    s.labels !== null &&
    Object.values(s.labels).every((l) => typeof l === 'string') &&
    Array.isArray(s.points) &&
    s.points.every((p) => Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number'))
  );
}

export async function loadHistory(history: MetricHistory, file: string, now: number): Promise<boolean> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return false;
  }
  if (!isContent(parsed)) return false;
  history.restore(parsed.series.filter(isSeries), now);
  return true;
}

export async function saveHistory(history: MetricHistory, file: string): Promise<void> {
  const content: HistoryFileContent = { version: 1, series: history.dump() };
  const tmp = `${file}.tmp`;
  await writeFile(tmp, JSON.stringify(content), { mode: 0o600 });
  await rename(tmp, file);
}
