// Populates an engine data directory for the listing benchmark without HTTP: opens the object
// layer in this process over the drives (the engine must not be running on them) and writes
// 0-byte objects at high concurrency. Writing a million keys through HTTP would dominate the run;
// the listing being measured reads the same index either way.
//
// Usage: node bench/servers/populate-engine.mjs DATA_DIR DRIVES BUCKET=COUNT [BUCKET=COUNT…]
// Prints one JSON line per bucket: {"bucket":…,"count":…,"seconds":…}.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const [dataDir, drivesArg, ...specs] = process.argv.slice(2);
if (!dataDir || !drivesArg || specs.length === 0) {
  console.error('usage: populate-engine.mjs DATA_DIR DRIVES BUCKET=COUNT…');
  process.exit(2);
}
const repoRoot = resolve(import.meta.dirname, '../..');
const layerModule = await import(
  pathToFileURL(join(repoRoot, 'packages/engine/dist/object-layer/index.js')).href
);
if (typeof layerModule.openObjectLayer !== 'function') {
  console.error('packages/engine/dist/object-layer/index.js does not export openObjectLayer');
  process.exit(3);
}
const drives = Array.from({ length: Number(drivesArg) }, (_, i) => join(dataDir, `drive${i + 1}`));
for (const drive of drives) await mkdir(drive, { recursive: true });
// openObjectLayer resolves to { layer, deploymentId }.
const opened = await layerModule.openObjectLayer({ drives });
const layer = opened.layer ?? opened;
const CONCURRENCY = 256;
try {
  for (const spec of specs) {
    const [bucket, countText] = spec.split('=');
    const count = Number(countText);
    await layer.makeBucket(bucket).catch((err) => {
      if (!/exist|owned/i.test(String(err && (err.code || err.name || err.message)))) throw err;
    });
    const start = performance.now();
    let next = 0;
    let lastReport = start;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        await layer.putObject(bucket, `obj/${String(i).padStart(7, '0')}`, Readable.from([]), { size: 0 });
        const now = performance.now();
        if (now - lastReport > 10_000) {
          lastReport = now;
          console.error(`  populate ${bucket}: ${i}/${count} (${Math.round(i / ((now - start) / 1000))}/s)`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    console.log(JSON.stringify({ bucket, count, seconds: (performance.now() - start) / 1000 }));
  }
} finally {
  await layer.close();
}
