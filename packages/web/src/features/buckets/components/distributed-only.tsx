/**
 * Replication and lifecycle screens exist only in a distributed setup (spec 1 §2, §6): elsewhere
 * the address leads to the bucket's Summary, as if the route were not there.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useDistributedMode } from '../../../shared/session/session-context.js';

export function DistributedOnly({ children }: { children: ReactNode }) {
  return useDistributedMode() ? children : <Navigate to="../summary" relative="path" replace />;
}
