/**
 * Storage page (spec 3 §7 "Storage"): the tenants' volume claims across namespaces, and
 * direct-csi's drives (direct.csi.min.io/v1beta1, cluster-scoped) with the format request the
 * 2021 console sent (reference operator-mode.md §2.4): per drive, refusals for unavailable, in-use,
 * and (without force) owned or already formatted drives; otherwise `directCSIOwned` and
 * `requestedFormat {filesystem: xfs, force}` are set and the whole drive object is PUT back (the
 * resource has no status subresource). direct-csi's node agent then formats it.
 */
import type { Drive, FormatIssue, Pvc } from '@coffer/contract';
import { ConsoleError } from '../errors.js';
import { isK8sStatus, k8s, k8sError } from './k8s-errors.js';
import { DIRECT_CSI_DRIVES, DIRECT_CSI_VOLUMES, type K8sApis } from './k8s-client.js';
import { TENANT_LABEL } from './tenant-resource.js';

export async function listPvcs(apis: K8sApis): Promise<Pvc[]> {
  const list = await k8s('List volumes', () =>
    apis.core.listPersistentVolumeClaimForAllNamespaces({ labelSelector: TENANT_LABEL }),
  );
  return list.items.map((c) => ({
    name: c.metadata?.name ?? '',
    namespace: c.metadata?.namespace ?? '',
    status: c.status?.phase ?? '',
    tenant: c.metadata?.labels?.[TENANT_LABEL] ?? '',
    capacity: c.status?.capacity?.storage ?? c.spec?.resources?.requests?.storage ?? '',
    storageClass: c.spec?.storageClassName ?? '',
    volume: c.spec?.volumeName ?? '',
    age: c.metadata?.creationTimestamp ? new Date(c.metadata.creationTimestamp).toISOString() : '',
  }));
}

interface Condition {
  type?: string;
  status?: string;
  message?: string;
}

interface DirectCsiDrive {
  metadata: { name: string; resourceVersion?: string };
  spec?: { directCSIOwned?: boolean; requestedFormat?: Record<string, unknown>; [k: string]: unknown };
  status?: {
    path?: string;
    nodeName?: string;
    driveStatus?: string;
    filesystem?: string;
    totalCapacity?: number;
    allocatedCapacity?: number;
    conditions?: Condition[];
  };
}

interface DirectCsiVolume {
  status?: { drive?: string };
}

const DEVICE_PREFIXES = ['/var/lib/direct-csi/devices/', '/dev/'];

/** `/dev/<name>` for a drive path (`/var/lib/direct-csi/devices/sdb-part-1` → `/dev/sdb1`). */
export function driveName(path: string): string {
  let name = path;
  for (const prefix of DEVICE_PREFIXES) if (name.startsWith(prefix)) name = name.slice(prefix.length);
  return `/dev/${name.replace('-part-', '')}`;
}

async function readDrives(apis: K8sApis): Promise<DirectCsiDrive[]> {
  try {
    const list = (await apis.custom.listClusterCustomObject({ ...DIRECT_CSI_DRIVES })) as {
      items: DirectCsiDrive[];
    };
    return list.items;
  } catch (err) {
    if (isK8sStatus(err, 404)) {
      throw new ConsoleError(
        'direct_csi_not_installed',
        'To manage locally attached drives you need to install direct-csi',
        'the cluster serves no direct.csi.min.io/v1beta1 directcsidrives',
      );
    }
    throw k8sError(err, 'List drives');
  }
}

export async function listDrives(apis: K8sApis): Promise<Drive[]> {
  const drives = await readDrives(apis);
  const volumes = (
    (await k8s('List drive volumes', () =>
      apis.custom.listClusterCustomObject({ ...DIRECT_CSI_VOLUMES }),
    )) as {
      items: DirectCsiVolume[];
    }
  ).items;
  const rows = drives.map((d) => {
    const s = d.status ?? {};
    const pending = (s.conditions ?? []).find(
      (c) => (c.type === 'Initialized' || c.type === 'Owned') && c.status !== 'True',
    );
    return {
      drive: driveName(s.path ?? ''),
      node: s.nodeName ?? '',
      capacity: s.totalCapacity ?? 0,
      allocated: s.allocatedCapacity ?? 0,
      volumes: volumes.filter((v) => v.status?.drive === d.metadata.name).length,
      status: `${s.driveStatus ?? ''}${pending ? '*' : ''}`,
      message: pending?.message?.split('\n')[0]?.replace(d.metadata.name, '').trim() ?? '',
    };
  });
  return rows.sort(
    (a, b) =>
      a.node.localeCompare(b.node) || a.drive.localeCompare(b.drive) || a.status.localeCompare(b.status),
  );
}

/** Why a drive may not be formatted, or undefined when it may. */
function refusal(d: DirectCsiDrive, force: boolean): string | undefined {
  const status = d.status?.driveStatus;
  if (status === 'Unavailable') return 'Status is unavailable';
  if (status === 'InUse') return 'Drive in use. Cannot be formatted';
  if (!force && status === 'Ready') return 'Drive already owned and managed. Use force to overwrite';
  if (!force && (d.status?.filesystem ?? '') !== '') return 'Drive already has a fs. Use force to overwrite';
  return undefined;
}

export async function formatDrives(
  apis: K8sApis,
  wanted: readonly string[],
  force: boolean,
): Promise<FormatIssue[]> {
  const drives = await readDrives(apis);
  const byKey = new Map(
    drives.map((d) => [`${d.status?.nodeName ?? ''}:${driveName(d.status?.path ?? '')}`, d]),
  );
  const issues: FormatIssue[] = [];
  for (const key of wanted) {
    const colon = key.indexOf(':');
    const node = key.slice(0, colon);
    const drive = key.slice(colon + 1);
    const d = byKey.get(key);
    if (!d) {
      issues.push({ node, drive, error: 'Drive not found' });
      continue;
    }
    const why = refusal(d, force);
    if (why !== undefined) {
      issues.push({ node, drive, error: why });
      continue;
    }
    const body = {
      ...d,
      spec: { ...d.spec, directCSIOwned: true, requestedFormat: { filesystem: 'xfs', force } },
    };
    try {
      await apis.custom.replaceClusterCustomObject({ ...DIRECT_CSI_DRIVES, name: d.metadata.name, body });
    } catch (err) {
      issues.push({ node, drive, error: k8sError(err, 'Format').detailedMessage || 'update failed' });
    }
  }
  return issues;
}
