/**
 * Crash-isolated check of a drive's LMDB index before the engine opens it.
 *
 * LMDB trusts its memory-mapped file: an environment whose pages were damaged (bitrot, a bad
 * copy, random bytes) does not fail with an error, it crashes the process (SIGSEGV) on open or
 * on the first read of a bad page. So at startup — and when a drive comes back — a short-lived
 * child process opens the index and reads every entry; if the child dies or throws, the index is
 * declared corrupt and the caller sets it aside (renamed, never deleted) and starts an empty one,
 * which healing refills from the other drives. A healthy index costs one Node start-up plus a scan
 * of the index (≈ 1 s per million entries), run for all drives in parallel.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const PROBE_SOURCE = `
const [lmdbUrl, path] = process.argv.slice(-2);
const { open } = await import(lmdbUrl);
const db = open({ path, keyEncoding: 'binary', encoding: 'binary' });
let entries = 0;
for (const { value } of db.getRange({})) {
  if (value === undefined) throw new Error('entry without value');
  entries++;
}
await db.close();
process.stdout.write(String(entries));
`;

export type ProbeResult = { ok: true; entries: number } | { ok: false; reason: string };

/** Opens and scans the LMDB environment at `path` in a child process. */
export function probeIndex(path: string, timeoutMs = 120_000): Promise<ProbeResult> {
  const lmdbUrl = pathToFileURL(createRequire(import.meta.url).resolve('lmdb')).href;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE_SOURCE, '--', lmdbUrl, path], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ ok: true, entries: Number(out) });
      else if (signal) resolve({ ok: false, reason: `opening it crashed the probe (${signal})` });
      else resolve({ ok: false, reason: err.trim().split('\n').slice(-1)[0] ?? `probe exited with ${code}` });
    });
  });
}
