#!/usr/bin/env node
// Summarise a V8 .cpuprofile (from `npm run bench -- --profile`): self time by function and by
// file/package, largest first, so a missed target can be traced to where the server spends its CPU.
//
// Usage: node bench/profile-summary.mjs FILE.cpuprofile [TOP=25]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.mjs FILE.cpuprofile [TOP]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const isIdle = (id) => byId.get(id)?.callFrame.functionName === '(idle)';
const idle = [...selfUs].filter(([id]) => isIdle(id)).reduce((a, [, us]) => a + us, 0);
const total = [...selfUs].filter(([id]) => !isIdle(id)).reduce((a, [, us]) => a + us, 0);

/** A readable place: package name for node_modules, path under the repo, or the V8 category. */
function place(url) {
  if (!url) return '(native: GC, syscalls, V8 builtins)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + 13).split('/');
    return `npm:${rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) return url;
  const pk = url.indexOf('/packages/');
  return pk !== -1 ? url.slice(pk + 1) : url.replace(/^file:\/\//, '');
}

const byFunction = new Map();
const byPlace = new Map();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node || isIdle(id)) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = place(url);
  const fn = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  byPlace.set(where, (byPlace.get(where) ?? 0) + us);
}
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${((100 * us) / total).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`,
    );
  }
};
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle (percentages of busy)`,
);
show('self time by file / package', byPlace);
show('self time by function', byFunction);

// Total (inclusive) time: each sample counts once for every distinct function on its stack, so a
// request path's entry points show what they cost with everything they call.
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'}  ${place(url)}${url ? `:${lineNumber + 1}` : ''}`;
};
const inclusive = new Map();
for (const [id, us] of selfUs) {
  if (isIdle(id)) continue;
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at);
    if (!node.callFrame.url) continue;
    const name = label(node);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}
show('total time by function (with callees; repo and package code only)', inclusive);
