// Fills one bucket of an engine data directory with 0-byte objects under given prefixes, without
// HTTP: the object layer is opened in this process over the drives (the engine must not be
// running on them), the keys are written at high concurrency, and the layer is closed again. The
// same approach as bench/servers/populate-engine.mjs, which is a CLI with a fixed key prefix; the
// console benchmark needs several prefixes in one bucket.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';

/** Key `i` under `prefix`: zero-padded so lexical order is numeric order. */
export function prefixKey(prefix, i) {
  return `${prefix}${String(i).padStart(7, '0')}`;
}

/**
 * Populate `bucket` in `dataDir` (drives drive1…driveN) with `count` keys under each prefix.
 * Resolves to [{ prefix, count, seconds }].
 */
export async function populatePrefixes({
  repoRoot,
  dataDir,
  drives = 4,
  bucket,
  prefixes,
  concurrency = 256,
  log = () => {},
}) {
  const layerModule = await import(
    pathToFileURL(join(repoRoot, 'packages/engine/dist/object-layer/index.js')).href
  );
  if (typeof layerModule.openObjectLayer !== 'function')
    throw new Error('packages/engine/dist/object-layer/index.js does not export openObjectLayer');
  const drivePaths = Array.from({ length: drives }, (_, i) => join(dataDir, `drive${i + 1}`));
  for (const drive of drivePaths) await mkdir(drive, { recursive: true });
  // openObjectLayer resolves to { layer, deploymentId }.
  const opened = await layerModule.openObjectLayer({ drives: drivePaths });
  const layer = opened.layer ?? opened;
  const results = [];
  try {
    await layer.makeBucket(bucket).catch((err) => {
      if (!/exist|owned/i.test(String(err && (err.code || err.name || err.message)))) throw err;
    });
    for (const { prefix, count } of prefixes) {
      const start = performance.now();
      let next = 0;
      let lastReport = start;
      const worker = async () => {
        while (next < count) {
          const i = next++;
          await layer.putObject(bucket, prefixKey(prefix, i), Readable.from([]), { size: 0 });
          const now = performance.now();
          if (now - lastReport > 10_000) {
            lastReport = now;
            log(
              `  populate ${bucket}/${prefix}: ${i}/${count} (${Math.round(i / ((now - start) / 1000))}/s)`,
            );
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
      results.push({ prefix, count, seconds: (performance.now() - start) / 1000 });
    }
  } finally {
    await layer.close();
  }
  return results;
}
