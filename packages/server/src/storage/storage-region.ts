/**
 * The storage server's region as the console currently believes it. `--region` is only the first
 * guess: a server configured for another region refuses S3 and STS requests signed for the wrong
 * one and names the region it expects (S3 `AuthorizationHeaderMalformed` "…expecting '<region>'"
 * for a signed header, `InvalidRegion` for a presigned URL, both with `<Region>`; STS folds them
 * into `AccessDenied` but keeps the message; AWS-style servers send `x-amz-bucket-region`). The
 * console then switches to that region for the server — once, logged once — and the caller retries
 * the refused call once. Nothing is asked in the steady state.
 */

/** Error codes meaning "signed for the wrong region" (S3, and STS's folded AccessDenied). */
const REGION_REFUSALS = new Set(['AuthorizationHeaderMalformed', 'InvalidRegion', 'AccessDenied']);

/** Region names as S3 servers use them (letters, digits, `-`, `_`, `.`), 1 … 64 characters. */
const REGION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const EXPECTING = /expecting '([^']+)'/;
const SERVERS_REGION = /this server's region is '([^']+)'/;

function stringField(err: object, name: string): string | undefined {
  const value = (err as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The region a refusal names, if `err` is a refusal for a wrong signing region: read from the
 * message ("expecting 'r'" / "this server's region is 'r'"), else from minio-js's `region` (the
 * XML `<Region>`) or `amzBucketRegion` (the `x-amz-bucket-region` header). `undefined` for any other
 * error — a `<Region>` on an unrelated error (NoSuchKey…) is not a reason to switch.
 */
export function regionNamedBy(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = stringField(err, 'code');
  if (code === undefined || !REGION_REFUSALS.has(code)) return undefined;
  const message = err instanceof Error ? err.message : (stringField(err, 'message') ?? '');
  const fromMessage = EXPECTING.exec(message)?.[1] ?? SERVERS_REGION.exec(message)?.[1];
  // AccessDenied is a region refusal only when its message says so (STS's folded answer).
  if (code === 'AccessDenied' && fromMessage === undefined) return undefined;
  const named = fromMessage ?? stringField(err, 'region') ?? stringField(err, 'amzBucketRegion');
  return named !== undefined && REGION_NAME.test(named) ? named : undefined;
}

export interface RegionLog {
  info(obj: object, msg: string): void;
}

export class StorageRegion {
  private value: string;
  /** Bumped on every switch: clients built for an older generation are stale. */
  private gen = 0;
  private log: RegionLog | undefined;

  constructor(initial: string) {
    this.value = initial;
  }

  /** The region requests are signed for now. */
  get current(): string {
    return this.value;
  }

  get generation(): number {
    return this.gen;
  }

  /** Where switches are reported (the app's logger, once it exists). */
  setLog(log: RegionLog): void {
    this.log = log;
  }

  /**
   * Learn from a failed call: true when `err` names a region other than the current one and the
   * console switched to it (the caller may retry once); false otherwise (rethrow).
   */
  learn(err: unknown): boolean {
    const named = regionNamedBy(err);
    if (named === undefined || named === this.value) return false;
    this.log?.info(
      { from: this.value, to: named },
      `the storage server expects region '${named}': signing for it from now on`,
    );
    this.value = named;
    this.gen += 1;
    return true;
  }
}
