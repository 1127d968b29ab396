/**
 * Debian's `prometheus` for the dashboard's tests: a child process on a free loopback port, its
 * database in a temp dir, scraping the engine's `/minio/v2/metrics/cluster` every second as job
 * `minio-job` (MinIO console's default job id) with a bearer JWT as `mc admin prometheus generate`
 * makes one. Ready once `/-/ready` answers 200.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { signJwt } from '@coffer/protocol';
import { REPO_ROOT, freePort } from '../../../engine/test/helpers/engine-process.js';
import { childServer, type ChildServer } from '../../../engine/test/helpers/servers/child-server.js';

const systemDeps = (await import(pathToFileURL(path.join(REPO_ROOT, 'scripts/system-deps.mjs')).href)) as {
  ensureSystemDeps(options: { needs: string[]; log: (line: string) => void }): Promise<unknown>;
};

export interface PrometheusServer extends ChildServer {
  url: string;
  job: string;
  destroy(): Promise<void>;
}

export async function startPrometheus(target: {
  url: string;
  accessKey: string;
  secretKey: string;
}): Promise<PrometheusServer> {
  // Installed by `npm test`; here too, so this file runs on its own.
  await systemDeps.ensureSystemDeps({ needs: ['prometheus'], log: () => {} });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-prometheus-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const job = 'minio-job';
  const token = signJwt(
    { exp: Math.floor(Date.now() / 1000) + 24 * 3600, sub: target.accessKey, iss: 'prometheus' },
    target.secretKey,
    'HS512',
  );
  const config = path.join(dir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      `  - job_name: ${job}`,
      '    metrics_path: /minio/v2/metrics/cluster',
      '    authorization:',
      '      type: Bearer',
      `      credentials: ${token}`,
      '    static_configs:',
      `      - targets: ['${new URL(target.url).host}']`,
      '',
    ].join('\n'),
  );
  const server = childServer({
    name: 'prometheus',
    command: 'prometheus',
    args: [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    probe: async () => (await fetch(`${url}/-/ready`)).status === 200,
  });
  await server.start();
  return {
    ...server,
    url,
    job,
    async destroy() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
