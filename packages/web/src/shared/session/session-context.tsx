/**
 * The signed-in session for the screens inside the main layout. The session gate (app/) fetches the
 * session and only renders its children once it is 'ok', so `useSession()` never sees a missing one.
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { ServerCapabilities, SessionResponse } from '../api/types.js';

const SessionContext = createContext<SessionResponse | null>(null);

export function SessionProvider({ session, children }: { session: SessionResponse; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionResponse {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession must be used inside the signed-in layout');
  return session;
}

/** Spec 1 §9: the distributed setup defaults to false. */
export function useDistributedMode(): boolean {
  return useSession().distributedMode;
}

/**
 * What the storage server offers (the session's `capabilities`, detected by the console server once
 * per session). An answer without it is from a console that predates detection: a MinIO-compatible
 * server, with versioning, locking and quota as `distributedMode` says (spec 1 §4).
 */
export function capabilitiesOf(session: SessionResponse): ServerCapabilities {
  return (
    session.capabilities ?? {
      adminApi: true,
      sts: true,
      versioning: session.distributedMode,
      objectLocking: session.distributedMode,
      quota: session.distributedMode,
      usage: true,
    }
  );
}

export function useServerCapabilities(): ServerCapabilities {
  return capabilitiesOf(useSession());
}
