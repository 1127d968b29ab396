// Child script of node-flags.test.ts: the page faults of glibc malloc handing memory back to the
// kernel and taking it again, without the engine. Request bodies arrive as 64 KiB chunks (Node
// mallocs each socket read), live for a moment and are freed; the encryption threads' outputs
// are 1 MiB allocations. With glibc's defaults, freed memory at the top of the heap beyond 128 KiB
// is trimmed (and 1 MiB blocks are mmapped and unmapped), so the next chunks fault their pages in
// again — every 4 KiB page a fault and a zeroed page. Prints the minor faults per MiB churned after
// a warm-up round.
import { readFileSync } from 'node:fs';

const faults = () => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
};

function round(size, count) {
  let window = [];
  for (let i = 0; i < count; i++) {
    window.push(Buffer.allocUnsafeSlow(size).fill(i & 255));
    if (window.length > 16) window = window.slice(1);
    if (i % 64 === 63) globalThis.gc({ type: 'minor' });
  }
  window = [];
  globalThis.gc();
}

round(65536, 1024);
round(1 << 20, 64);
const before = faults();
const mib = 4 * 64;
for (let r = 0; r < 4; r++) {
  round(65536, 1024);
  round(1 << 20, 64);
}
console.log(JSON.stringify({ faultsPerMiB: (faults() - before) / mib }));
