/**
 * Detection and install logic of `scripts/system-deps.mjs`, against a fake PATH and a fake Go
 * source tree so nothing real is installed: stub executables print versions, and a stub `apt-get`
 * records its arguments and "installs" by writing more stubs.
 */
import { execFile as execFileCb } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSystemDeps, SYSTEM_DEPS_SCRIPT, type SystemDepsModule } from './system-deps.js';

const execFile = promisify(execFileCb);

let dir: string;
let bin: string;
let gocode: string;
let mod: SystemDepsModule;

async function stub(name: string, script: string): Promise<void> {
  const file = path.join(bin, name);
  await writeFile(file, `#!/bin/sh\n${script}\n`);
  await chmod(file, 0o755);
}

async function fakeGoSources(): Promise<void> {
  await mkdir(path.join(gocode, 'src/github.com/minio/madmin-go'), { recursive: true });
  await mkdir(path.join(gocode, 'src/github.com/minio/minio-go/v7'), { recursive: true });
  await writeFile(
    path.join(gocode, 'src/github.com/minio/madmin-go/go.mod'),
    'module github.com/minio/madmin-go/v2\n',
  );
}

async function allStubs(): Promise<void> {
  await stub('aws', 'echo "aws-cli/2.9.19 Python/3.11.2 Linux"');
  await stub('s3cmd', 'echo "s3cmd version 2.3.0"');
  await stub('rclone', 'echo "rclone v1.60.1-DEV"; echo "- os/version: debian"');
  await stub('go', 'echo "go version go1.19.8 linux/amd64"');
  await fakeGoSources();
}

/** PATH with only the stub dir: none of the real tools is visible (stubs run /bin/sh by absolute path). */
const fakeEnv = (): NodeJS.ProcessEnv => ({
  PATH: bin,
  HOME: dir,
  FAKE_BIN: bin,
  FAKE_GOCODE: gocode,
  LOG: path.join(dir, 'apt.log'),
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-sysdeps-'));
  bin = path.join(dir, 'bin');
  gocode = path.join(dir, 'gocode');
  await mkdir(bin);
  mod = await loadSystemDeps();
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('detection', () => {
  it('finds every tool on the given PATH with its version', async () => {
    await allStubs();
    const { results, missing } = await mod.detectSystemDeps({ env: fakeEnv(), gocode });
    expect(missing).toEqual([]);
    expect(results.aws).toMatchObject({
      found: true,
      version: 'aws-cli/2.9.19 Python/3.11.2 Linux',
      where: path.join(bin, 'aws'),
    });
    expect(results.s3cmd?.version).toBe('s3cmd version 2.3.0');
    expect(results.rclone?.version).toBe('rclone v1.60.1-DEV');
    expect(results.go?.version).toBe('go version go1.19.8 linux/amd64');
    expect(results['madmin-go']?.version).toContain('github.com/minio/madmin-go/v2');
  });

  it('reports what is missing, Go sources included', async () => {
    await stub('aws', 'echo aws-cli/1.0');
    await mkdir(path.join(gocode, 'src/github.com/minio/madmin-go'), { recursive: true }); // minio-go missing
    const { missing } = await mod.detectSystemDeps({ env: fakeEnv(), gocode });
    expect(missing).toEqual(['s3cmd', 'rclone', 'go', 'madmin-go']);
  });

  it('does not count a non-executable file', async () => {
    await writeFile(path.join(bin, 'rclone'), 'not executable');
    const { missing } = await mod.detectSystemDeps({ needs: ['rclone'], env: fakeEnv(), gocode });
    expect(missing).toEqual(['rclone']);
  });

  it('accepts package names as needs (awscli → aws) and rejects unknown needs', async () => {
    await allStubs();
    const { results } = await mod.detectSystemDeps({
      needs: ['awscli', 'golang-go'],
      env: fakeEnv(),
      gocode,
    });
    expect(Object.keys(results)).toEqual(['aws', 'go']);
    await expect(mod.detectSystemDeps({ needs: ['nonsense'], env: fakeEnv(), gocode })).rejects.toThrow(
      /unknown need/,
    );
  });

  it('chromium is known but not required by default', async () => {
    await allStubs();
    const { results } = await mod.detectSystemDeps({ env: fakeEnv(), gocode });
    expect(results.chromium).toBeUndefined();
    const only = await mod.detectSystemDeps({ needs: ['chromium'], env: fakeEnv(), gocode });
    expect(only.missing).toEqual(['chromium']);
  });

  it('ceph is found only when every program the cluster needs is there', async () => {
    await allStubs();
    const programs = ['radosgw', 'radosgw-admin', 'ceph-mon', 'ceph-osd', 'ceph', 'ceph-authtool'];
    for (const name of programs) await stub(name, 'echo "ceph version 16.2.15 pacific (stable)"');
    const partial = await mod.detectSystemDeps({ needs: ['ceph'], env: fakeEnv(), gocode });
    expect(partial.missing).toEqual(['ceph']);
    await stub('monmaptool', 'echo "monmaptool"');
    const whole = await mod.detectSystemDeps({ needs: ['radosgw'], env: fakeEnv(), gocode });
    expect(whole.missing).toEqual([]);
    expect(whole.results.ceph?.version).toContain('16.2.15');
    expect(mod.installCommand(['ceph'])).toContain('radosgw ceph-mon ceph-osd ceph-common');
  });
});

describe('ensureSystemDeps', () => {
  it('when not root: fails naming what is missing and the exact install command', async () => {
    await stub('aws', 'echo aws-cli/1.0');
    const err = await mod
      .ensureSystemDeps({ env: fakeEnv(), gocode, isRoot: false, log: () => {} })
      .catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain('missing s3cmd, rclone, go, madmin-go');
    expect((err as Error).message).toContain(
      'apt-get install -y --no-install-recommends s3cmd rclone golang-go golang-github-minio-madmin-go-dev golang-github-minio-minio-go-v7-dev',
    );
  });

  it('when root: runs apt-get update once and one install of the missing packages, then re-detects', async () => {
    await stub('aws', 'echo aws-cli/1.0');
    await stub('go', 'echo go version go1.19');
    await fakeGoSources();
    // The fake apt-get logs its arguments and "installs" s3cmd and rclone as stubs.
    await stub(
      'apt-get',
      [
        'echo "$@" >> "$LOG"',
        'if [ "$1" = install ]; then',
        '  printf \'#!/bin/sh\\necho s3cmd version 9\\n\' > "$FAKE_BIN/s3cmd"; /bin/chmod +x "$FAKE_BIN/s3cmd"',
        '  printf \'#!/bin/sh\\necho rclone v9\\n\' > "$FAKE_BIN/rclone"; /bin/chmod +x "$FAKE_BIN/rclone"',
        'fi',
      ].join('\n'),
    );
    const lines: string[] = [];
    const results = await mod.ensureSystemDeps({
      env: fakeEnv(),
      gocode,
      isRoot: true,
      log: (l) => lines.push(l),
    });
    expect(results.s3cmd?.version).toBe('s3cmd version 9');
    expect(results.rclone?.version).toBe('rclone v9');
    const log = (await readFile(path.join(dir, 'apt.log'), 'utf8')).trim().split('\n');
    expect(log).toEqual(['update', 'install -y --no-install-recommends s3cmd rclone']);
    expect(lines.join('\n')).toContain('installing s3cmd rclone');
  });

  it('when everything is present: installs nothing and logs one line per tool', async () => {
    await allStubs();
    await stub('apt-get', 'echo "$@" >> "$LOG"; exit 1');
    const lines: string[] = [];
    await mod.ensureSystemDeps({ env: fakeEnv(), gocode, isRoot: true, log: (l) => lines.push(l) });
    const out = lines.join('\n').split('\n');
    expect(out).toHaveLength(5);
    expect(out[0]).toMatch(/^aws\s+aws-cli\/2\.9\.19/);
    await expect(readFile(path.join(dir, 'apt.log'), 'utf8')).rejects.toThrow();
  });

  it('when root but install is off (--check): fails without running apt-get', async () => {
    await stub('apt-get', 'echo "$@" >> "$LOG"');
    await expect(
      mod.ensureSystemDeps({ env: fakeEnv(), gocode, isRoot: true, install: false, log: () => {} }),
    ).rejects.toThrow(/missing aws/);
    await expect(readFile(path.join(dir, 'apt.log'), 'utf8')).rejects.toThrow();
  });
});

describe('command line', () => {
  it('--check exits 1 and names what is missing; with every tool present it prints versions and exits 0', async () => {
    const env = { ...fakeEnv(), PATH: bin };
    const fail = await execFile(process.execPath, [SYSTEM_DEPS_SCRIPT, '--check', '--need', 'aws,rclone'], {
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((fail as { code: number }).code).toBe(1);
    expect((fail as { stderr: string }).stderr).toContain('missing aws, rclone');

    await allStubs();
    const ok = await execFile(process.execPath, [SYSTEM_DEPS_SCRIPT, '--check', '--need', 'aws,rclone'], {
      env,
    });
    expect(ok.stdout.trim().split('\n')).toEqual([
      `aws        aws-cli/2.9.19 Python/3.11.2 Linux  (${path.join(bin, 'aws')})`,
      `rclone     rclone v1.60.1-DEV  (${path.join(bin, 'rclone')})`,
    ]);
  });

  it('brokers: found on the PATH (or the sbin dirs), rabbitmq only with its epmd; the apt packages named', async () => {
    await stub('mosquitto', 'exit 3');
    await stub('nats-server', 'exit 0');
    await stub('rabbitmq-server', 'exit 0');
    const needs = ['mosquitto', 'nats', 'rabbitmq'];
    const partial = await mod.detectSystemDeps({ needs, env: fakeEnv(), gocode, sbin: [] });
    expect(partial.missing).toEqual(['rabbitmq']);
    // No dpkg-query on the fake PATH: the version cannot be read, the program is there.
    expect(partial.results.mosquitto).toEqual({
      found: true,
      where: path.join(bin, 'mosquitto'),
      version: 'mosquitto present',
    });
    expect(mod.installCommand(partial.missing)).toContain('rabbitmq-server');
    await stub('epmd', 'exit 0');
    const whole = await mod.detectSystemDeps({ needs, env: fakeEnv(), gocode, sbin: [] });
    expect(whole.missing).toEqual([]);
    const sbinOnly = await mod.detectSystemDeps({
      needs: ['nats'],
      env: { ...fakeEnv(), PATH: '' },
      gocode,
      sbin: [bin],
    });
    expect(sbinOnly.results.nats?.where).toBe(path.join(bin, 'nats-server'));
  });

  it('rejects unknown arguments with usage', async () => {
    const r = await execFile(process.execPath, [SYSTEM_DEPS_SCRIPT, '--bogus']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((r as { code: number }).code).toBe(2);
    expect((r as { stderr: string }).stderr).toContain('usage:');
  });
});
