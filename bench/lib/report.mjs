// Turning results into the printed table, the issue's targets (PASS/MISS) and the Markdown block
// kept in docs/performance.md. The benchmark reports misses; it never fails the process on one.
import { round } from './workloads.mjs';

const SERVERS = ['raw', 's3rver', 'engine'];

function get(obj, path) {
  return path.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), obj);
}

/**
 * Rows of the comparison table: label, unit, one median value per server. With `cpu`, each
 * throughput row is followed by the server's CPU use in that pass (cores busy, median).
 */
export function tableRows(results, { cpu = false } = {}) {
  const rows = [];
  const add = (label, unit, path) => {
    const values = Object.fromEntries(SERVERS.map((s) => [s, get(results.servers[s], path)]));
    if (Object.values(values).some((v) => v !== undefined)) rows.push({ label, unit, values });
  };
  const addCpu = (label, path) => cpu && add(`  server CPU (${label})`, 'cores', path);
  for (const c of results.params.large?.concurrency ?? []) {
    for (const op of ['put', 'get']) {
      add(`64 MiB ${op.toUpperCase()}, concurrency ${c}`, 'MiB/s', `large.c${c}.${op}.mibps.median`);
      addCpu(`64 MiB ${op.toUpperCase()} c=${c}`, `large.c${c}.${op}.serverCpu.median`);
    }
  }
  if (results.params.small) {
    const c = results.params.small.concurrency;
    for (const op of ['put', 'get']) {
      add(`4 KiB ${op.toUpperCase()}, concurrency ${c}`, 'op/s', `small.${op}.opsPerSec.median`);
      addCpu(`4 KiB ${op.toUpperCase()}`, `small.${op}.serverCpu.median`);
    }
  }
  if (results.params.list) {
    const n = results.params.list.smallCount.toLocaleString('en-US');
    add(`list ${n}: first page of 1,000`, 'ms', 'list.pages.first.ms.median');
    add(`list ${n}: middle page of 1,000`, 'ms', 'list.pages.middle.ms.median');
    add(`populate ${n} 0-byte objects (HTTP, c=64)`, 'obj/s', 'list.populate.rate');
  }
  return rows;
}

/** The issue's targets as checks: { name, value, limit, pass }. Missing data gives no check. */
export function targets(results) {
  const checks = [];
  const s = results.servers;
  const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : undefined);
  const check = (name, value, limit, higherIsBetter) => {
    if (value === undefined) return;
    checks.push({
      name,
      value: round(value, 2),
      limit,
      pass: higherIsBetter ? value >= limit : value <= limit,
    });
  };
  for (const c of results.params.large?.concurrency ?? []) {
    for (const op of ['put', 'get']) {
      const engine = get(s.engine, `large.c${c}.${op}.mibps.median`);
      const label = `64 MiB ${op.toUpperCase()} c=${c}`;
      check(
        `${label}: engine / raw ≥ 0.7`,
        ratio(engine, get(s.raw, `large.c${c}.${op}.mibps.median`)),
        0.7,
        true,
      );
      check(
        `${label}: engine / s3rver ≥ 3`,
        ratio(engine, get(s.s3rver, `large.c${c}.${op}.mibps.median`)),
        3,
        true,
      );
    }
  }
  for (const op of ['put', 'get']) {
    const engine = get(s.engine, `small.${op}.opsPerSec.median`);
    check(
      `4 KiB ${op.toUpperCase()}: engine / s3rver ≥ 3`,
      ratio(engine, get(s.s3rver, `small.${op}.opsPerSec.median`)),
      3,
      true,
    );
  }
  const listing = results.engineListing;
  for (const page of ['first', 'middle']) {
    const big = get(listing, `buckets.big.${page}.ms.median`);
    const small = get(listing, `buckets.small.${page}.ms.median`);
    const n = (c) => (c >= 1e6 ? `${c / 1e6}M` : c >= 1e3 ? `${c / 1e3}k` : String(c));
    const label = listing?.counts ? `${n(listing.counts.big)}-key / ${n(listing.counts.small)}-key` : '';
    check(`list ${page} page: ${label} time ≤ 2`, ratio(big, small), 2, false);
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

/** "0.85×", or blank for CPU rows (a ratio of CPU use is not a target). */
function ratioCell(row, a, b) {
  if (row.unit === 'cores') return '';
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${round(a / b, 2)}×` : '–';
}

/** Plain-text table for the terminal. */
export function textReport(results) {
  const rows = tableRows(results, { cpu: true });
  const header = ['workload', 'unit', ...SERVERS, 'engine/raw', 'engine/s3rver'];
  const lines = rows.map((r) => {
    const { raw, s3rver, engine } = r.values;
    const ratio = (a, b) => ratioCell(r, a, b);
    return [
      r.label,
      r.unit,
      ...SERVERS.map((sv) => serverCell(results, sv, r.values[sv])),
      ratio(engine, raw),
      ratio(engine, s3rver),
    ];
  });
  const listing = results.engineListing;
  if (listing?.buckets) {
    for (const [size, label] of [
      ['small', listing.counts.small],
      ['big', listing.counts.big],
    ]) {
      for (const page of ['first', 'middle']) {
        const v = get(listing, `buckets.${size}.${page}.ms.median`);
        lines.push([
          `engine list ${label.toLocaleString('en-US')} keys: ${page} page`,
          'ms',
          '–',
          '–',
          fmt(v),
          '',
          '',
        ]);
      }
    }
  }
  const table = [header, ...lines];
  const widths = header.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
  const out = table.map((row) =>
    row
      .map((cell, i) => String(cell).padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
  out.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  for (const [server, v] of Object.entries(results.servers)) {
    if (v?.error) out.push('', `${server} failed: ${v.error.split('\n')[0]}`);
  }
  if (results.engineListing?.error)
    out.push('', `engine listing at scale failed: ${results.engineListing.error.split('\n')[0]}`);
  const checks = targets(results);
  if (checks.length) {
    out.push('', 'Targets (issue 2):');
    for (const c of checks) out.push(`  ${c.pass ? 'PASS' : 'MISS'}  ${c.name}   (${c.value})`);
  }
  return out.join('\n');
}

/** The generated Markdown block of docs/performance.md. */
export function markdownReport(results) {
  const m = results.machine;
  const lines = [];
  lines.push(
    `Run of ${results.date.slice(0, 10)} at commit \`${m.commit}\`${results.quick ? ' (**--quick**: smoke figures only)' : ''}: ` +
      `${m.nproc} cores (${m.cpuModel}), ${m.memoryGiB} GiB memory, disk \`${m.disk.device}\` (${m.disk.type}, ` +
      `${m.disk.size}, ${m.disk.avail} free), Node ${m.node}, ${m.kernel}. Signer: ${results.signer}.`,
    '',
    '| workload | unit | raw | s3rver | engine | engine/raw | engine/s3rver |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of tableRows(results, { cpu: true })) {
    const { raw, s3rver, engine } = r.values;
    const ratio = (a, b) => ratioCell(r, a, b);
    lines.push(
      `| ${r.label} | ${r.unit} | ${SERVERS.map((sv) => serverCell(results, sv, r.values[sv])).join(' | ')} | ${ratio(engine, raw)} | ${ratio(engine, s3rver)} |`,
    );
  }
  const listing = results.engineListing;
  if (listing?.buckets) {
    lines.push(
      '',
      '| engine listing (ListObjectsV2, max-keys=1000) | first page (ms) | middle page (ms) |',
      '| --- | ---: | ---: |',
    );
    for (const size of ['small', 'big']) {
      lines.push(
        `| bucket of ${listing.counts[size].toLocaleString('en-US')} keys | ${fmt(get(listing, `buckets.${size}.first.ms.median`))} | ${fmt(get(listing, `buckets.${size}.middle.ms.median`))} |`,
      );
    }
    const p = listing.cache;
    if (p) {
      lines.push(
        '',
        `Listing buckets were populated ${p.method}; populate time ${p.populate
          .map((x) => `${x.count.toLocaleString('en-US')} keys ${fmt(x.seconds)} s`)
          .join(', ')}${p.reused ? ' (cached data dir reused by this run)' : ''}.`,
      );
    }
  } else if (listing?.error) {
    lines.push('', `Engine listing at scale: not measured (${listing.error.split('\n')[0]}).`);
  }
  const errors = Object.entries(results.servers).filter(([, v]) => v?.error);
  for (const [server, v] of errors) lines.push('', `${server}: ${v.error.split('\n')[0]}`);
  const notes = Object.entries(results.servers).flatMap(([server, v]) =>
    (v?.notes ?? []).map((n) => `${server}: ${n}`),
  );
  for (const n of notes) lines.push('', n);
  const checks = targets(results);
  if (checks.length) {
    lines.push('', '| target | measured | result |', '| --- | ---: | --- |');
    for (const c of checks) lines.push(`| ${c.name} | ${c.value} | ${c.pass ? 'PASS' : 'MISS'} |`);
  }
  return lines.join('\n');
}
