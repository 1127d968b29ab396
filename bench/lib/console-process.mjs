// The console server (`packages/server/dist/main.js`) as a child process for the benchmarks, and
// its login: shared by bench/console.mjs and bench/trace.mjs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './servers.mjs';

/** The console (built, in `repoRoot`) as a child process; resolves once it printed where it listens. */
export async function startConsole(repoRoot, engineEndpoint, dataDir) {
  const port = await freePort();
  const main = join(repoRoot, 'packages/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`console not built: ${main} is missing (run npx tsc -b)`);
  const child = spawn(
    process.execPath,
    [main, '--address', `127.0.0.1:${port}`, '--server', engineEndpoint, '--data', dataDir],
    { cwd: repoRoot, env: { ...process.env, COFFER_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exit = new Promise((resolve) => child.on('exit', resolve));
  const started = Date.now();
  while (!/Console:\s+http/.test(output)) {
    if (child.exitCode !== null) throw new Error(`console exited during start-up:\n${output}`);
    if (Date.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`console did not start in 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    startMs: Date.now() - started,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Log in; the session cookie (`token=…`). */
export async function login(base, accessKey, secretKey) {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accessKey, secretKey }),
  });
  const setCookie = res.headers.get('set-cookie') ?? '';
  if (res.status !== 204 || !setCookie.startsWith('token='))
    throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return setCookie.split(';')[0];
}
