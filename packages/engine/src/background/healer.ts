/**
 * The background heal pass: runs `ObjectLayer.healAll` every `intervalMs` (formatting drives
 * found fresh or wiped, rebuilding missing shards and metadata, collecting garbage) until `signal`
 * aborts. Objects that reads find damaged are healed sooner by the layer's own heal queue; this
 * pass catches everything no read touched.
 */
import type { HealResultItem, ObjectLayer } from '../object-layer/types.js';

export interface Healer {
  /** Runs a heal pass now (or joins the running one). */
  healNow(): Promise<void>;
  stopped: Promise<void>;
}

export function startHealer(
  layer: ObjectLayer,
  options: {
    intervalMs: number;
    signal: AbortSignal;
    deep?: boolean;
    log?: (msg: string) => void;
    onItem?: (item: HealResultItem) => void;
  },
): Healer {
  const log = options.log ?? (() => undefined);
  let running: Promise<void> | undefined;
  const healNow = (): Promise<void> => {
    running ??= layer
      .healAll({
        signal: options.signal,
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
    while (!options.signal.aborted) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.intervalMs);
        timer.unref();
        options.signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
      if (options.signal.aborted) break;
      try {
        await healNow();
      } catch (error) {
        if (options.signal.aborted) break;
        log(`heal pass failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return { healNow, stopped };
}
