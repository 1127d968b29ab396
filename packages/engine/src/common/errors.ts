/**
 * The base of every internal error, and the generic request errors any layer may raise (a bad
 * argument, malformed XML, an action not implemented, access denied). Handlers never build S3
 * error responses from scratch: they throw (or let through) an `EngineError`, and `http/errors.ts`
 * maps each class to its S3 code and HTTP status in one table — the only place an error becomes
 * bytes. Errors owned by one layer live in that layer's `errors.ts` (storage, object-layer,
 * bucket, iam, http, s3, admin, sts); `common/` imports nothing of the engine and every layer may
 * import it.
 */

/** Base class: `name` is stable and is the key of the mapping table in `http/errors.ts`. */
export abstract class EngineError extends Error {
  abstract override readonly name: string;
  /** The bucket and key the error is about, echoed in the S3 error body. */
  bucket?: string;
  key?: string;
  constructor(message?: string, where?: ErrorWhere) {
    super(message);
    if (where?.bucket !== undefined) this.bucket = where.bucket;
    if (where?.key !== undefined) this.key = where.key;
  }
}

/** The bucket and key an error is about. */
export type ErrorWhere = { bucket?: string | undefined; key?: string | undefined };

/** A concrete `EngineError` class whose `name` is the literal `name` (the error table's key). */
export function defineError<N extends string>(name: N) {
  return class extends EngineError {
    override readonly name = name;
    constructor(message?: string, where?: ErrorWhere) {
      super(message ?? name, where);
    }
  };
}

export class InvalidArgument extends defineError('InvalidArgument') {}
export class InvalidRequest extends defineError('InvalidRequest') {}
export class MalformedXML extends defineError('MalformedXML') {}
export class NotImplemented extends defineError('NotImplemented') {}
export class MethodNotAllowed extends defineError('MethodNotAllowed') {}
export class AccessDenied extends defineError('AccessDenied') {}
export class InternalError extends defineError('InternalError') {}
export class EntityTooLarge extends defineError('EntityTooLarge') {}
