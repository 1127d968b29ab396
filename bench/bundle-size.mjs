#!/usr/bin/env node
// The web bundle's size (issue 7): what the browser loads before the first screen, against the
// target of at most 0.25 MB gzipped however many areas exist, and what each screen adds lazily.
//
// Reads the production build in packages/web/dist (`npm run bench:bundle` builds it first):
// - initial load: what index.html loads — its entry script, the modules it preloads
//   (`modulepreload`), every module those import statically (followed transitively, so nothing is
//   missed if a preload link is), and its stylesheets;
// - lazy chunks: every other script; the largest one, and the largest screen, i.e. a chunk that is
//   imported dynamically plus the static imports it pulls in beyond the initial load.
// Sizes are gzip at zlib's default level (what a server compressing on the fly sends), in bytes;
// MB here is 1,000,000 bytes. It reports; it never fails on a missed target.
//
// Usage: node bench/bundle-size.mjs [--dist DIR]
// Results: a table on stdout and bench/results/bundle-latest.json.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_BYTES = 250_000;

const distArg = process.argv.indexOf('--dist');
const DIST = distArg > 0 ? process.argv[distArg + 1] : join(ROOT, 'packages/web/dist');
if (!existsSync(join(DIST, 'index.html'))) {
  console.error(`No build at ${DIST}: run \`npm run bench:bundle\` (it builds the web app first).`);
  process.exit(1);
}

/** Asset paths (relative to dist) named by index.html's tags of one kind. */
function tagged(html, pattern) {
  return [...html.matchAll(pattern)].map((m) => posix.normalize(m[1].replace(/^\.?\//, '')));
}

/** Static imports of a built module ("import{a}from"./x.js"", "import"./y.js""), not import("…"). */
function staticImports(file, code) {
  const found = [];
  for (const m of code.matchAll(/\b(?:from|import)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    found.push(posix.normalize(posix.join(posix.dirname(file), m[1])));
  }
  return found;
}

/** Dynamic imports of a built module (import("./x.js")): the lazy screens. */
function dynamicImports(file, code) {
  return [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) =>
    posix.normalize(posix.join(posix.dirname(file), m[1])),
  );
}

const cache = new Map();
async function asset(file) {
  if (!cache.has(file)) {
    const bytes = await readFile(join(DIST, file));
    cache.set(file, { file, raw: bytes.length, gzip: gzipSync(bytes).length, code: bytes.toString('utf8') });
  }
  return cache.get(file);
}

/** The module and everything it imports statically, transitively. */
async function closure(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const { code } = await asset(file);
    if (file.endsWith('.js')) queue.push(...staticImports(file, code));
  }
  return seen;
}

const sum = async (files, key) => {
  let total = 0;
  for (const file of files) total += (await asset(file))[key];
  return total;
};

const html = await readFile(join(DIST, 'index.html'), 'utf8');
const scripts = tagged(html, /<script[^>]*type="module"[^>]*src="([^"]+)"/g);
const preloads = tagged(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
const styles = tagged(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
const initialJs = await closure([...scripts, ...preloads]);
const initial = new Set([...initialJs, ...styles]);

const allJs = (await readdir(join(DIST, 'assets')))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const lazy = allJs.filter((f) => !initial.has(f));
const lazySizes = await Promise.all(lazy.map(asset));
lazySizes.sort((a, b) => b.gzip - a.gzip);

// Screens: chunks some module imports dynamically; each costs itself plus what it imports beyond the initial load.
const screens = new Set();
for (const file of allJs)
  for (const target of dynamicImports(file, (await asset(file)).code)) screens.add(target);
const screenCosts = [];
for (const screen of screens) {
  const extra = [...(await closure([screen]))].filter((f) => !initial.has(f));
  screenCosts.push({ file: screen, gzip: await sum(extra, 'gzip'), chunks: extra.length });
}
screenCosts.sort((a, b) => b.gzip - a.gzip);

const result = {
  date: new Date().toISOString(),
  targetBytes: TARGET_BYTES,
  initial: {
    jsGzip: await sum(initialJs, 'gzip'),
    cssGzip: await sum(styles, 'gzip'),
    gzip: await sum(initial, 'gzip'),
    raw: await sum(initial, 'raw'),
    files: await Promise.all([...initial].map(async (f) => ({ file: f, gzip: (await asset(f)).gzip }))),
  },
  lazy: {
    chunks: lazySizes.length,
    gzip: lazySizes.reduce((total, a) => total + a.gzip, 0),
    largest: lazySizes.slice(0, 5).map(({ file, gzip, raw }) => ({ file, gzip, raw })),
    largestScreens: screenCosts.slice(0, 5),
  },
};

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
console.log('Web bundle (gzip)');
console.log(
  `  initial load        ${kb(result.initial.gzip)}  (JS ${kb(result.initial.jsGzip)}, CSS ${kb(result.initial.cssGzip)}; ${initial.size} files)`,
);
for (const { file, gzip } of result.initial.files.sort((a, b) => b.gzip - a.gzip))
  console.log(`    ${kb(gzip).padStart(9)}  ${file}`);
console.log(`  lazy chunks         ${result.lazy.chunks} chunks, ${kb(result.lazy.gzip)} in all`);
for (const { file, gzip } of result.lazy.largest) console.log(`    ${kb(gzip).padStart(9)}  ${file}`);
console.log('  largest screens (the chunk and what it pulls in beyond the initial load)');
for (const { file, gzip, chunks } of result.lazy.largestScreens)
  console.log(`    ${kb(gzip).padStart(9)}  ${file} (${chunks} chunks)`);
const verdict = result.initial.gzip <= TARGET_BYTES ? 'PASS' : 'MISS';
console.log(`${verdict}  initial JS+CSS gzip ${kb(result.initial.gzip)} <= ${kb(TARGET_BYTES)}`);

await mkdir(join(ROOT, 'bench/results'), { recursive: true });
await writeFile(join(ROOT, 'bench/results/bundle-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
