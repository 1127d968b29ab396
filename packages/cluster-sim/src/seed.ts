/**
 * What every simulated cluster starts with (the system namespaces and the operator console's
 * service account bound to cluster-admin, whose token `startClusterSim` hands out) and what the
 * demo cluster adds: four schedulable nodes, storage classes, and direct-csi drives in several
 * states so the Drives screen has something to format.
 */
import { resourceOfKind } from './api/resources.js';
import type { KubeObject, ObjectStore } from './api/store.js';

export const OPERATOR_NAMESPACE = 'minio-operator';
export const ADMIN_SERVICE_ACCOUNT = 'console-sa';

const GiB = 1024 ** 3;

function put(store: ObjectStore, kind: string, obj: Omit<KubeObject, 'apiVersion' | 'kind'>): KubeObject {
  return store.insert(resourceOfKind(kind), obj as KubeObject);
}

/** Namespaces and the admin service account; returns the account (its uid is in the token). */
export function seedBase(store: ObjectStore): KubeObject {
  for (const name of ['default', 'kube-system', 'kube-public', OPERATOR_NAMESPACE]) {
    put(store, 'Namespace', {
      metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
  }
  const sa = put(store, 'ServiceAccount', {
    metadata: { name: ADMIN_SERVICE_ACCOUNT, namespace: OPERATOR_NAMESPACE },
  });
  put(store, 'ClusterRole', {
    metadata: { name: 'cluster-admin' },
    rules: [
      { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
      { nonResourceURLs: ['*'], verbs: ['*'] },
    ],
  });
  put(store, 'ClusterRoleBinding', {
    metadata: { name: 'console-sa-binding' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
    subjects: [{ kind: 'ServiceAccount', name: ADMIN_SERVICE_ACCOUNT, namespace: OPERATOR_NAMESPACE }],
  });
  return sa;
}

export const DEMO_NODES = ['coffer-node-1', 'coffer-node-2', 'coffer-node-3', 'coffer-node-4'];

export function seedDemo(store: ObjectStore): void {
  DEMO_NODES.forEach((name, i) => {
    put(store, 'Node', {
      metadata: {
        name,
        labels: {
          'kubernetes.io/hostname': name,
          'kubernetes.io/os': 'linux',
          'kubernetes.io/arch': 'amd64',
          'topology.kubernetes.io/zone': `zone-${(i % 2) + 1}`,
        },
      },
      spec: {},
      status: {
        capacity: { cpu: '8', memory: '32Gi', pods: '110' },
        allocatable: { cpu: '8', memory: `${16 + i * 8}Gi`, pods: '110' },
        conditions: [
          {
            type: 'Ready',
            status: 'True',
            reason: 'KubeletReady',
            message: 'kubelet is posting ready status',
          },
        ],
        addresses: [
          { type: 'InternalIP', address: `10.0.0.${11 + i}` },
          { type: 'Hostname', address: name },
        ],
        nodeInfo: { kubeletVersion: 'v1.32.0-coffer-sim', operatingSystem: 'linux', architecture: 'amd64' },
      },
    });
  });
  put(store, 'StorageClass', {
    metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
    provisioner: 'coffer.sim/hostpath',
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'Immediate',
  });
  put(store, 'StorageClass', {
    metadata: { name: 'direct-csi-min-io' },
    provisioner: 'direct-csi-min-io',
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
    allowVolumeExpansion: false,
  });
  const driveType = resourceOfKind('DirectCSIDrive');
  DEMO_NODES.forEach((node, n) => {
    ['sdb', 'sdc', 'sdd'].forEach((dev, d) => {
      // A mix of states: fresh drives to format, one with a filesystem, one already Ready, one unavailable.
      const fresh = d === 0 || (d === 1 && n % 2 === 0);
      const status = n === 3 && d === 2 ? 'Unavailable' : d === 2 ? 'Ready' : 'Available';
      const filesystem = fresh ? '' : 'xfs';
      const total = (100 + 50 * d) * GiB;
      store.insert(driveType, {
        metadata: { name: `${node}-${dev}` },
        spec: { directCSIOwned: status === 'Ready' },
        status: {
          path: `/var/lib/direct-csi/devices/${dev}-part-1`,
          nodeName: node,
          driveStatus: status,
          filesystem,
          mountpoint: status === 'Ready' ? `/var/lib/direct-csi/mnt/${node}-${dev}` : '',
          mountOptions: [],
          totalCapacity: total,
          allocatedCapacity: 0,
          freeCapacity: total,
          rootPartition: `${dev}1`,
          partitionNum: 1,
          modelNumber: 'COFFER SIM DISK',
          serialNumber: `SIM${n}${d}0000`,
          physicalBlockSize: 512,
          logicalBlockSize: 512,
          topology: { 'direct.csi.min.io/node': node },
          accessTier: 'Unknown',
          conditions: [
            { type: 'Owned', status: status === 'Ready' ? 'True' : 'False', reason: 'NotAdded', message: '' },
            {
              type: 'Mounted',
              status: status === 'Ready' ? 'True' : 'False',
              reason: 'NotAdded',
              message: '',
            },
            {
              type: 'Formatted',
              status: filesystem === '' ? 'False' : 'True',
              reason: 'NotAdded',
              message: '',
            },
            {
              type: 'Initialized',
              status: status === 'Unavailable' ? 'False' : 'True',
              reason: status === 'Unavailable' ? 'NotInitialized' : 'Initialized',
              message:
                status === 'Unavailable' ? `${node}-${dev} is unavailable: the drive reports I/O errors` : '',
            },
          ],
        },
      } as KubeObject);
    });
  });
}
