/**
 * The KMS of an engine without one: every call is 501 NotImplemented "… KMS is not configured",
 * MinIO's answer when no KMS is set up.
 */
import { KmsNotConfigured } from './errors.js';
import type { Kms } from './types.js';

const MESSAGE = 'Server side encryption specified but KMS is not configured';

function refuse<T>(): Promise<T> {
  return Promise.reject(new KmsNotConfigured(MESSAGE));
}

/** A `Kms` whose `configured` is false and whose every call rejects with KmsNotConfigured. */
export function unconfiguredKms(): Kms {
  return {
    configured: false,
    defaultKeyId: '',
    status: () => refuse(),
    createKey: () => refuse(),
    listKeys: () => refuse(),
    keyExists: () => refuse(),
    generateDataKey: () => refuse(),
    decryptDataKey: () => refuse(),
  };
}
