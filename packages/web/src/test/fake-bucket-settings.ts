/**
 * A console that keeps one bucket's settings the way the console server does (spec 1 §7): GET and
 * PUT versioning, quota and retention answer the stored state; a PUT answers the state after it.
 * It refuses what the storage server refuses — suspending a locked bucket, a default retention on
 * a bucket without locking — with the server's words. A setting named in `unreadable` (or
 * `unwritable`) is refused to GET (or PUT) with 403, as for an account without the right.
 */
import type {
  BucketQuota,
  BucketRetentionResponse,
  BucketVersioningResponse,
  ReplicationRule,
} from '../shared/api/types.js';
import type { FakeCall, FakeHandler } from './render.js';

export interface FakeBucketState {
  versioning: BucketVersioningResponse['status'];
  locked: boolean;
  quota: BucketQuota;
  retention: BucketRetentionResponse;
  rules: ReplicationRule[];
}

const DEFAULT_STATE: FakeBucketState = {
  versioning: 'Unversioned',
  locked: false,
  quota: { enabled: false, quota: 0, type: 'hard' },
  retention: {},
  rules: [],
};

const refusal = (status: number, code: string, message: string, detail: string) => ({
  status,
  body: { code, message, detailedMessage: detail },
});

export const LOCKED_VERSIONING_MESSAGE =
  'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.';

/** The fake console for `bucket`, starting from `initial`; `state` shows what was stored. */
export function fakeBucketSettings(
  bucket: string,
  initial: Partial<FakeBucketState> = {},
  denied: { unreadable?: readonly string[]; unwritable?: readonly string[] } = {},
): { handler: FakeHandler; state: FakeBucketState } {
  const state: FakeBucketState = { ...DEFAULT_STATE, ...initial };
  const base = `/api/v1/buckets/${bucket}`;
  const versioning = () => ({ is_versioned: state.versioning === 'Enabled', status: state.versioning });
  const answers: Record<string, () => unknown> = {
    versioning,
    quota: () => state.quota,
    retention: () => state.retention,
    'object-locking': () => ({ object_locking_enabled: state.locked }),
    replication: () => ({ rules: state.rules }),
  };

  const put = (setting: string, body: Record<string, unknown>) => {
    if (setting === 'versioning') {
      if (state.locked && body.versioning === false) {
        return refusal(
          409,
          'conflict',
          LOCKED_VERSIONING_MESSAGE,
          `InvalidBucketState: ${LOCKED_VERSIONING_MESSAGE}`,
        );
      }
      state.versioning = body.versioning === true ? 'Enabled' : 'Suspended';
    } else if (setting === 'quota') {
      const enabled = body.enabled === true;
      const type = body.quota_type === 'fifo' ? 'fifo' : 'hard';
      state.quota = enabled
        ? { enabled, quota: Number(body.amount), type }
        : { enabled, quota: 0, type: 'hard' };
    } else if (setting === 'retention') {
      if (!state.locked) {
        return refusal(
          409,
          'conflict',
          `Bucket ${bucket} was created without object locking, so it cannot have a default retention`,
          'InvalidBucketState: Object Lock configuration cannot be enabled on existing buckets',
        );
      }
      state.retention = body as BucketRetentionResponse;
    }
    return { status: 200, body: answers[setting]?.() };
  };

  const handler = (call: FakeCall) => {
    const setting = call.url.startsWith(`${base}/`) ? call.url.slice(base.length + 1) : '';
    const answer = answers[setting];
    if (answer === undefined) return { status: 404, body: { message: 'not here', detailedMessage: '' } };
    const refused = call.method === 'PUT' ? denied.unwritable : denied.unreadable;
    if (refused?.includes(setting)) {
      return refusal(403, 'access_denied', 'Access Denied.', 'AccessDenied: Access Denied.');
    }
    if (call.method === 'PUT') return put(setting, call.body as Record<string, unknown>);
    return { status: 200, body: answer() };
  };
  return { handler, state };
}
