/**
 * Persistence of IAM state, kept apart from the in-memory IAM system so the storage format can be
 * tested and swapped on its own. The engine stores everything as small JSON documents in the object
 * layer's system area (replicated on every drive, never visible to S3), one document per entity,
 * MinIO-style:
 *
 *   iam/sts/<accessKey>.json        temporary credentials issued by STS (this issue)
 *   iam/users/<name>.json           long-term users            (issue 4)
 *   iam/groups/<name>.json          groups                     (issue 4)
 *   iam/policies/<name>.json        canned policies            (issue 4)
 *   iam/service-accounts/<ak>.json  service accounts           (issue 4)
 *
 * Issue 4 adds methods for the other kinds to `IamStore` next to the temporary-credential ones;
 * the object-layer and in-memory implementations below grow with it.
 */
import type { ObjectLayer } from '../object-layer/types.js';

/** A temporary credential as stored (dates as ISO strings). */
export interface TemporaryCredentialRecord {
  version: 1;
  accessKey: string;
  secretKey: string;
  sessionToken: string;
  /** ISO 8601. */
  expiration: string;
  parentUser: string;
  /** Session policy JSON text given to AssumeRole, if any. */
  sessionPolicy?: string;
}

export interface IamStore {
  listTemporaryCredentials(): Promise<TemporaryCredentialRecord[]>;
  saveTemporaryCredential(record: TemporaryCredentialRecord): Promise<void>;
  deleteTemporaryCredential(accessKey: string): Promise<void>;
}

const STS_PREFIX = 'iam/sts/';

/**
 * Access keys become file names: only letters, digits and a few safe punctuation marks, never a
 * path separator or a leading dot, so no key can reach outside its folder.
 */
export function isStorableAccessKey(accessKey: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.@+-]{0,127}$/.test(accessKey);
}

function stsPath(accessKey: string): string {
  if (!isStorableAccessKey(accessKey)) throw new Error(`invalid access key for storage: ${accessKey}`);
  return `${STS_PREFIX}${accessKey}.json`;
}

function parseRecord(data: Buffer): TemporaryCredentialRecord | undefined {
  try {
    const doc = JSON.parse(data.toString('utf8')) as Partial<TemporaryCredentialRecord>;
    if (
      doc.version !== 1 ||
      typeof doc.accessKey !== 'string' ||
      typeof doc.secretKey !== 'string' ||
      typeof doc.sessionToken !== 'string' ||
      typeof doc.expiration !== 'string' ||
      typeof doc.parentUser !== 'string' ||
      (doc.sessionPolicy !== undefined && typeof doc.sessionPolicy !== 'string')
    ) {
      return undefined;
    }
    return doc as TemporaryCredentialRecord;
  } catch {
    return undefined;
  }
}

type SystemArea = Pick<
  ObjectLayer,
  'readSystemFile' | 'writeSystemFile' | 'deleteSystemFile' | 'listSystemFiles'
>;

/** The engine's store: JSON documents in the object layer's system area. */
export function createObjectLayerIamStore(layer: SystemArea): IamStore {
  return {
    async listTemporaryCredentials() {
      const records: TemporaryCredentialRecord[] = [];
      for (const entry of await layer.listSystemFiles(STS_PREFIX)) {
        // Accept both full paths and names relative to the prefix.
        const path = entry.startsWith(STS_PREFIX) ? entry : `${STS_PREFIX}${entry}`;
        if (!path.endsWith('.json')) continue;
        const data = await layer.readSystemFile(path);
        const record = data && parseRecord(data);
        // An unreadable document cannot authenticate anyone: skip it rather than fail startup.
        if (record && `${STS_PREFIX}${record.accessKey}.json` === path) records.push(record);
      }
      return records;
    },
    async saveTemporaryCredential(record) {
      await layer.writeSystemFile(stsPath(record.accessKey), Buffer.from(JSON.stringify(record)));
    },
    async deleteTemporaryCredential(accessKey) {
      await layer.deleteSystemFile(stsPath(accessKey));
    },
  };
}

/** A store in memory, for tests and for an engine run without persistence. */
export function createMemoryIamStore(): IamStore & { records: Map<string, TemporaryCredentialRecord> } {
  const records = new Map<string, TemporaryCredentialRecord>();
  return {
    records,
    listTemporaryCredentials: () => Promise.resolve([...records.values()].map((r) => ({ ...r }))),
    saveTemporaryCredential: (record) => {
      records.set(record.accessKey, { ...record });
      return Promise.resolve();
    },
    deleteTemporaryCredential: (accessKey) => {
      records.delete(accessKey);
      return Promise.resolve();
    },
  };
}
