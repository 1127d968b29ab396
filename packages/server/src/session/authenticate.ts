/**
 * The session check of every non-public API route and every live socket: the `token` cookie must
 * name a live session, which is then the request's `consoleSession`. A stale cookie is cleared.
 */
import type { onRequestHookHandler } from 'fastify';
import { notAuthenticated } from '../errors.js';
import { clearSessionCookie, SESSION_COOKIE } from './session-cookie.js';
import type { SessionStore } from './session-store.js';

export function sessionCheck(sessions: SessionStore, basePath: string): onRequestHookHandler {
  return async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    const session = id ? await sessions.get(id) : undefined;
    if (!session) {
      if (id) clearSessionCookie(request, reply, basePath);
      throw notAuthenticated(id ? 'the session is unknown, expired or signed out' : 'no session cookie');
    }
    request.consoleSession = session;
  };
}
