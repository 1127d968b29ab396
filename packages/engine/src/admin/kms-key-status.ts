/**
 * KMS key status (wire doc §3.13): `GET /minio/admin/v3/kms/key/status?key-id=` (action
 * `admin:KMSKeyStatus`) and `GET /minio/kms/v1/key/status` (`kms:KeyStatus`). Like MinIO it tries
 * the key — generates a data key and unseals it again — and answers 200 with `{"key-id"}`, plus
 * `encryption-error` / `decryption-error` when a step failed (an unknown key included). No
 * `key-id` means the default key.
 */
import type { RequestContext } from '../http/context.js';
import { sendAdminJson } from './admin-json.js';
import { queryParam } from './admin-body.js';
import { KmsNotConfigured } from '../kms/errors.js';

/** The context the test data key is sealed under (any fixed value would do). */
const PROBE_CONTEXT = { 'kms-key-status': 'probe' };

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function kmsKeyStatus(ctx: RequestContext): Promise<void> {
  const { kms } = ctx.engine;
  if (!kms.configured)
    throw new KmsNotConfigured('Server side encryption specified but KMS is not configured');
  const keyId = queryParam(ctx, 'key-id') || kms.defaultKeyId;
  const answer: Record<string, string> = { 'key-id': keyId };
  try {
    const key = await kms.generateDataKey(keyId, PROBE_CONTEXT);
    try {
      const back = await kms.decryptDataKey(keyId, key.sealed, PROBE_CONTEXT);
      if (!back.equals(key.plaintext))
        answer['decryption-error'] = 'the unsealed key differs from the sealed one';
    } catch (err) {
      answer['decryption-error'] = message(err);
    }
  } catch (err) {
    answer['encryption-error'] = message(err);
  }
  sendAdminJson(ctx, answer);
}
