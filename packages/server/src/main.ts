#!/usr/bin/env node
/**
 * `coffer-console`: parse the configuration once, build the app, listen, print where, and shut
 * down gracefully on SIGINT/SIGTERM (in-flight requests finish; a second signal exits at once).
 */
import { buildApp } from './app.js';
import { HELP, loadConfig, type ConsoleConfig } from './config.js';
import { resolveOperatorSettings, type OperatorSettings } from './operator/k8s-settings.js';

async function main(): Promise<number> {
  let config: ConsoleConfig | undefined;
  try {
    config = loadConfig(process.argv.slice(2), process.env);
  } catch (err) {
    process.stderr.write(`coffer-console: ${(err as Error).message}\nRun with --help for usage.\n`);
    return 2;
  }
  if (!config) {
    process.stdout.write(HELP);
    return 0;
  }
  let operator: OperatorSettings | undefined;
  if (config.operator) {
    const { defaultImage, ...sources } = config.operator;
    const settings = await resolveOperatorSettings(sources, process.env);
    if (!settings) {
      process.stderr.write(
        'coffer-console: operator mode needs a Kubernetes API server: --k8s-api URL, --kubeconfig FILE (or KUBECONFIG), or run in a pod\n',
      );
      return 2;
    }
    operator = { ...settings, ...(defaultImage !== undefined ? { defaultImage } : {}) };
  }
  const app = await buildApp({
    serverUrl: config.serverUrl,
    dataDir: config.dataDir,
    sessionSeconds: config.sessionSeconds,
    region: config.region,
    basePath: config.basePath,
    trustProxy: config.trustProxy,
    ...(config.webDir !== undefined ? { webDir: config.webDir } : {}),
    ...(config.publicServerUrl !== undefined ? { publicServerUrl: config.publicServerUrl } : {}),
    ...(config.sessionKey !== undefined ? { sessionKey: config.sessionKey } : {}),
    ...(config.uploadPartSize !== undefined ? { uploadPartSize: config.uploadPartSize } : {}),
    ...(config.stsSeconds !== undefined ? { stsSeconds: config.stsSeconds } : {}),
    ...(config.credentialRenewMarginSeconds !== undefined
      ? { credentialRenewMarginSeconds: config.credentialRenewMarginSeconds }
      : {}),
    ...(config.openId !== undefined ? { openId: config.openId } : {}),
    ...(operator !== undefined ? { operator } : {}),
    license: {
      ...(config.licensePublicKeyPem !== undefined ? { publicKeyPem: config.licensePublicKeyPem } : {}),
      ...(config.subscriptionUrl !== undefined ? { serviceUrl: config.subscriptionUrl } : {}),
    },
    auditLog: {
      retentionMs: config.auditRetentionSeconds * 1000,
      ...(config.auditMaxEntries !== undefined ? { maxEntries: config.auditMaxEntries } : {}),
      ...(config.auditToken !== undefined ? { token: config.auditToken } : {}),
    },
    dashboard: {
      ...(config.prometheusUrl !== undefined ? { prometheusUrl: config.prometheusUrl } : {}),
      ...(config.prometheusJobId !== undefined ? { prometheusJobId: config.prometheusJobId } : {}),
      ...(config.metricsIntervalSeconds !== undefined
        ? { scrapeIntervalSeconds: config.metricsIntervalSeconds }
        : {}),
    },
    connections: {
      ...(config.headersTimeoutMs !== undefined ? { headersTimeoutMs: config.headersTimeoutMs } : {}),
      ...(config.maxConnections !== undefined ? { maxConnections: config.maxConnections } : {}),
    },
    logger: { level: process.env.COFFER_LOG_LEVEL ?? 'info' },
  });
  const url = await app.listen({ host: config.host, port: config.port });
  process.stdout.write(
    [
      'Coffer console running',
      `  Console:        ${url}${config.basePath}/`,
      operator
        ? `  Operator mode:  Kubernetes API ${operator.cluster.server} (sign in with a service-account token)`
        : `  Storage server: ${config.serverUrl}`,
      `  Data:           ${config.dataDir}`,
      ...(config.openId ? [`  Single sign-on: ${config.openId.configUrl}`] : []),
      `  API:            ${url}${config.basePath}/api/v1/openapi.json`,
      '',
    ].join('\n'),
  );

  return new Promise<number>((resolveExit) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) {
        resolveExit(130);
        return;
      }
      stopping = true;
      process.stderr.write(`coffer-console: ${signal} received, shutting down\n`);
      app.close().then(
        () => resolveExit(0),
        (err: unknown) => {
          process.stderr.write(`coffer-console: error while shutting down: ${String(err)}\n`);
          resolveExit(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`coffer-console: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
