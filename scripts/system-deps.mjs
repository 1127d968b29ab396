#!/usr/bin/env node
/**
 * Installer of the system tools the integration tests drive: awscli, s3cmd, rclone, Go with
 * Debian's madmin-go / minio-go sources (for the madmin-go probe), Chromium (browser tests), Ceph
 * (a one-monitor/one-OSD cluster with its RADOS Gateway: a real S3 server that is not MinIO, for the
 * console's tests against "any S3 server") and Info-ZIP's unzip (checks the console's ZIP
 * downloads), and the message brokers the notification targets' tests run as child processes
 * (mosquitto, nats-server, rabbitmq-server), nginx (the reverse proxy in front of the console
 * under a sub-path), Prometheus (the console dashboard's metrics source) and OpenLDAP (slapd and
 * ldap-utils: the LDAP identity provider of the sign-in tests), kubectl (the cluster simulator's
 * second client). Chromium, Ceph, unzip, the brokers, nginx, Prometheus, OpenLDAP and kubectl are
 * known needs, not required by default.
 *
 * Design: each tool has a `detect` that looks only at the given PATH / directories (so tests can
 * point it at a fake PATH) and returns its version, and the Debian packages that provide it. When
 * something is missing we install it with apt only if we are root (one `apt-get update`, one
 * `apt-get install` for everything missing); otherwise we say exactly what is missing and the
 * command that installs it, and fail. When everything is present it costs a few `--version` calls.
 *
 * CLI: `node scripts/system-deps.mjs [--need aws,s3cmd,...] [--check]` (`--check`: never install).
 * Plain Node ESM, no npm dependencies (it runs before `npm install` may have happened).
 */
import { execFile as execFileCb, spawn } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import { access, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFile = promisify(execFileCb);

/** Where Debian's golang-*-dev packages put their sources (GOPATH entry). */
export const DEBIAN_GOCODE = '/usr/share/gocode';

/** Tools the engine's integration tests need unless told otherwise. */
export const DEFAULT_NEEDS = ['aws', 's3cmd', 'rclone', 'go', 'madmin-go'];

/** Every need this script knows, with the Debian packages that satisfy it. */
export const PACKAGES = {
  aws: ['awscli'],
  s3cmd: ['s3cmd'],
  rclone: ['rclone'],
  go: ['golang-go'],
  'madmin-go': ['golang-github-minio-madmin-go-dev', 'golang-github-minio-minio-go-v7-dev'],
  chromium: ['chromium'],
  ceph: ['radosgw', 'ceph-mon', 'ceph-osd', 'ceph-common'],
  unzip: ['unzip'],
  redis: ['redis-server'],
  postgresql: ['postgresql'],
  mariadb: ['mariadb-server'],
  mosquitto: ['mosquitto'],
  nats: ['nats-server'],
  rabbitmq: ['rabbitmq-server'],
  nginx: ['nginx'],
  prometheus: ['prometheus'],
  openldap: ['slapd', 'ldap-utils', 'openssl'],
  // The cluster simulator's second client (packages/cluster-sim/test/kubectl.test.ts); Debian's
  // package is kubernetes-client (kubectl only).
  kubectl: ['kubernetes-client'],
};

/** Where Debian puts daemons (often not on a non-root PATH): the broker needs look there too. */
export const SBIN_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** A daemon's path: the PATH first, then the sbin directories (`ctx.sbin`; tests pass none). */
function findDaemon(name, ctx) {
  return findOnPath(name, [ctx.env.PATH ?? '', ...ctx.sbin].join(path.delimiter));
}

/** A daemon need: found with the Debian package's version (daemons' `--version` flags differ). */
async function detectDaemon(programs, pkg, ctx) {
  const found = await Promise.all(programs.map((name) => findDaemon(name, ctx)));
  if (found.some((where) => where === undefined)) return { found: false };
  return { found: true, where: found[0], version: `${pkg} ${(await debVersion(pkg, ctx.env)) ?? 'present'}` };
}

/** The Ceph programs the RGW test helper runs (packages/server/test/helpers/ceph-rgw.ts). */
const CEPH_PROGRAMS = [
  'radosgw',
  'radosgw-admin',
  'ceph-mon',
  'ceph-osd',
  'ceph',
  'ceph-authtool',
  'monmaptool',
];

/** Other names accepted for a need (the Debian package name of a tool). */
const ALIASES = {
  slapd: 'openldap',
  ldap: 'openldap',
  awscli: 'aws',
  'golang-go': 'go',
  madmin: 'madmin-go',
  radosgw: 'ceph',
  rgw: 'ceph',
};

/** Canonical need names, aliases resolved, duplicates dropped. */
function normaliseNeeds(needs) {
  return [...new Set(needs.map((n) => ALIASES[n] ?? n))];
}

/** Finds an executable by name on a PATH string, like `which`. */
export async function findOnPath(name, pathValue) {
  for (const dir of (pathValue ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    try {
      await access(candidate, fsConstants.X_OK);
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // Not here: keep looking along PATH.
    }
  }
  return undefined;
}

/** Runs `file args` and returns the first non-empty line of stdout or stderr (awscli 1.x prints its version on stderr). */
async function versionLine(file, args, env) {
  try {
    const { stdout, stderr } = await execFile(file, args, { env, timeout: 20_000 });
    const line = `${stdout}\n${stderr}`.split('\n').find((l) => l.trim() !== '');
    return line?.trim() ?? 'unknown version';
  } catch {
    return `present, but \`${path.basename(file)} ${args.join(' ')}\` failed`;
  }
}

/** Version of an installed Debian package, or undefined (no dpkg, or not installed from a package). */
async function debVersion(pkg, env) {
  try {
    const { stdout } = await execFile('dpkg-query', ['-W', '-f=${Version}', pkg], { env, timeout: 10_000 });
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

async function isDirectory(p) {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Detectors: each resolves to `{ found: true, version, where }` or `{ found: false }`. `ctx` carries
 * the PATH and environment to look at and the GOPATH root of Debian's Go sources.
 */
const DETECTORS = {
  async aws(ctx) {
    const where = await findOnPath('aws', ctx.env.PATH);
    if (where === undefined) return { found: false };
    return { found: true, where, version: await versionLine(where, ['--version'], ctx.env) };
  },
  async s3cmd(ctx) {
    const where = await findOnPath('s3cmd', ctx.env.PATH);
    if (where === undefined) return { found: false };
    return { found: true, where, version: await versionLine(where, ['--version'], ctx.env) };
  },
  async rclone(ctx) {
    const where = await findOnPath('rclone', ctx.env.PATH);
    if (where === undefined) return { found: false };
    // rclone 1.60 fails every call while AWS_CA_BUNDLE is set (real-clients.md); `version` is harmless but be consistent.
    const env = { ...ctx.env };
    delete env.AWS_CA_BUNDLE;
    return { found: true, where, version: await versionLine(where, ['version'], env) };
  },
  async go(ctx) {
    const where = await findOnPath('go', ctx.env.PATH);
    if (where === undefined) return { found: false };
    return { found: true, where, version: await versionLine(where, ['version'], ctx.env) };
  },
  async 'madmin-go'(ctx) {
    const madmin = path.join(ctx.gocode, 'src/github.com/minio/madmin-go');
    const minioGo = path.join(ctx.gocode, 'src/github.com/minio/minio-go/v7');
    if (!(await isDirectory(madmin)) || !(await isDirectory(minioGo))) return { found: false };
    let version = await debVersion('golang-github-minio-madmin-go-dev', ctx.env);
    if (version === undefined) {
      // Not from dpkg: the module line at least says which major version the sources are.
      const mod = await readFile(path.join(madmin, 'go.mod'), 'utf8').catch(() => '');
      version = mod.split('\n')[0]?.trim() || 'unknown version';
    }
    const minioGoVersion = (await debVersion('golang-github-minio-minio-go-v7-dev', ctx.env)) ?? 'present';
    return { found: true, where: madmin, version: `madmin-go ${version}, minio-go ${minioGoVersion}` };
  },
  async chromium(ctx) {
    // CHROMIUM_PATH names a browser the caller provides (issue 3: non-root machines).
    const given = ctx.env.CHROMIUM_PATH;
    const where =
      (given &&
        (await access(given, fsConstants.X_OK).then(
          () => given,
          () => undefined,
        ))) ??
      (await findOnPath('chromium', ctx.env.PATH)) ??
      (await findOnPath('chromium-browser', ctx.env.PATH));
    if (where === undefined) return { found: false };
    return { found: true, where, version: await versionLine(where, ['--version'], ctx.env) };
  },
  async ceph(ctx) {
    // Every program the cluster needs, not only radosgw: a half-installed Ceph fails late and obscurely.
    const found = await Promise.all(CEPH_PROGRAMS.map((name) => findOnPath(name, ctx.env.PATH)));
    if (found.some((where) => where === undefined)) return { found: false };
    const where = found[0];
    return { found: true, where, version: await versionLine(where, ['--version'], ctx.env) };
  },
  async unzip(ctx) {
    const where = await findOnPath('unzip', ctx.env.PATH);
    if (where === undefined) return { found: false };
    // `unzip -v` prints its version banner first.
    return { found: true, where, version: await versionLine(where, ['-v'], ctx.env) };
  },
  async redis(ctx) {
    const where = await findOnPath('redis-server', ctx.env.PATH);
    if (where === undefined) return { found: false };
    return { found: true, where, version: await versionLine(where, ['--version'], ctx.env) };
  },
  async postgresql(ctx) {
    // Debian keeps the server programs off PATH, under /usr/lib/postgresql/<major>/bin.
    const root = '/usr/lib/postgresql';
    const majors = await readdir(root).catch(() => []);
    for (const major of majors.sort((a, b) => Number(b) - Number(a))) {
      const bin = path.join(root, major, 'bin');
      const where = path.join(bin, 'postgres');
      if ((await findOnPath('postgres', bin)) && (await findOnPath('initdb', bin)))
        return { found: true, where, version: await versionLine(where, ['--version'], ctx.env) };
    }
    return { found: false };
  },
  async mariadb(ctx) {
    // mariadbd lives in /usr/sbin, which a non-root PATH may lack.
    const where = await findDaemon('mariadbd', ctx);
    const install = await findDaemon('mariadb-install-db', ctx);
    if (where === undefined || install === undefined) return { found: false };
    return { found: true, where, version: await versionLine(where, ['--version'], ctx.env) };
  },
  mosquitto: (ctx) => detectDaemon(['mosquitto'], 'mosquitto', ctx),
  nats: (ctx) => detectDaemon(['nats-server'], 'nats-server', ctx),
  // The test helper runs the broker with its own epmd (packages/engine/test/helpers/servers/rabbitmq.ts).
  rabbitmq: (ctx) => detectDaemon(['rabbitmq-server', 'epmd'], 'rabbitmq-server', ctx),
  // The sub-path proxy test runs nginx as a child process with its own configuration (e2e/harness/nginx.ts).
  nginx: (ctx) => detectDaemon(['nginx'], 'nginx', ctx),
  // The console's dashboard test runs Prometheus scraping the engine (packages/server/test/helpers).
  prometheus: (ctx) => detectDaemon(['prometheus'], 'prometheus', ctx),
  // The identity tests run slapd with its own slapd.conf (a self-signed certificate from openssl for
  // its TLS listeners) and seed it with ldapadd
  // (packages/engine/test/helpers/identity/openldap.ts).
  openldap: (ctx) => detectDaemon(['slapd', 'ldapadd', 'ldapsearch', 'openssl'], 'slapd', ctx),
  async kubectl(ctx) {
    const where = await findOnPath('kubectl', ctx.env.PATH);
    if (where === undefined) return { found: false };
    return { found: true, where, version: await versionLine(where, ['version', '--client'], ctx.env) };
  },
};

/** Runs a command with inherited output; resolves with its exit code. */
function runInherited(file, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Detects every need; returns `{ results: { need: detection }, missing: need[] }`. */
export async function detectSystemDeps({
  needs: wanted = DEFAULT_NEEDS,
  env = process.env,
  gocode = DEBIAN_GOCODE,
  sbin = SBIN_DIRS,
} = {}) {
  const needs = normaliseNeeds(wanted);
  for (const need of needs) {
    if (!(need in DETECTORS))
      throw new Error(`system-deps: unknown need "${need}" (known: ${Object.keys(DETECTORS).join(', ')})`);
  }
  const ctx = { env, gocode, sbin };
  const entries = await Promise.all(needs.map(async (need) => [need, await DETECTORS[need](ctx)]));
  const results = Object.fromEntries(entries);
  return { results, missing: needs.filter((n) => !results[n].found) };
}

/** The apt command line that installs the given needs. */
export function installCommand(missing) {
  const pkgs = [...new Set(missing.flatMap((n) => PACKAGES[n]))];
  return `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${pkgs.join(' ')}`;
}

/**
 * Makes sure every need is present: detects, installs what is missing when running as root (unless
 * `install: false`), and re-detects. Resolves with the detections; rejects with an error naming
 * what is missing and how to install it otherwise.
 */
export async function ensureSystemDeps({
  needs = DEFAULT_NEEDS,
  env = process.env,
  gocode = DEBIAN_GOCODE,
  install = true,
  isRoot = typeof process.getuid === 'function' && process.getuid() === 0,
  log = (line) => console.log(line),
  sbin = SBIN_DIRS,
} = {}) {
  let { results, missing } = await detectSystemDeps({ needs, env, gocode, sbin });
  if (missing.length > 0 && install && isRoot) {
    const pkgs = [...new Set(missing.flatMap((n) => PACKAGES[n]))];
    log(`system-deps: installing ${pkgs.join(' ')}`);
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
    if ((await runInherited('apt-get', ['update'], aptEnv)) !== 0)
      throw new Error('system-deps: apt-get update failed');
    const code = await runInherited('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], aptEnv);
    if (code !== 0) throw new Error(`system-deps: apt-get install ${pkgs.join(' ')} failed (exit ${code})`);
    ({ results, missing } = await detectSystemDeps({ needs, env, gocode, sbin }));
  }
  if (missing.length > 0) {
    const how = isRoot ? installCommand(missing) : `sudo sh -c '${installCommand(missing)}'`;
    const err = new Error(`system-deps: missing ${missing.join(', ')}; install with: ${how}`);
    err.missing = missing;
    err.results = results;
    log(formatResults(results));
    throw err;
  }
  log(formatResults(results));
  return results;
}

/** One line per tool: name, version, where. */
export function formatResults(results) {
  return Object.entries(results)
    .map(([need, r]) =>
      r.found ? `${need.padEnd(10)} ${r.version}  (${r.where})` : `${need.padEnd(10)} MISSING`,
    )
    .join('\n');
}

async function main(argv) {
  let needs = DEFAULT_NEEDS;
  let install = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--check') install = false;
    else if (arg === '--need' && argv[i + 1] !== undefined) needs = argv[++i].split(',').filter(Boolean);
    else if (arg.startsWith('--need=')) needs = arg.slice('--need='.length).split(',').filter(Boolean);
    else {
      console.error(
        `usage: node scripts/system-deps.mjs [--need ${Object.keys(PACKAGES).join(',')}] [--check]`,
      );
      return 2;
    }
  }
  try {
    await ensureSystemDeps({ needs, install });
    return 0;
  } catch (err) {
    console.error(err.message);
    return 1;
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
