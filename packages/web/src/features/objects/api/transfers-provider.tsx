/**
 * Keeps the tab's one transfer manager alive across screens: `app.tsx` mounts this provider once;
 * the object browser creates the manager on first use (`useUploads`) and leaves it here, so
 * uploads go on — and report when they end — while the user is elsewhere. The manager's code is
 * only a type here: it loads with the object browser's chunk, not with the app shell.
 */
import { createContext, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import type { TransferManager } from './transfer-manager.js';

/** Holds the manager once it exists. */
export class TransferSlot {
  private current: TransferManager | null = null;

  /** The manager, created by `create` the first time. */
  obtain(create: () => TransferManager): TransferManager {
    this.current ??= create();
    return this.current;
  }
}

const TransfersContext = createContext<TransferSlot | null>(null);

export function TransfersProvider({ children }: { children: ReactNode }) {
  const [slot] = useState(() => new TransferSlot());
  return <TransfersContext.Provider value={slot}>{children}</TransfersContext.Provider>;
}

/** The app's slot; null outside the provider (component tests), where each user keeps its own. */
export function useTransferSlot(): TransferSlot | null {
  return useContext(TransfersContext);
}
