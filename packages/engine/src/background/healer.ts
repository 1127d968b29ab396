/**
 * The background heal pass: runs `ObjectLayer.healAll` every `intervalMs` (formatting drives
 * found fresh or wiped, rebuilding missing shards and metadata, collecting garbage) until `signal`
 * aborts. Objects that reads find damaged are healed sooner by the layer's own heal queue; this
 * pass catches everything no read touched.
 */
import type { HealResultItem, ObjectLayer } from '../object-layer/types.js';
import { sleep } from './scanner.js';

export interface Healer {
  /** Runs a heal pass now (or joins the running one). */
  healNow(): Promise<void>;
  /** Stops the pass loop (aborting a running pass) and resolves once stopped. */
  stop(): Promise<void>;
  stopped: Promise<void>;
}

export interface HealerOptions {
  /** Pause between heal passes (default 1 h). */
  intervalMs?: number;
  signal?: AbortSignal;
  /** Verify every shard block (slow: reads all data). */
  deep?: boolean;
  log?: (msg: string) => void;
  onItem?: (item: HealResultItem) => void;
}

export const DEFAULT_HEAL_INTERVAL_MS = 60 * 60 * 1000;

export function startHealer(layer: ObjectLayer, options: HealerOptions = {}): Healer {
  const log = options.log ?? (() => undefined);
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  let running: Promise<void> | undefined;
  const healNow = (): Promise<void> => {
    running ??= layer
      .healAll({
        signal,
        removeDangling: true,
        ...(options.deep !== undefined ? { deep: options.deep } : {}),
        onItem: (item) => {
          if (item.before.some((s, i) => s !== item.after[i])) {
            log(`healed ${item.bucket}/${item.key}${item.versionId ? ` (${item.versionId})` : ''}`);
          }
          options.onItem?.(item);
        },
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const stopped = (async () => {
    while (!signal.aborted) {
      await sleep(options.intervalMs ?? DEFAULT_HEAL_INTERVAL_MS, signal);
      if (signal.aborted) break;
      try {
        await healNow();
      } catch (error) {
        if (signal.aborted) break;
        log(`heal pass failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return {
    healNow,
    stopped,
    stop: async () => {
      controller.abort();
      await stopped;
      await running?.catch(() => undefined);
    },
  };
}
