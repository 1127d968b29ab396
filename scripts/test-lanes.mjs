// The Vitest runs of `npm test`, two at a time. Projects that start real servers, browsers and
// client processes run their files one at a time (fileParallelism: false), and Vitest puts every
// such file of every project into one sequential queue: the browser, engine and console suites
// ran strictly one after another and left a core idle most of the time. Here each run is its own
// Vitest process (its files still one at a time), and two lanes take the runs in order, so one
// file of one suite runs beside one file of another — the two-core budget the suites were written
// for. Each line of a run's output is prefixed with its label; each run writes its own JSON report.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './ensure.mjs';

const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

/**
 * @typedef {{ label: string, node: string, args: string[], report: string, env?: Record<string, string> }} Run
 * @typedef {{ passed: number, failed: number, skipped: number, failures: string[], error?: Error, seconds: number }} RunResult
 */

/** Run `runs` in order on `lanes` concurrent lanes; resolves with one result per run (same order). */
export async function runLanes(runs, lanes = 2) {
  const results = new Array(runs.length);
  let next = 0;
  async function lane() {
    while (next < runs.length) {
      const i = next++;
      results[i] = await vitestRun(runs[i]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(lanes, runs.length) }, lane));
  return results;
}

/** One Vitest process; its counts from the JSON report, and an error when it failed. */
function vitestRun({ label, node, args, report, env = {} }) {
  const reportPath = join(ROOT, '.tmp', report);
  const started = Date.now();
  console.log(`[${label}] started: vitest run ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(
      node,
      [VITEST, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${reportPath}`],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
    );
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const result = { passed: 0, failed: 0, skipped: 0, failures: [], seconds };
      if (existsSync(reportPath)) {
        const r = JSON.parse(readFileSync(reportPath, 'utf8'));
        result.passed = r.numPassedTests ?? 0;
        result.failed = r.numFailedTests ?? 0;
        result.skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
        result.failures = failuresOf(r);
      }
      if (code !== 0) {
        result.error = new Error(`[${label}] vitest exited with ${code ?? signal}`);
        result.error.exitCode = code ?? 1;
      }
      console.log(`[${label}] finished in ${seconds} s: ${summaryLine(result)}`);
      resolve(result);
    });
  });
}

/**
 * One line per failed test (or per file that failed outside its tests): its file, its name and the
 * first line of its error — so the end of a long, interleaved log says what failed.
 */
function failuresOf(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.startsWith(ROOT) ? file.name.slice(ROOT.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) lines.push(`${path} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) lines.push(`${path}: ${firstLine(file.message)}`);
  }
  return lines;
}

function firstLine(text = '') {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** 'N passed, N failed[, N skipped]' of one or more results. */
export function summaryLine(...results) {
  const sum = (k) => results.reduce((a, r) => a + r[k], 0);
  const skipped = sum('skipped');
  return `${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
