// Turning results into the printed table, the issue's targets (PASS/MISS) and the Markdown block
// kept in docs/performance.md. The benchmark reports misses; it never fails the process on one.
//
// Ratios: where a workload recorded paired ratios (engine vs another server within the same
// repeat, see workloads.mjs) the table and the targets use their median; otherwise the ratio of
// the two medians.
import { round } from './workloads.mjs';

const SERVERS = ['raw', 's3rver', 'engine'];

function get(obj, path) {
  return path.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), obj);
}

const finite = (v) => (Number.isFinite(v) ? v : undefined);

/** Engine ÷ other: the paired median when recorded, else the ratio of medians. */
function engineRatio(results, row, other) {
  if (!row.ratioKey) return undefined;
  const paired = get(results.ratios, `${row.ratioKey}`)?.[`engine/${other}`]?.median;
  if (Number.isFinite(paired)) return paired;
  const a = row.values.engine;
  const b = row.values[other];
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : undefined;
}

/**
 * Rows of the comparison table: label, unit, one median value per server, and the key of the
 * paired ratios. With `cpu`, each throughput row is followed by the server's, the client's and the
 * rest of the machine's CPU use in that pass (cores busy, median): on a shared 2-core machine the
 * last one says how much the figures were disturbed.
 */
export function tableRows(results, { cpu = false } = {}) {
  const rows = [];
  const add = (label, unit, path, ratioKey) => {
    const values = Object.fromEntries(SERVERS.map((s) => [s, finite(get(results.servers[s], path))]));
    if (Object.values(values).some((v) => v !== undefined)) rows.push({ label, unit, values, ratioKey });
  };
  const addCpu = (label, base) => {
    if (!cpu) return;
    add(`  server CPU (${label})`, 'cores', `${base}.serverCpu.median`);
    add(`  client CPU (${label})`, 'cores', `${base}.clientCpu.median`);
    add(`  other processes' CPU (${label})`, 'cores', `${base}.otherCpu.median`);
  };
  for (const c of results.params.large?.concurrency ?? []) {
    for (const op of ['put', 'get']) {
      const base = `large.c${c}.${op}`;
      add(`64 MiB ${op.toUpperCase()}, concurrency ${c}`, 'MiB/s', `${base}.mibps.median`, base);
      addCpu(`64 MiB ${op.toUpperCase()} c=${c}`, base);
    }
  }
  if (results.params.small) {
    const c = results.params.small.concurrency;
    for (const op of ['put', 'get']) {
      add(
        `4 KiB ${op.toUpperCase()}, concurrency ${c}`,
        'op/s',
        `small.${op}.opsPerSec.median`,
        `small.${op}`,
      );
      addCpu(`4 KiB ${op.toUpperCase()}`, `small.${op}`);
    }
  }
  if (results.params.list) {
    const n = results.params.list.smallCount.toLocaleString('en-US');
    add(`list ${n} keys: first page of 1,000`, 'ms', 'list.pages.first.ms.median', 'list.first');
    add(`list ${n} keys: middle page of 1,000`, 'ms', 'list.pages.middle.ms.median', 'list.middle');
    add(`populate ${n} 0-byte objects (HTTP, c=64)`, 'obj/s', 'list.populate.rate', 'list.populate');
  }
  return rows;
}

/** The issue's targets as checks: { name, value, limit, pass }. Missing data gives no check. */
export function targets(results) {
  const checks = [];
  const check = (name, value, limit, higherIsBetter) => {
    if (!Number.isFinite(value)) return;
    checks.push({
      name,
      value: round(value, 2),
      limit,
      pass: higherIsBetter ? value >= limit : value <= limit,
    });
  };
  const rows = tableRows(results);
  const row = (key) => rows.find((r) => r.ratioKey === key);
  for (const c of results.params.large?.concurrency ?? []) {
    for (const op of ['put', 'get']) {
      const r = row(`large.c${c}.${op}`);
      if (!r) continue;
      const label = `64 MiB ${op.toUpperCase()} c=${c}`;
      // Issue 14: large PUTs ≥ 0.8× raw at c=1 and c=4; large GETs keep issue 2's ≥ 0.7× raw.
      // The "≥ 3× s3rver" targets are retired: s3rver's own rate is below the raw limit, so they
      // measured s3rver, not the engine (s3rver stays in the table as a reference).
      const limit = op === 'put' ? 0.8 : 0.7;
      check(`${label}: engine / raw ≥ ${limit}`, engineRatio(results, r, 'raw'), limit, true);
    }
  }
  for (const op of ['put', 'get']) {
    // Ratio keys are dotted names, not paths.
    const ratio = results.ratios?.[`large.sse.${op}`]?.['sse/plain']?.median;
    check(`64 MiB ${op.toUpperCase()} c=1: SSE-S3 / plain ≥ 0.8`, ratio, 0.8, true);
  }
  for (const op of ['put', 'get']) {
    const r = row(`small.${op}`);
    if (r) check(`4 KiB ${op.toUpperCase()}: engine / raw ≥ 1`, engineRatio(results, r, 'raw'), 1, true);
  }
  const listing = results.engineListing;
  if (listing?.counts) {
    const n = (c) => (c >= 1e6 ? `${c / 1e6}M` : c >= 1e3 ? `${c / 1e3}k` : String(c));
    for (const page of ['first', 'middle']) {
      const paired = listing.ratios?.[page]?.median;
      const big = get(listing, `buckets.big.${page}.ms.median`);
      const small = get(listing, `buckets.small.${page}.ms.median`);
      const value = Number.isFinite(paired) ? paired : big / small;
      check(
        `list ${page} page: ${n(listing.counts.big)}-key / ${n(listing.counts.small)}-key time ≤ 2`,
        value,
        2,
        false,
      );
    }
  }
  return checks;
}

function fmt(value) {
  if (value === undefined) return '–';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return 'n/a';
  return value >= 100 ? String(Math.round(value)) : String(round(value, value >= 10 ? 1 : 2));
}

function serverCell(results, server, value) {
  if (value !== undefined) return fmt(value);
  return results.servers[server]?.error ? 'error' : '–';
}

function ratioCell(results, row, other) {
  if (row.unit === 'cores') return '';
  const v = engineRatio(results, row, other);
  return v === undefined ? '–' : `${round(v, 2)}×`;
}

function listingRows(results) {
  const listing = results.engineListing;
  if (!listing?.buckets) return [];
  return ['small', 'big'].map((size) => ({
    label: `engine, bucket of ${listing.counts[size].toLocaleString('en-US')} keys`,
    first: fmt(get(listing, `buckets.${size}.first.ms.median`)),
    middle: fmt(get(listing, `buckets.${size}.middle.ms.median`)),
  }));
}

function failures(results) {
  const out = [];
  for (const [server, v] of Object.entries(results.servers)) {
    if (v?.error) out.push(`${server} failed: ${v.error.split('\n')[0]}`);
    for (const n of v?.notes ?? []) out.push(`${server}: ${n}`);
  }
  if (results.engineListing?.error) {
    out.push(`engine listing at scale failed: ${results.engineListing.error.split('\n')[0]}`);
  }
  return out;
}

/** Plain-text table for the terminal. */
export function textReport(results) {
  const header = ['workload', 'unit', ...SERVERS, 'engine/raw', 'engine/s3rver'];
  const lines = tableRows(results, { cpu: true }).map((r) => [
    r.label,
    r.unit,
    ...SERVERS.map((sv) => serverCell(results, sv, r.values[sv])),
    ratioCell(results, r, 'raw'),
    ratioCell(results, r, 's3rver'),
  ]);
  const table = [header, ...lines];
  const widths = header.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
  const out = table.map((row) =>
    row
      .map((cell, i) => String(cell).padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
  out.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  const listing = listingRows(results);
  if (listing.length) {
    out.push('', 'ListObjectsV2 max-keys=1000 at scale (ms): first page / middle page');
    for (const l of listing)
      out.push(`  ${l.label.padEnd(40)} ${l.first.padStart(8)} ${l.middle.padStart(8)}`);
  }
  const problems = failures(results);
  if (problems.length) out.push('', ...problems);
  const checks = targets(results);
  if (checks.length) {
    out.push('', 'Targets (issues 2, 8, 14):');
    for (const c of checks) out.push(`  ${c.pass ? 'PASS' : 'MISS'}  ${c.name}   (${c.value})`);
  }
  return out.join('\n');
}

/** The generated Markdown block of docs/performance.md. */
export function markdownReport(results) {
  const m = results.machine;
  const lines = [];
  lines.push(
    `Run of ${results.date.slice(0, 10)} at commit \`${m.commit}\`${results.quick ? ' (**--quick**: smoke figures only)' : ''}, ` +
      `${results.seconds} s: ${m.nproc} cores (${m.cpuModel}), ${m.memoryGiB} GiB memory, disk \`${m.disk.device}\` ` +
      `(${m.disk.type}, ${m.disk.size}, ${m.disk.avail} free), Node ${m.node}, ${m.kernel}; load average ` +
      `${m.loadAverageAtStart?.join(' / ')} at start, ${m.loadAverageAtEnd?.join(' / ')} at end. Signer: ${results.signer}.`,
    '',
    '| workload | unit | raw | s3rver | engine | engine/raw | engine/s3rver |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of tableRows(results, { cpu: true })) {
    const cells = SERVERS.map((sv) => serverCell(results, sv, r.values[sv])).join(' | ');
    lines.push(
      `| ${r.label.startsWith('  ') ? `↳ ${r.label.trim()}` : r.label} | ${r.unit} | ${cells} | ${ratioCell(results, r, 'raw')} | ${ratioCell(results, r, 's3rver')} |`,
    );
  }
  const listing = results.engineListing;
  const lrows = listingRows(results);
  if (lrows.length) {
    lines.push(
      '',
      '| ListObjectsV2, max-keys=1000 | first page (ms) | middle page (ms) |',
      '| --- | ---: | ---: |',
    );
    for (const l of lrows) lines.push(`| ${l.label} | ${l.first} | ${l.middle} |`);
    const p = listing.cache;
    if (p) {
      lines.push(
        '',
        `The engine's listing buckets were populated ${p.method}: ${p.populate
          .map((x) => `${x.count.toLocaleString('en-US')} keys in ${fmt(x.seconds)} s`)
          .join(', ')}${p.reused ? ' (an earlier run; this run reused the cached data dir)' : ''}. ` +
          `The engine started on that data dir in ${listing.startMs} ms and was idle ${listing.idleAfterSeconds} s later.`,
      );
    }
  }
  const problems = failures(results);
  if (problems.length) lines.push('', ...problems.map((p) => `- ${p}`));
  const checks = targets(results);
  if (checks.length) {
    lines.push('', '| target | measured | result |', '| --- | ---: | --- |');
    for (const c of checks) lines.push(`| ${c.name} | ${c.value} | ${c.pass ? 'PASS' : 'MISS'} |`);
  }
  return lines.join('\n');
}
