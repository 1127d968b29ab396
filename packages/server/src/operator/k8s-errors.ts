/**
 * Kubernetes failures as the console's error catalogue (contract ERROR_CODES): the API server
 * answers a `Status` object (`reason`, `code`, `message`), which client-node 1.4.0 hands over as
 * an `ApiException` whose `body` is the JSON text. Each reason maps to the nearest code, keeping
 * the API server's message as the detail; network failures are `kubernetes_unreachable`. A 401
 * means the session's token no longer works: the session ends (`credentialsRejected`).
 */
import { ApiException } from '@kubernetes/client-node';
import { ConsoleError } from '../errors.js';

interface K8sStatus {
  reason?: string;
  message?: string;
  code?: number;
}

/** The Status inside an ApiException (its body is a JSON string, or already an object). */
export function k8sStatusOf(err: unknown): (K8sStatus & { code: number }) | undefined {
  if (!(err instanceof ApiException)) return undefined;
  const raw: unknown = err.body;
  let status: K8sStatus = {};
  if (typeof raw === 'string') {
    try {
      status = JSON.parse(raw) as K8sStatus;
    } catch {
      status = { message: raw.slice(0, 500) };
    }
  } else if (typeof raw === 'object' && raw !== null) {
    status = raw as K8sStatus;
  }
  return { ...status, code: err.code };
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

function networkCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  if (err instanceof Error && /request to .* failed|fetch failed|socket hang up/i.test(err.message)) {
    return 'network';
  }
  return undefined;
}

/** A Kubernetes failure as a ConsoleError; `what` says what was being done ("Create tenant"). */
export function k8sError(err: unknown, what: string): ConsoleError {
  if (err instanceof ConsoleError) return err;
  const status = k8sStatusOf(err);
  if (status) {
    const detail = [status.reason, status.message].filter(Boolean).join(': ') || `HTTP ${status.code}`;
    switch (status.code) {
      case 400:
      case 422:
        return new ConsoleError('invalid_request', `${what}: ${status.message ?? 'invalid'}`, detail);
      case 401: {
        const e = new ConsoleError(
          'not_authenticated',
          'Your session has ended, please sign in again',
          detail,
        );
        e.credentialsRejected = true;
        return e;
      }
      case 403:
        return new ConsoleError('access_denied', `${what}: access denied`, detail);
      case 404:
        return new ConsoleError('not_found', `${what}: not found`, detail);
      case 409:
        return new ConsoleError('conflict', `${what}: ${status.message ?? 'conflict'}`, detail);
      default:
        return new ConsoleError(
          'kubernetes_error',
          `${what} failed`,
          detail,
          status.code >= 400 && status.code < 600 ? status.code : 500,
        );
    }
  }
  const net = networkCode(err);
  if (net !== undefined) {
    return new ConsoleError(
      'kubernetes_unreachable',
      'The Kubernetes API server cannot be reached',
      err instanceof Error ? err.message : String(err),
    );
  }
  return new ConsoleError(
    'internal_error',
    `${what} failed`,
    err instanceof Error ? err.message : String(err),
  );
}

/** Run a Kubernetes call; its failure becomes the catalogue's error. */
export async function k8s<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw k8sError(err, what);
  }
}

/** True when the call failed with this HTTP status (for calls that tolerate e.g. a 404). */
export function isK8sStatus(err: unknown, code: number): boolean {
  if (err instanceof ConsoleError) return err.status === code;
  return k8sStatusOf(err)?.code === code;
}

/**
 * Read-modify-write against an object its controller also writes (the operator updates a
 * Tenant's status all the time, and every write bumps the resourceVersion): run `attempt` again,
 * from a fresh read, when the write met a newer version (409), a few times.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, tries = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= tries || !isStaleWrite(err)) throw err;
    }
  }
}

/** A write refused because the object changed since it was read (Status reason Conflict). */
function isStaleWrite(err: unknown): boolean {
  if (err instanceof ConsoleError) return err.status === 409 && err.detailedMessage.startsWith('Conflict');
  const status = k8sStatusOf(err);
  return status?.code === 409 && status.reason === 'Conflict';
}
