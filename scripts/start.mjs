#!/usr/bin/env node
// `npm start`: install what is missing, build, then start the embedded engine (4 drives under
// ./data by default) and the console on http://localhost:9090, and print the URL and the
// credentials. The console reaches the engine over HTTP only, like any MinIO server.
//   npm start -- --data DIR --console-address HOST:PORT --engine-address HOST:PORT [--verbose]
//   npm start -- --operator [--k8s-api URL | --kubeconfig FILE]   (operator mode, see --help)
// The terminal keeps the banner readable: everything the two servers print (request logs
// included) goes to DIR/logs/engine.log and DIR/logs/console.log; only warnings and errors are
// echoed, unless --verbose echoes every line.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, buildAll, ensureNodeModules } from './ensure.mjs';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: join(ROOT, 'data') },
    'engine-address': { type: 'string', default: '127.0.0.1:9000' },
    'console-address': { type: 'string', default: 'localhost:9090' },
    drives: { type: 'string', default: '4' },
    verbose: { type: 'boolean', default: false },
    operator: { type: 'boolean', default: process.env.COFFER_OPERATOR === 'true' },
    'k8s-api': { type: 'string' },
    'k8s-ca': { type: 'string' },
    kubeconfig: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(`Usage: npm start -- [--data DIR] [--console-address HOST:PORT] [--engine-address HOST:PORT] [--drives N] [--verbose]

Starts the storage engine (drives DIR/drive1..N, default ./data) and the console (default
http://localhost:9090). Root credentials: COFFER_ROOT_USER / COFFER_ROOT_PASSWORD, or generated
at first start and kept in DIR/.coffer-credentials.json. The servers' output (request logs
included) goes to DIR/logs/engine.log and DIR/logs/console.log; the terminal shows only warnings
and errors, or every line with --verbose.

Operator mode (manage MinIO tenants on Kubernetes):
  npm start -- --operator            a simulated demo cluster (packages/cluster-sim: a Kubernetes
                                     API server on loopback, four nodes, direct-csi drives and a
                                     running demo tenant; each tenant runs real engine
                                     processes) and the console in
                                     operator mode; the banner prints the service-account token
                                     to sign in with (also saved to DIR/operator/token)
  npm start -- --operator --kubeconfig FILE    a real cluster from a kubeconfig
  npm start -- --operator --k8s-api URL [--k8s-ca FILE]   a real API server
  COFFER_OPERATOR=true npm start     the same as --operator`);
  process.exit(0);
}

const dataDir = resolve(values.data);
const logDir = join(dataDir, 'logs');
const children = [];
/** In-process parts to stop too (the simulated cluster of operator mode). */
const stopHooks = [];
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all([
    ...children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
    ...stopHooks.map((stop) => Promise.resolve(stop()).catch(() => undefined)),
  ]).then(() => process.exit(code));
}

/** Pino's numeric levels: 40 is warn. Lines that are not pino JSON (the engine's) count as notices. */
const WARN_LEVEL = 40;

/**
 * Whether a line of a child's output belongs on the terminal: all of them with --verbose,
 * otherwise warnings and errors only (the console's JSON log lines carry their level; the engine
 * prints plain lines only for events worth reading, but its start-up banner repeats ours).
 */
function echoLine(line) {
  if (values.verbose) return line;
  if (line.startsWith('{')) {
    try {
      const entry = JSON.parse(line);
      if (typeof entry.level === 'number' && entry.level < WARN_LEVEL) return undefined;
      return typeof entry.msg === 'string' ? entry.msg : line;
    } catch {
      return line;
    }
  }
  return /\b(warn|warning|error|fail|failed|offline|corrupt)\b/i.test(line) ? line : undefined;
}

/** Start a child whose output goes to DIR/logs/NAME.log (and, filtered, to ours); if it dies, stop everything. */
function startChild(name, args, env = process.env) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const file = createWriteStream(join(logDir, `${name}.log`), { flags: 'a', mode: 0o600 });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      file.write(chunk);
      const lines = (rest + String(chunk)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const shown = line ? echoLine(line) : undefined;
        if (shown !== undefined) out.write(`[${name}] ${shown}\n`);
      }
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    file.end();
    if (!stopping) {
      console.error(
        `coffer: the ${name} stopped (${signal ?? `exit code ${code}`}); stopping. Its output: ${join(logDir, `${name}.log`)}`,
      );
      stopAll(code || 1);
    }
  });
  children.push(child);
  return child;
}

/** Poll a URL until it answers (any HTTP status) or the deadline passes. */
async function waitFor(url, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) throw new Error(`the ${what} did not start`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`the ${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * The console's audit token (the file the console itself creates at first start, so both agree):
 * the engine's audit_webhook target "coffer" presents it when it delivers audit entries to the
 * console's audit log (Logs → Audit Logs).
 */
function auditToken(consoleDataDir) {
  if (process.env.COFFER_AUDIT_TOKEN) return process.env.COFFER_AUDIT_TOKEN;
  mkdirSync(consoleDataDir, { recursive: true, mode: 0o700 });
  const file = join(consoleDataDir, 'audit.token');
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

/** The engine's audit_webhook target "coffer" → the console (unless the environment sets one up). */
function auditWebhookEnv(consoleAddress, consoleDataDir) {
  if (process.env.COFFER_AUDIT_RETENTION === '0') return {};
  return {
    MINIO_AUDIT_WEBHOOK_ENABLE_COFFER: 'on',
    MINIO_AUDIT_WEBHOOK_ENDPOINT_COFFER: `http://${consoleAddress}/api/v1/logs/audit`,
    MINIO_AUDIT_WEBHOOK_AUTH_TOKEN_COFFER: auditToken(consoleDataDir),
    // Entries wait on disk while the console is down (or not yet up).
    MINIO_AUDIT_WEBHOOK_QUEUE_DIR_COFFER: join(consoleDataDir, 'audit-queue'),
  };
}

function rootCredentials() {
  const user = process.env.COFFER_ROOT_USER ?? process.env.MINIO_ROOT_USER;
  const password = process.env.COFFER_ROOT_PASSWORD ?? process.env.MINIO_ROOT_PASSWORD;
  if (user && password) return { accessKey: user, secretKey: password, where: 'from the environment' };
  const file = join(dataDir, '.coffer-credentials.json');
  if (!existsSync(file)) return undefined;
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  return { accessKey: doc.accessKey, secretKey: doc.secretKey, where: `kept in ${file}` };
}

/**
 * Operator mode: the console alone, in operator mode, against a real cluster (--k8s-api,
 * --kubeconfig) or the simulated demo cluster, which runs inside this process (its tenants'
 * engines are its own child processes) and stops with it.
 */
async function startOperator() {
  const consoleAddress = String(values['console-address']);
  const operatorDir = join(dataDir, 'operator');
  mkdirSync(operatorDir, { recursive: true, mode: 0o700 });
  const real = values['k8s-api'] !== undefined || values.kubeconfig !== undefined;
  let clusterArgs;
  let token;
  let clusterLine;
  if (real) {
    clusterArgs =
      values['k8s-api'] !== undefined
        ? [
            '--k8s-api',
            values['k8s-api'],
            ...(values['k8s-ca'] ? ['--k8s-ca', resolve(values['k8s-ca'])] : []),
          ]
        : ['--kubeconfig', resolve(values.kubeconfig)];
    clusterLine = values['k8s-api'] ?? `from ${resolve(values.kubeconfig)}`;
  } else {
    const { startClusterSim } = await import(join(ROOT, 'packages/cluster-sim/dist/index.js'));
    const sim = await startClusterSim({
      dataDir: join(operatorDir, 'cluster'),
      demo: true,
      demoTenant: true,
    });
    stopHooks.push(() => sim.stop());
    token = sim.token;
    writeFileSync(join(operatorDir, 'token'), `${token}\n`, { mode: 0o600 });
    clusterArgs = ['--kubeconfig', sim.kubeconfigPath];
    clusterLine = `${sim.url} (simulated demo cluster; kubectl --kubeconfig ${sim.kubeconfigPath})`;
  }
  startChild('console', [
    join(ROOT, 'packages/server/dist/main.js'),
    '--address',
    consoleAddress,
    '--operator',
    ...clusterArgs,
    '--data',
    join(operatorDir, 'console'),
    '--web-dir',
    join(ROOT, 'packages/web/dist'),
  ]);
  const consoleUrl = `http://${consoleAddress}`;
  await waitFor(`${consoleUrl}/api/v1/login`, 'console');
  const signIn = token
    ? `Sign in with this service-account token (also in ${join(operatorDir, 'token')}):

${token}
`
    : `Sign in with a service-account token of the cluster, e.g.:
  kubectl -n minio-operator create token console-sa
`;
  console.log(`
Coffer is running in operator mode.
  Console:     ${consoleUrl}  (Operator Login)
  Kubernetes:  ${clusterLine}
  Logs:        ${logDir}${values.verbose ? '' : ' (npm start -- --verbose shows them here)'}

${signIn}
Press Ctrl+C to stop.`);
}

async function main() {
  ensureNodeModules();
  console.log('coffer: building…');
  buildAll();
  if (values.operator || values['k8s-api'] !== undefined || values.kubeconfig !== undefined) {
    mkdirSync(logDir, { recursive: true });
    await startOperator();
    return;
  }

  mkdirSync(logDir, { recursive: true });
  const engineAddress = String(values['engine-address']);
  const consoleAddress = String(values['console-address']);
  const consoleDataDir = join(dataDir, 'console');
  const engineRuntime = JSON.parse(readFileSync(join(ROOT, 'packages/engine/node-flags.json'), 'utf8'));
  startChild(
    'engine',
    [
      // The engine's Node/V8 flags, as its #! line has them (packages/engine/node-flags.json).
      ...engineRuntime.flags,
      join(ROOT, 'packages/engine/dist/cli.js'),
      '--address',
      engineAddress,
      '--data',
      dataDir,
      '--drives',
      String(values.drives),
      // The console signs every user in from this host: its failed sign-ins back off per account
      // on the engine, not per address (the console throttles each user's own address itself).
      '--sts-trusted-proxy',
      '127.0.0.1',
      '--sts-trusted-proxy',
      '::1',
    ],
    {
      // More libuv threads let concurrent large uploads overlap their file writes (docs/performance.md).
      UV_THREADPOOL_SIZE: '16',
      // …and its environment (malloc tunables), as its #! line sets it.
      ...engineRuntime.env,
      ...auditWebhookEnv(consoleAddress, consoleDataDir),
      ...process.env,
    },
  );
  const engineUrl = `http://${engineAddress}`;
  await waitFor(`${engineUrl}/minio/health/live`, 'engine');

  startChild('console', [
    join(ROOT, 'packages/server/dist/main.js'),
    '--address',
    consoleAddress,
    '--server',
    engineUrl,
    '--data',
    consoleDataDir,
    '--web-dir',
    join(ROOT, 'packages/web/dist'),
  ]);
  const consoleUrl = `http://${consoleAddress}`;
  await waitFor(`${consoleUrl}/api/v1/login`, 'console');

  const creds = rootCredentials();
  console.log(`
Coffer is running.
  Console:     ${consoleUrl}
  Storage:     ${engineUrl} (S3, MinIO admin API, STS)
  Access key:  ${creds?.accessKey ?? '(see the engine log)'}
  Secret key:  ${creds?.secretKey ?? '(see the engine log)'}${creds ? `\n               (${creds.where})` : ''}
  Logs:        ${logDir}${values.verbose ? '' : ' (npm start -- --verbose shows them here)'}
Press Ctrl+C to stop.`);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
main().catch((err) => {
  console.error(`coffer: ${err.message}`);
  stopAll(err.exitCode ?? 1);
});
