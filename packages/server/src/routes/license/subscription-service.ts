/**
 * MinIO's online subscription service (SUBNET): signing in with email and password needs it. The
 * console does not hold an account there, and this workplace cannot reach it; what it promises is
 * a clear answer within a bound (issue 13 §4): the service is probed with a timeout, and a
 * service that does not answer in time, refuses or does not resolve is
 * `subscription_service_unreachable`. A service that answers is still not signed in to: the
 * console activates licenses by key (verified offline), and says so.
 */
import { ConsoleError } from '../../errors.js';

export const DEFAULT_SUBSCRIPTION_SERVICE_URL = 'https://subnet.min.io';
export const DEFAULT_SUBSCRIPTION_TIMEOUT_MS = 10_000;

export async function signInToSubscriptionService(url: string, timeoutMs: number): Promise<never> {
  try {
    const res = await fetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
  } catch (err) {
    const reason =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer from ${url} within ${Math.round(timeoutMs / 1000)} s`
        : `${url}: ${err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err)}`;
    throw new ConsoleError(
      'subscription_service_unreachable',
      "MinIO's subscription service cannot be reached",
      reason,
    );
  }
  throw new ConsoleError(
    'not_implemented',
    'Signing in to the subscription service is not supported by this console',
    'Activate the license with its license key instead.',
  );
}
