/**
 * Operator mode's pure pieces: quantities, the configuration secret's format, Kubernetes Status
 * → error catalogue, allocatable memory (reference §4.4 test cases), and the cluster settings.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiException, type V1Node } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { maxAllocatableMemory } from './cluster-service.js';
import { k8sError, retryOnConflict } from './k8s-errors.js';
import { resolveOperatorSettings } from './k8s-settings.js';
import { bytesQuantity, parseQuantity } from './quantity.js';
import { formatConfigEnv, parseConfigEnv } from './tenant-config.js';
import { driveName } from './drive-service.js';

const GI = 1024 ** 3;

describe('quantities', () => {
  it('reads binary, decimal and milli suffixes and writes whole Gi', () => {
    expect(parseQuantity('100Gi')).toBe(100 * GI);
    expect(parseQuantity('5G')).toBe(5e9);
    expect(parseQuantity('3500m')).toBe(3.5);
    expect(parseQuantity('9223372036854775807')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseQuantity('lots')).toBeNaN();
    expect(bytesQuantity(2 * GI)).toBe('2Gi');
    expect(bytesQuantity(1500)).toBe('1500');
  });
});

describe('config.env', () => {
  it('keeps values holding = and quotes, round trip', () => {
    const entries = new Map([
      ['MINIO_ROOT_USER', 'admin'],
      ['MINIO_IDENTITY_OPENID_CONFIG_URL', 'https://idp/x?a=b&c="d"'],
    ]);
    const text = formatConfigEnv(entries);
    expect(text).toContain('export MINIO_ROOT_USER="admin"');
    expect(parseConfigEnv(text)).toEqual(entries);
    expect(parseConfigEnv("# c\n\nexport A='x=y'\nB=plain\n")).toEqual(
      new Map([
        ['A', 'x=y'],
        ['B', 'plain'],
      ]),
    );
  });
});

const status = (code: number, reason: string, message = 'm') =>
  new ApiException(
    code,
    'HTTP',
    JSON.stringify({ kind: 'Status', status: 'Failure', reason, code, message }),
    {},
  );

describe('Kubernetes errors → the catalogue', () => {
  it('maps Status codes and keeps the message', () => {
    expect(k8sError(status(404, 'NotFound', 'tenants "x" not found'), 'Tenant')).toMatchObject({
      code: 'not_found',
      detailedMessage: 'NotFound: tenants "x" not found',
    });
    expect(k8sError(status(409, 'AlreadyExists'), 'Create')).toMatchObject({ code: 'conflict' });
    expect(k8sError(status(422, 'Invalid', 'spec.pools: Required'), 'Create')).toMatchObject({
      code: 'invalid_request',
      status: 400,
    });
    expect(k8sError(status(403, 'Forbidden'), 'List')).toMatchObject({ code: 'access_denied' });
    const expired = k8sError(status(401, 'Unauthorized'), 'List');
    expect(expired).toMatchObject({ code: 'not_authenticated', credentialsRejected: true });
    expect(k8sError(status(503, 'ServiceUnavailable'), 'List')).toMatchObject({
      code: 'kubernetes_error',
      status: 503,
    });
    const refused = Object.assign(new Error('request to https://x failed'), { code: 'ECONNREFUSED' });
    expect(k8sError(refused, 'List')).toMatchObject({ code: 'kubernetes_unreachable' });
  });

  it('retries a stale write, never an AlreadyExists', async () => {
    let calls = 0;
    await expect(
      retryOnConflict(async () => {
        calls++;
        if (calls < 3) throw status(409, 'Conflict');
        return 'done';
      }),
    ).resolves.toBe('done');
    calls = 0;
    await expect(
      retryOnConflict(async () => {
        calls++;
        throw status(409, 'AlreadyExists');
      }),
    ).rejects.toBeInstanceOf(ApiException);
    expect(calls).toBe(1);
  });
});

const node = (memGi: number, taints: { key: string; effect: string }[] = []): V1Node => ({
  spec: { taints },
  status: { allocatable: { memory: `${memGi}Gi` } },
});

describe('max allocatable memory (reference §4.4)', () => {
  it('is the numNodes-th largest memory of untainted nodes', () => {
    expect(maxAllocatableMemory([node(2), node(4), node(8), node(8)], 4)).toBe(2 * GI);
    expect(maxAllocatableMemory([node(2), node(4), node(8), node(8), node(16)], 4)).toBe(4 * GI);
  });

  it('refuses too few nodes with the 2021 messages', () => {
    const four = [node(8), node(8), node(8), node(8)];
    expect(() => maxAllocatableMemory(four, 3)).toThrow('at least 4 nodes are required for a tenant');
    expect(() => maxAllocatableMemory(four, 5)).toThrow('cannot request more nodes than what is available');
    const tainted = [...four.slice(1), node(8, [{ key: 'x', effect: 'NoSchedule' }])];
    expect(() => maxAllocatableMemory(tainted, 4)).toThrow('there is not enough schedulable nodes');
  });
});

describe('drive names and cluster settings', () => {
  it('shows direct-csi paths as /dev names', () => {
    expect(driveName('/var/lib/direct-csi/devices/sdb-part-1')).toBe('/dev/sdb1');
    expect(driveName('/dev/nvme0n1')).toBe('/dev/nvme0n1');
  });

  it('finds the cluster from --k8s-api or a kubeconfig; flags switch operator mode on', async () => {
    expect(await resolveOperatorSettings({ apiServer: 'https://k8s:6443/' }, {})).toMatchObject({
      cluster: { server: 'https://k8s:6443' },
      namespace: 'default',
      clusterDomain: 'cluster.local',
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'coffer-kubeconfig-'));
    const file = path.join(dir, 'config');
    writeFileSync(
      file,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters: [{name: c, cluster: {server: "https://10.0.0.1:443", certificate-authority-data: "' +
          Buffer.from('PEM').toString('base64') +
          '"}}]',
        'users: [{name: u, user: {token: console-token}}]',
        'contexts: [{name: x, context: {cluster: c, user: u}}]',
        'current-context: x',
      ].join('\n'),
    );
    expect(await resolveOperatorSettings({}, { KUBECONFIG: file })).toMatchObject({
      cluster: { server: 'https://10.0.0.1:443', caPem: 'PEM' },
      consoleToken: 'console-token',
    });
    expect(await resolveOperatorSettings({}, {})).toBeUndefined();
    const config = loadConfig(['--kubeconfig', file, '--minio-image', 'minio/minio:X'], {});
    expect(config?.operator).toEqual({ kubeconfig: file, defaultImage: 'minio/minio:X' });
    expect(config?.serverUrl).toBeDefined();
    expect(loadConfig(['--operator'], { CONSOLE_K8S_API_SERVER: 'https://k8s' })?.operator).toEqual({});
    expect(loadConfig(['--server', 'http://127.0.0.1:9000'], {})?.operator).toBeUndefined();
    expect(() => loadConfig([], {})).toThrow(/--server URL is required/);
  });
});
