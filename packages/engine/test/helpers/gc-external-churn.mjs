// Child script of node-flags.test.ts: the engine's full-GC trap without the engine. A live heap
// of ~50 MB, an idle gap, one full collection while almost nothing is being allocated (what an
// idle-time or first-after-idle mark-compact sees: V8 then picks its smallest heap growing
// factor), then 64 KiB Buffers churned the way Node's HTTP server hands out request-body chunks
// (external memory, which V8 counts against the old-generation limit) with a trickle of
// promoted objects. Prints how many full collections the churn caused and its CPU time.
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

let majors = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
}).observe({ entryTypes: ['gc'] });

const live = (globalThis.live = []);
for (let i = 0; i < 400_000; i++) live.push({ i, s: `x${i}`, a: [i, i + 1] });
await sleep(Number(process.argv[2] ?? 3000));
globalThis.gc();
await sleep(100);
const before = majors;
const started = process.cpuUsage();
const survivors = [];
for (let upload = 0; upload < 20; upload++) {
  const window = [];
  for (let chunk = 0; chunk < 1000; chunk++) {
    window.push(Buffer.allocUnsafeSlow(65536).fill(chunk & 255));
    if (window.length > 16) window.shift();
    if (chunk % 50 === 0) {
      survivors.push({ upload, chunk, meta: new Array(20).fill(chunk) });
      if (survivors.length > 2000) survivors.splice(0, 1000);
    }
    if (chunk % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}
const cpu = process.cpuUsage(started);
process.stdout.write(
  JSON.stringify({ fullGCs: majors - before, cpuMs: Math.round((cpu.user + cpu.system) / 1000) }) + '\n',
);
