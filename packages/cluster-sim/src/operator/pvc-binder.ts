/**
 * The simulated volume provisioner: a new PVC whose storage class exists (or, without a class,
 * when a default class exists) gets a PersistentVolume `pvc-<uid>` and turns Bound with the
 * requested capacity; a class that does not exist leaves it Pending with a ProvisioningFailed
 * event. Deleting a PVC deletes its volume (reclaim policy Delete).
 */
import { resourceOfKind } from '../api/resources.js';
import type { Change, KubeObject, ObjectStore } from '../api/store.js';
import { Writer } from './writes.js';

const PVC = resourceOfKind('PersistentVolumeClaim');
const SC = resourceOfKind('StorageClass');

interface ClaimSpec {
  accessModes?: string[];
  resources?: { requests?: { storage?: string } };
  storageClassName?: string;
  volumeName?: string;
}

export class PvcBinder {
  private readonly writer: Writer;
  private readonly listener = (c: Change): void => {
    if (c.resource !== PVC) return;
    if (c.type === 'ADDED') setImmediate(() => this.bind(c.object));
    if (c.type === 'DELETED') {
      const volume = (c.object.spec as ClaimSpec | undefined)?.volumeName;
      if (volume !== undefined && volume !== '')
        setImmediate(() => this.writer.remove('PersistentVolume', undefined, volume));
    }
  };

  constructor(private readonly store: ObjectStore) {
    this.writer = new Writer(store);
  }

  start(): void {
    this.store.changes.on('change', this.listener);
  }

  stop(): void {
    this.store.changes.off('change', this.listener);
  }

  private bind(claim: KubeObject): void {
    const current = this.store.get(PVC, claim.metadata.namespace, claim.metadata.name);
    if (current === undefined || current.metadata.uid !== claim.metadata.uid) return;
    const spec = (current.spec ?? {}) as ClaimSpec;
    const classes = this.store.list(SC);
    const className =
      spec.storageClassName ??
      classes.find((c) => c.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true')
        ?.metadata.name;
    if (className === undefined || !classes.some((c) => c.metadata.name === className)) {
      const why =
        className === undefined
          ? 'no storage class and no default storage class'
          : `storageclass.storage.k8s.io "${className}" not found`;
      this.writer.event(current, 'Warning', 'ProvisioningFailed', why, 'persistentvolume-controller');
      return;
    }
    const volumeName = `pvc-${current.metadata.uid}`;
    const storage = spec.resources?.requests?.storage ?? '0';
    const accessModes = spec.accessModes ?? ['ReadWriteOnce'];
    this.writer.upsert('PersistentVolume', {
      metadata: {
        name: volumeName,
        annotations: { 'pv.kubernetes.io/provisioned-by': 'coffer.sim/hostpath' },
      },
      spec: {
        capacity: { storage },
        accessModes,
        persistentVolumeReclaimPolicy: 'Delete',
        storageClassName: className,
        claimRef: {
          kind: 'PersistentVolumeClaim',
          namespace: current.metadata.namespace,
          name: current.metadata.name,
          uid: current.metadata.uid,
        },
      },
      status: { phase: 'Bound' },
    });
    const bound = this.writer.upsert('PersistentVolumeClaim', {
      ...current,
      spec: { ...spec, storageClassName: className, volumeName },
    });
    this.writer.setStatus('PersistentVolumeClaim', bound.metadata.namespace, bound.metadata.name, {
      phase: 'Bound',
      accessModes,
      capacity: { storage },
    });
    this.writer.event(
      bound,
      'Normal',
      'ProvisioningSucceeded',
      `Successfully provisioned volume ${volumeName}`,
      'coffer.sim/hostpath',
    );
  }
}
