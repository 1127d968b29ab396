/**
 * The session check of every non-public API route and every live socket: the `token` cookie must
 * name a live session, which is then the request's `consoleSession` — with its temporary
 * credentials renewed first when they are about to expire (./credential-renewal.ts). A stale
 * cookie is cleared.
 */
import type { onRequestHookHandler } from 'fastify';
import { ConsoleError, notAuthenticated } from '../errors.js';
import type { CredentialRenewal } from './credential-renewal.js';
import { clearSessionCookie, SESSION_COOKIE } from './session-cookie.js';
import type { Session, SessionStore } from './session-store.js';

/** The live session behind an id, its credentials renewed when due. */
export async function liveSession(
  sessions: SessionStore,
  renewal: CredentialRenewal | undefined,
  id: string,
): Promise<Session | undefined> {
  const session = await sessions.get(id);
  if (!session || !renewal) return session;
  return renewal.fresh(session);
}

export function sessionCheck(
  sessions: SessionStore,
  basePath: string,
  renewal?: CredentialRenewal,
): onRequestHookHandler {
  return async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    const session = id ? await liveSession(sessions, renewal, id) : undefined;
    if (!session) {
      if (id) clearSessionCookie(request, reply, basePath);
      throw notAuthenticated(id ? 'the session is unknown, expired or signed out' : 'no session cookie');
    }
    request.consoleSession = session;
  };
}

/**
 * After the session check: the route's session kind (contract `session`) must match the
 * session's — an operator session (a Kubernetes token) has no storage credentials, and a storage
 * session has no Kubernetes token.
 */
export function sessionKindCheck(kind: 'storage' | 'operator' | 'any'): onRequestHookHandler {
  return async (request) => {
    const session = request.consoleSession;
    if (!session || kind === 'any') return;
    const operator = session.kind === 'operator';
    if (operator === (kind === 'operator')) return;
    throw new ConsoleError(
      'session_kind_mismatch',
      operator ? 'This is not available in operator mode' : 'This needs operator mode',
      `the call is for ${kind} sessions`,
    );
  };
}
