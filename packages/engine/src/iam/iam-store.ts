/**
 * Persistence of IAM state, kept apart from the in-memory IAM system so the storage format can be
 * tested and swapped on its own. The engine stores everything as small JSON documents in the object
 * layer's system area (replicated on every drive, written atomically, never visible to S3), one
 * document per entity, MinIO-style:
 *
 *   iam/sts/<accessKey>.json               temporary credentials issued by STS
 *   iam/users/<name>.json                  long-term users (secret, status)
 *   iam/groups/<name>.json                 groups (members, status)
 *   iam/policies/<name>.json               canned policies defined by the administrator
 *   iam/policydb/users/<name>.json         policies attached to a user
 *   iam/policydb/groups/<name>.json        policies attached to a group
 *   iam/service-accounts/<accessKey>.json  service accounts (parent, optional session policy)
 *
 * One document per entity means every single change is one atomic write; a change spanning
 * several entities (removing a user and its service accounts) is ordered by the IAM system so an
 * interruption leaves only harmless leftovers, which loading tolerates (`iam-system.ts`).
 *
 * Names become file names through `encodeIamName`: letters, digits and `_ . @ + -` stay, every
 * other byte (including `/`, `%` and a leading `.`) is percent-encoded, so any user or group name
 * — MinIO allows slashes — maps to exactly one file inside its folder and back.
 */
import type { ObjectLayer } from '../object-layer/types.js';
import type { FederatedIdentity } from './types.js';

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
  /** Credentials from an identity provider (STS AssumeRoleWith…). */
  federation?: FederatedIdentity;
}

export type AccountStatus = 'enabled' | 'disabled';

export interface UserRecord {
  version: 1;
  accessKey: string;
  secretKey: string;
  status: AccountStatus;
  /** ISO 8601. */
  updatedAt: string;
}

export interface GroupRecord {
  version: 1;
  name: string;
  members: string[];
  status: AccountStatus;
  updatedAt: string;
}

export interface PolicyRecord {
  version: 1;
  name: string;
  /** The policy document as given (compact JSON text, already validated). */
  policy: string;
  createDate: string;
  updateDate: string;
}

export interface PolicyMappingRecord {
  version: 1;
  /** The user or group the policies are attached to. */
  name: string;
  policies: string[];
  updatedAt: string;
}

export interface ServiceAccountRecord {
  version: 1;
  accessKey: string;
  secretKey: string;
  /** The user (or root) whose permissions the account inherits. */
  parentUser: string;
  /** MinIO's service-account status words. */
  status: 'on' | 'off';
  /** Restricting session policy (compact JSON text); absent = the parent's policy ("implied"). */
  sessionPolicy?: string;
  name?: string;
  description?: string;
  /** ISO 8601; absent = never expires. */
  expiration?: string;
  /** An identity provider's user created it for itself: it acts as that user's credentials do. */
  federation?: FederatedIdentity;
  createdAt: string;
  updatedAt: string;
}

/** The entity documents by kind. */
export interface IamDocuments {
  users: UserRecord;
  groups: GroupRecord;
  policies: PolicyRecord;
  'user-policies': PolicyMappingRecord;
  'group-policies': PolicyMappingRecord;
  'service-accounts': ServiceAccountRecord;
  /** Policies attached to LDAP user DNs (MinIO's `policydb/sts-users`). */
  'ldap-user-policies': PolicyMappingRecord;
  /** Policies attached to LDAP group DNs. */
  'ldap-group-policies': PolicyMappingRecord;
}
export type IamDocumentKind = keyof IamDocuments;

export interface IamStore {
  listTemporaryCredentials(): Promise<TemporaryCredentialRecord[]>;
  saveTemporaryCredential(record: TemporaryCredentialRecord): Promise<void>;
  deleteTemporaryCredential(accessKey: string): Promise<void>;
  /** Every readable document of a kind (unreadable or misplaced ones are skipped). */
  list<K extends IamDocumentKind>(kind: K): Promise<IamDocuments[K][]>;
  /** Write (create or replace) the document of entity `id`. */
  save<K extends IamDocumentKind>(kind: K, id: string, doc: IamDocuments[K]): Promise<void>;
  /** Delete the document of entity `id` (no error when absent). */
  remove(kind: IamDocumentKind, id: string): Promise<void>;
}

const STS_PREFIX = 'iam/sts/';

/** Folder of each kind in the system area. */
export const IAM_FOLDERS: Readonly<Record<IamDocumentKind, string>> = {
  users: 'iam/users/',
  groups: 'iam/groups/',
  policies: 'iam/policies/',
  'user-policies': 'iam/policydb/users/',
  'group-policies': 'iam/policydb/groups/',
  'service-accounts': 'iam/service-accounts/',
  'ldap-user-policies': 'iam/policydb/sts-users/',
  'ldap-group-policies': 'iam/policydb/ldap-groups/',
};

/**
 * Access keys become file names: only letters, digits and a few safe punctuation marks, never a
 * path separator or a leading dot, so no key can reach outside its folder.
 */
export function isStorableAccessKey(accessKey: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.@+-]{0,127}$/.test(accessKey);
}

/** Any name → a file name that cannot leave its folder (see the module comment). */
export function encodeIamName(name: string): string {
  let out = '';
  const bytes = Buffer.from(name, 'utf8');
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    const c = String.fromCharCode(b);
    const safe = /[A-Za-z0-9_@+-]/.test(c) || (c === '.' && i > 0);
    out += safe ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function stsPath(accessKey: string): string {
  if (!isStorableAccessKey(accessKey)) throw new Error(`invalid access key for storage: ${accessKey}`);
  return `${STS_PREFIX}${accessKey}.json`;
}

function docPath(kind: IamDocumentKind, id: string): string {
  if (id === '') throw new Error(`empty ${kind} name`);
  return `${IAM_FOLDERS[kind]}${encodeIamName(id)}.json`;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isOptionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isStatus = (v: unknown): boolean => v === 'enabled' || v === 'disabled';

function parseJson(data: Buffer): Record<string, unknown> | undefined {
  try {
    const doc: unknown = JSON.parse(data.toString('utf8'));
    return typeof doc === 'object' && doc !== null && !Array.isArray(doc)
      ? (doc as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function parseRecord(data: Buffer): TemporaryCredentialRecord | undefined {
  const doc = parseJson(data);
  if (
    !doc ||
    doc.version !== 1 ||
    !isString(doc.accessKey) ||
    !isString(doc.secretKey) ||
    !isString(doc.sessionToken) ||
    !isString(doc.expiration) ||
    !isString(doc.parentUser) ||
    !isOptionalString(doc.sessionPolicy)
  ) {
    return undefined;
  }
  return doc as unknown as TemporaryCredentialRecord;
}

/** Shape checks per kind, and the entity id each document names (its file name must match). */
const VALIDATORS: {
  [K in IamDocumentKind]: (doc: Record<string, unknown>) => string | undefined;
} = {
  users: (d) =>
    isString(d.accessKey) && isString(d.secretKey) && isStatus(d.status) && isString(d.updatedAt)
      ? d.accessKey
      : undefined,
  groups: (d) =>
    isString(d.name) && isStringList(d.members) && isStatus(d.status) && isString(d.updatedAt)
      ? d.name
      : undefined,
  policies: (d) =>
    isString(d.name) && isString(d.policy) && isString(d.createDate) && isString(d.updateDate)
      ? d.name
      : undefined,
  'user-policies': (d) =>
    isString(d.name) && isStringList(d.policies) && isString(d.updatedAt) ? d.name : undefined,
  'group-policies': (d) =>
    isString(d.name) && isStringList(d.policies) && isString(d.updatedAt) ? d.name : undefined,
  'ldap-user-policies': (d) =>
    isString(d.name) && isStringList(d.policies) && isString(d.updatedAt) ? d.name : undefined,
  'ldap-group-policies': (d) =>
    isString(d.name) && isStringList(d.policies) && isString(d.updatedAt) ? d.name : undefined,
  'service-accounts': (d) =>
    isString(d.accessKey) &&
    isString(d.secretKey) &&
    isString(d.parentUser) &&
    (d.status === 'on' || d.status === 'off') &&
    isOptionalString(d.sessionPolicy) &&
    isOptionalString(d.name) &&
    isOptionalString(d.description) &&
    isOptionalString(d.expiration) &&
    isString(d.createdAt) &&
    isString(d.updatedAt)
      ? d.accessKey
      : undefined,
};

/** A stored document of `kind`, or undefined when it is unreadable or sits under the wrong name. */
export function parseIamDocument<K extends IamDocumentKind>(
  kind: K,
  path: string,
  data: Buffer,
): IamDocuments[K] | undefined {
  const doc = parseJson(data);
  if (!doc || doc.version !== 1) return undefined;
  const id = VALIDATORS[kind](doc);
  if (id === undefined || id === '' || docPath(kind, id) !== path) return undefined;
  return doc as unknown as IamDocuments[K];
}

type SystemArea = Pick<
  ObjectLayer,
  'readSystemFile' | 'writeSystemFile' | 'deleteSystemFile' | 'listSystemFiles'
>;

/** The engine's store: JSON documents in the object layer's system area. */
export function createObjectLayerIamStore(layer: SystemArea): IamStore {
  /** Full paths of the documents under `prefix` (the layer may answer full or relative names). */
  async function paths(prefix: string): Promise<string[]> {
    const out: string[] = [];
    for (const entry of await layer.listSystemFiles(prefix)) {
      const path = entry.startsWith(prefix) ? entry : `${prefix}${entry}`;
      // Only direct children: `iam/policies/` must not pick up `iam/policydb/…`.
      if (path.endsWith('.json') && !path.slice(prefix.length).includes('/')) out.push(path);
    }
    return out;
  }
  return {
    async listTemporaryCredentials() {
      const records: TemporaryCredentialRecord[] = [];
      for (const path of await paths(STS_PREFIX)) {
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
    async list<K extends IamDocumentKind>(kind: K): Promise<IamDocuments[K][]> {
      const docs: IamDocuments[K][] = [];
      for (const path of await paths(IAM_FOLDERS[kind])) {
        const data = await layer.readSystemFile(path);
        const doc = data && parseIamDocument(kind, path, data);
        if (doc) docs.push(doc);
      }
      return docs;
    },
    async save(kind, id, doc) {
      await layer.writeSystemFile(docPath(kind, id), Buffer.from(JSON.stringify(doc)));
    },
    async remove(kind, id) {
      await layer.deleteSystemFile(docPath(kind, id));
    },
  };
}

/** A store in memory, for tests and for an engine run without persistence. */
export function createMemoryIamStore(): IamStore & {
  records: Map<string, TemporaryCredentialRecord>;
  docs: Map<string, unknown>;
} {
  const records = new Map<string, TemporaryCredentialRecord>();
  const docs = new Map<string, unknown>();
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  return {
    records,
    docs,
    listTemporaryCredentials: () => Promise.resolve([...records.values()].map((r) => ({ ...r }))),
    saveTemporaryCredential: (record) => {
      records.set(record.accessKey, { ...record });
      return Promise.resolve();
    },
    deleteTemporaryCredential: (accessKey) => {
      records.delete(accessKey);
      return Promise.resolve();
    },
    list: <K extends IamDocumentKind>(kind: K) =>
      Promise.resolve(
        [...docs.entries()]
          .filter(
            ([path]) =>
              path.startsWith(IAM_FOLDERS[kind]) && !path.slice(IAM_FOLDERS[kind].length).includes('/'),
          )
          .map(([, doc]) => clone(doc) as IamDocuments[K]),
      ),
    save: (kind, id, doc) => {
      docs.set(docPath(kind, id), clone(doc));
      return Promise.resolve();
    },
    remove: (kind, id) => {
      docs.delete(docPath(kind, id));
      return Promise.resolve();
    },
  };
}
