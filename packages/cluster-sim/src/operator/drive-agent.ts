/**
 * The direct-csi node agent, simulated: a DirectCSIDrive whose spec carries `requestedFormat` is
 * "formatted" shortly after (filesystem from the request, xfs by default; mounted at
 * `/var/lib/direct-csi/mnt/<drive>`; driveStatus Ready; Owned/Mounted/Formatted conditions True)
 * and its `requestedFormat` is cleared, as the real agent does after mkfs and mount.
 */
import { resourceOfKind } from '../api/resources.js';
import type { Change, KubeObject, ObjectStore } from '../api/store.js';
import { Writer } from './writes.js';

const DRIVE = resourceOfKind('DirectCSIDrive');

interface DriveSpec {
  directCSIOwned?: boolean;
  requestedFormat?: { filesystem?: string; mountOptions?: string[] } | null;
}

export class DriveAgent {
  private readonly writer: Writer;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly listener = (c: Change): void => {
    if (c.resource !== DRIVE || c.type === 'DELETED') return;
    if ((c.object.spec as DriveSpec | undefined)?.requestedFormat == null) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.format(c.object.metadata.name);
    }, this.delayMs);
    this.timers.add(timer);
  };

  constructor(
    private readonly store: ObjectStore,
    private readonly delayMs = 300,
  ) {
    this.writer = new Writer(store);
  }

  start(): void {
    this.store.changes.on('change', this.listener);
  }

  stop(): void {
    this.store.changes.off('change', this.listener);
    for (const t of this.timers) clearTimeout(t);
  }

  private format(name: string): void {
    const drive = this.store.get(DRIVE, undefined, name);
    const spec = (drive?.spec ?? {}) as DriveSpec;
    if (drive === undefined || spec.requestedFormat == null) return;
    const status = (drive.status ?? {}) as Record<string, unknown>;
    const mountpoint = `/var/lib/direct-csi/mnt/${name}`;
    const total = Number(status.totalCapacity ?? 0);
    const allocated = Number(status.allocatedCapacity ?? 0);
    const conditions = ((status.conditions ?? []) as { type: string }[]).map((c) =>
      ['Owned', 'Mounted', 'Formatted', 'Initialized'].includes(c.type)
        ? {
            ...c,
            status: 'True',
            reason: c.type === 'Initialized' ? 'Initialized' : 'Added',
            message: c.type === 'Mounted' ? mountpoint : '',
          }
        : c,
    );
    const next: KubeObject = {
      ...drive,
      spec: { ...spec, directCSIOwned: true, requestedFormat: undefined },
      status: {
        ...status,
        driveStatus: 'Ready',
        filesystem: spec.requestedFormat.filesystem || 'xfs',
        mountpoint,
        mountOptions: spec.requestedFormat.mountOptions ?? ['defaults'],
        freeCapacity: total - allocated,
        conditions,
      },
    };
    delete (next.spec as Record<string, unknown>).requestedFormat;
    this.writer.upsert('DirectCSIDrive', next);
  }
}
