// What machine and tree a result came from: cores, memory, CPU model, the disk under the
// benchmark's temp dirs (from `df`), Node version and the git commit.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function describeMachine(repoRoot, dir) {
  const df = run('df', ['-hT', dir], repoRoot).split('\n')[1]?.split(/\s+/) ?? [];
  const dirty = run('git', ['status', '--porcelain', '--untracked-files=no'], repoRoot) !== '';
  return {
    nproc: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    disk: { device: df[0], type: df[1], size: df[2], used: df[3], avail: df[4], mountedOn: df[6] },
    node: process.version,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    kernel: `${os.type()} ${os.release()}`,
    commit: run('git', ['rev-parse', '--short', 'HEAD'], repoRoot) + (dirty ? '+dirty' : ''),
  };
}
