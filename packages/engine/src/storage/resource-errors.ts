/**
 * Running out of file descriptors (EMFILE: this process, ENFILE: the whole system) makes every
 * `open()` fail, whichever drive it targets. That says nothing about the drives: callers treat it
 * as a passing resource problem (answer 503 SlowDown, keep the drive's state) instead of a fault.
 */

/** True for EMFILE/ENFILE errors (also when wrapped as the `cause` of another error). */
export function isResourceExhaustion(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EMFILE' || code === 'ENFILE') return true;
  }
  return false;
}
