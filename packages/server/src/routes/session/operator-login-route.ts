/**
 * Operator login (spec 1 §7 POST /login/operator): under the same back-off as the form login
 * (per client address), the pasted service-account token is checked against the Kubernetes API
 * server (operator/operator-login.ts) and becomes an operator session — the token kept only in
 * the server-side session store, never logged, the session ending with the token at the latest.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ConsoleError } from '../../errors.js';
import type { Session } from '../../session/session-store.js';

export async function operatorLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  jwt: string,
): Promise<Session> {
  if (!ctx.operator) {
    throw new ConsoleError(
      'operator_mode_off',
      'Operator mode is not switched on',
      'Start the console with --operator (and --k8s-api or --kubeconfig) to sign in with a service account.',
    );
  }
  const keys = [`addr:${request.ip}`];
  const wait = ctx.loginThrottle.waitMs(keys);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    reply.header('retry-after', String(seconds));
    throw new ConsoleError(
      'too_many_login_attempts',
      `Too many failed sign-in attempts. Try again in ${seconds} s.`,
    );
  }
  // Loaded only in operator mode (the Kubernetes client).
  const { verifyOperatorToken } = await import('../../operator/operator-login.js');
  let identity;
  try {
    identity = await verifyOperatorToken(ctx.operator, jwt);
  } catch (err) {
    if (err instanceof ConsoleError && err.code === 'invalid_operator_token') ctx.loginThrottle.failure(keys);
    throw err;
  }
  ctx.loginThrottle.success(keys);
  const sessionEnd = Date.now() + ctx.options.sessionSeconds * 1000;
  return ctx.sessions.create({
    accountName: identity.username,
    kind: 'operator',
    operatorToken: jwt,
    credentials: { accessKey: '', secretKey: '' },
    expiresAt: identity.expiresAt !== undefined ? Math.min(sessionEnd, identity.expiresAt) : sessionEnd,
  });
}
