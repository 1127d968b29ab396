/**
 * Azurite, Microsoft's Azure Storage emulator (npm `azurite`, a devDependency), as a child process
 * of the test: the blob service only, on a free loopback port, data in memory, telemetry off, the
 * API version check relaxed (the SDK may be newer than the emulator). Ready when it prints the
 * address it listens on. The well-known development account is its only account.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Azurite's fixed development account (documented by Microsoft for the emulator). */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  /** `http://127.0.0.1:<port>` */
  url: string;
  stop(): Promise<void>;
}

export async function startAzurite(): Promise<Azurite> {
  const require = createRequire(import.meta.url);
  const main = join(dirname(require.resolve('azurite/package.json')), 'dist', 'src', 'blob', 'main.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--inMemoryPersistence',
      '--extentMemoryLimit',
      '64',
      '--skipApiVersionCheck',
      '--loose',
      '--disableTelemetry',
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`azurite did not start: ${output}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const m = /listens on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`azurite exited (${String(code)}): ${output}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
