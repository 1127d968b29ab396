/**
 * The replication backlog: every replication task waits here, on the drives, from the moment the
 * object change is seen until the target has it — so a task survives an outage of the target and
 * a restart of this engine. One system file per task (`replication/backlog/<seq>`, the object
 * layer's system area: on every drive, never visible to S3), removed once done. Sequence numbers
 * are zero-padded microseconds since the epoch, bumped past the last one, so the names listed in
 * order are the order the changes were made in.
 */
import type { ObjectLayer } from '../object-layer/types.js';

/** What a task replicates. */
export type TaskOp =
  /** The version's bytes and metadata (a new object or version, also existing-object resync). */
  | 'put'
  /** The version's tags changed. */
  | 'tags'
  /** The version's retention or legal hold changed. */
  | 'lock'
  /** A delete marker was created with this version id. */
  | 'marker'
  /** This version (object version or delete marker) was removed for good. */
  | 'delete';

export interface ReplicationTask {
  seq: string;
  op: TaskOp;
  bucket: string;
  key: string;
  versionId: string;
  /** The remote target's ARN. */
  arn: string;
  /** When the change happened (the delete marker's modification time for `marker`). */
  time: string;
  /** The replication rule's priority (higher first among tasks that are ready). */
  priority: number;
  /** The resync (`replication-reset`) that queued it, if one did. */
  resetId?: string;
}

export type BacklogStore = Pick<
  ObjectLayer,
  'readSystemFile' | 'writeSystemFile' | 'deleteSystemFile' | 'listSystemFiles'
>;

const PREFIX = 'replication/backlog/';
const DIGITS = 20;

export class Backlog {
  private last = 0n;

  constructor(private readonly store: BacklogStore) {}

  private nextSeq(): string {
    const now = BigInt(Date.now()) * 1000n;
    this.last = now > this.last ? now : this.last + 1n;
    return this.last.toString().padStart(DIGITS, '0');
  }

  /** Persist a new task and answer it with its sequence number. */
  async add(task: Omit<ReplicationTask, 'seq'>): Promise<ReplicationTask> {
    const full: ReplicationTask = { seq: this.nextSeq(), ...task };
    await this.store.writeSystemFile(`${PREFIX}${full.seq}`, Buffer.from(JSON.stringify(full), 'utf8'));
    return full;
  }

  async remove(seq: string): Promise<void> {
    await this.store.deleteSystemFile(`${PREFIX}${seq}`);
  }

  /** Every task left by an earlier run, oldest first (unreadable entries are removed). */
  async load(log: (line: string) => void): Promise<ReplicationTask[]> {
    const out: ReplicationTask[] = [];
    for (const path of (await this.store.listSystemFiles(PREFIX)).sort()) {
      const seq = path.slice(PREFIX.length);
      try {
        const data = await this.store.readSystemFile(path);
        if (data === undefined) continue;
        const task = JSON.parse(data.toString('utf8')) as ReplicationTask;
        out.push({ ...task, seq });
        const n = BigInt(seq);
        if (n > this.last) this.last = n;
      } catch (err) {
        log(`replication: dropping unreadable backlog entry ${seq}: ${(err as Error).message}`);
        await this.store.deleteSystemFile(path).catch(() => undefined);
      }
    }
    return out;
  }
}
