/**
 * Admin `GET /minio/admin/v3/healthinfo` (alias `/obdinfo`), MinIO's health info / OBD (wire doc
 * §1.3, §3.12): a 200 `text/event-stream` of successive madmin `HealthInfo` documents (version
 * "3") — first, as MinIO, one with only the version, time and deployment id (madmin's
 * `ServerHealthInfo` reads that one to check the version and hands the rest of the stream to its
 * caller, so facts sent first would be lost to madmin clients), then the facts read at once (CPU,
 * memory, OS, drive partitions, the server info), then the complete document with the drive
 * speed test (`drive-speed.ts`) — with a space every 5 s as
 * keep-alive, ending by the `deadline` (Go duration, default 10s). Sections follow MinIO's query
 * switches (`syscpu`, `sysmem`, `sysosinfo`, `sysdrivehw`, `minioinfo`, …); a request naming
 * none gets all of them. The drive speed test has no place in madmin v3's document: it is added
 * as `perf.drives` (madmin's older drive-performance shape; clients ignore what they do not know).
 */
import { AdminInvalidArgument } from '../bucket/errors.js';
import type { RequestContext } from '../http/context.js';
import { parseGoDuration } from '../notify/targets/broker-values.js';
import { drivePaths } from '../storage/layout.js';
import { goJson } from './admin-json.js';
import { measureDrive, type DrivePerf } from './drive-speed.js';
import { cpuFacts, memoryFacts, osFacts, partitionFacts } from './health-facts.js';
import { infoMessage } from './server-info.js';

const DEFAULT_DEADLINE_MS = 10_000;
/** The console's deadline (spec 2 §9); longer asks are cut to it. */
const MAX_DEADLINE_MS = 3600_000;
const KEEP_ALIVE_MS = 5_000;
const SECTIONS = ['syscpu', 'sysmem', 'sysosinfo', 'sysdrivehw', 'minioinfo'] as const;
type Section = (typeof SECTIONS)[number];

function deadlineMs(ctx: RequestContext): number {
  const text = ctx.query.get('deadline');
  if (text === null || text === '') return DEFAULT_DEADLINE_MS;
  const ms = parseGoDuration(text);
  if (ms === undefined || ms <= 0)
    throw new AdminInvalidArgument(`deadline: '${text}' is not a duration (e.g. 10s, 1h)`);
  return Math.min(ms, MAX_DEADLINE_MS);
}

function wanted(ctx: RequestContext): Set<Section> {
  const named = SECTIONS.filter((s) => ctx.query.get(s) === 'true');
  const anyGiven = SECTIONS.some((s) => ctx.query.has(s));
  return new Set(anyGiven ? named : SECTIONS);
}

export async function healthInfo(ctx: RequestContext): Promise<void> {
  const deadline = deadlineMs(ctx);
  const sections = wanted(ctx);
  const { res, engine } = ctx;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), deadline);
  const onClose = (): void => stop.abort();
  res.once('close', onClose);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  const keepAlive = setInterval(() => {
    if (!res.writableEnded) res.write(' ');
  }, KEEP_ALIVE_MS);
  try {
    const opening = {
      version: '3',
      timestamp: new Date().toISOString(),
      minio: { info: { deploymentID: engine.deploymentId } },
    };
    res.write(goJson(opening));
    const addr = engine.endpoint();
    const storage = await engine.objectLayer.storageInfo();
    const paths = storage.drives.map((d) => d.path);
    const sys: Record<string, unknown> = {};
    const [cpu, mem, osInfo, partitions] = await Promise.all([
      sections.has('syscpu') ? cpuFacts(addr) : undefined,
      sections.has('sysmem') ? memoryFacts(addr) : undefined,
      sections.has('sysosinfo') ? osFacts(addr) : undefined,
      sections.has('sysdrivehw') ? partitionFacts(addr, paths) : undefined,
    ]);
    if (cpu) sys.cpus = [cpu];
    if (partitions) sys.partitions = [partitions];
    if (osInfo) sys.osinfo = [osInfo];
    if (mem) sys.meminfo = [mem];
    const minio = sections.has('minioinfo') ? { info: await infoMessage(ctx) } : {};
    const doc: Record<string, unknown> = { version: '3', timestamp: new Date().toISOString(), sys, minio };
    res.write(goJson(doc));
    if (sections.has('sysdrivehw')) {
      const drives: DrivePerf[] = [];
      for (const drive of storage.drives) {
        if (stop.signal.aborted) break;
        if (drive.state !== 'ok') {
          drives.push({ path: drive.path, error: `drive ${drive.state}` });
          continue;
        }
        drives.push(await measureDrive(drive.path, drivePaths(drive.path).tmp, stop.signal));
      }
      doc.perf = { drives: [{ addr, drives }] };
      doc.timestamp = new Date().toISOString();
      if (!res.writableEnded && !res.destroyed) res.write(goJson(doc));
    }
  } catch (err) {
    // The status is sent already: MinIO reports a late failure inside the document.
    if (!res.writableEnded && !res.destroyed) {
      res.write(goJson({ version: '3', timestamp: new Date().toISOString(), error: (err as Error).message }));
    }
  } finally {
    clearTimeout(timer);
    clearInterval(keepAlive);
    res.off('close', onClose);
    if (!res.writableEnded) res.end();
  }
}
