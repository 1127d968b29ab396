#!/usr/bin/env -S GLIBC_TUNABLES=glibc.malloc.mmap_threshold=16777216:glibc.malloc.trim_threshold=268435456 node --initial-old-space-size=128
/**
 * Command line of the engine: `coffer-engine --address 127.0.0.1:9000 --data DIR --drives 4`
 * (drives `DIR/drive1..N`, created when missing) or `--drive PATH` repeated for explicit drives.
 * It prints where the server listens, the root credentials (and whether they were generated and
 * where they are kept) and the drive layout; on a startup failure it prints the diagnosis — no
 * stack trace — and exits 1. SIGINT/SIGTERM close the engine gracefully (a second signal exits at
 * once).
 */
import { mkdir, stat } from 'node:fs/promises';
import { HELP, parseCli, type CliConfig } from './cli-args.js';
import { createEngine, type Engine } from './engine.js';
import { StartupError } from './storage/startup-error.js';

/** Create missing drive directories; a path that exists but is not a directory is a StartupError. */
async function prepareDrives(drives: string[]): Promise<void> {
  for (const drive of drives) {
    const info = await stat(drive).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw new StartupError(
        `drive ${drive} cannot be examined (${err.code ?? 'error'}): ${err.message}`,
        drive,
      );
    });
    if (info && !info.isDirectory()) {
      throw new StartupError(
        `drive ${drive} exists but is not a directory; give a directory path for each drive`,
        drive,
      );
    }
    if (!info) {
      await mkdir(drive, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
        throw new StartupError(
          `drive ${drive} cannot be created (${err.code ?? 'error'}): ${err.message}`,
          drive,
        );
      });
    }
  }
}

function describeCredentials(engine: Engine): string {
  switch (engine.credentialSource) {
    case 'generated':
      return `generated now and stored in ${engine.credentialsFile ?? '?'} (mode 0600)`;
    case 'stored':
      return `generated at first start, read from ${engine.credentialsFile ?? '?'}`;
    case 'environment':
      return 'from the environment (COFFER_ROOT_USER/COFFER_ROOT_PASSWORD or MINIO_ROOT_USER/MINIO_ROOT_PASSWORD)';
    case 'options':
      return 'given by the caller';
  }
}

async function main(): Promise<number> {
  let config: CliConfig | undefined;
  try {
    config = parseCli(process.argv.slice(2), process.env);
  } catch (err) {
    process.stderr.write(`coffer-engine: ${(err as Error).message}\nRun with --help for usage.\n`);
    return 2;
  }
  if (!config) {
    process.stdout.write(HELP);
    return 0;
  }

  let engine: Engine;
  try {
    await prepareDrives(config.drives);
    engine = await createEngine({
      address: config.address,
      drives: config.drives,
      ...(config.dataDir !== undefined ? { dataDir: config.dataDir } : {}),
      ...(config.parity !== undefined ? { parity: config.parity } : {}),
      ...(config.region !== undefined ? { region: config.region } : {}),
      ...(config.scannerIntervalMs !== undefined ? { scannerIntervalMs: config.scannerIntervalMs } : {}),
      ...(config.lifecycleDayMs !== undefined ? { lifecycleDayMs: config.lifecycleDayMs } : {}),
      ...(config.driveCheckIntervalMs !== undefined
        ? { driveCheckIntervalMs: config.driveCheckIntervalMs }
        : {}),
      ...(config.stsTrustedProxies !== undefined ? { stsTrustedProxies: config.stsTrustedProxies } : {}),
      connections: {
        ...(config.headersTimeoutMs !== undefined ? { headersTimeoutMs: config.headersTimeoutMs } : {}),
        ...(config.keepAliveTimeoutMs !== undefined ? { keepAliveTimeoutMs: config.keepAliveTimeoutMs } : {}),
        ...(config.maxConnections !== undefined ? { maxConnections: config.maxConnections } : {}),
      },
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (err) {
    // A StartupError's message is the diagnosis; anything else is unexpected but still shown
    // without a stack unless asked for.
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`coffer-engine: cannot start: ${message}\n`);
    if (!(err instanceof StartupError) && process.env.COFFER_DEBUG && err instanceof Error) {
      process.stderr.write(`${err.stack ?? ''}\n`);
    }
    return 1;
  }

  // Signal handlers go in before the banner: a supervisor (or test) that stops the engine as soon
  // as it reads the banner must find them installed.
  const exitCode = new Promise<number>((resolveExit) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) {
        process.stderr.write(`coffer-engine: ${signal} again, exiting now\n`);
        resolveExit(130);
        return;
      }
      stopping = true;
      process.stderr.write(`coffer-engine: ${signal} received, shutting down\n`);
      engine.close().then(
        () => resolveExit(0),
        (err: unknown) => {
          process.stderr.write(`coffer-engine: error while shutting down: ${String(err)}\n`);
          resolveExit(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });

  const info = await engine.objectLayer.storageInfo();
  const layout =
    info.backendType === 'Erasure'
      ? `erasure coded: ${info.dataShards} data + ${info.parityShards} parity`
      : 'single drive, not erasure coded';
  const lines = [
    `Coffer engine running`,
    `  S3 endpoint:   ${engine.url}`,
    `  Region:        ${engine.context.region}`,
    `  Access key:    ${engine.credentials.accessKey}`,
    `  Secret key:    ${engine.credentials.secretKey}`,
    `  Credentials:   ${describeCredentials(engine)}`,
    `  Drives:        ${info.drives.length} (${layout})`,
    ...info.drives.map((d) => `    ${d.path}  ${d.state}`),
    `  Deployment:    ${engine.deploymentId}`,
    `Press Ctrl+C to stop.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`coffer-engine: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
