/**
 * Ending a session everywhere it lives: the store (file and memory), and the per-session caches
 * (storage clients, account state, usage). Used by logout, by the error handler when the storage
 * server refuses the session's credentials, and when a password change renews the session.
 */
import type { AppContext } from '../app-context.js';

export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.sessions.revoke(sessionId);
  ctx.clients.forget(sessionId);
  ctx.accounts.forget(sessionId);
  ctx.usage.forget(sessionId);
}
