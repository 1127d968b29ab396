/**
 * The object list's loading text (spec 2 §4, §9): 'Loading...', after 3 seconds 'This operation is
 * taking longer than expected...', after 6 seconds the same with the elapsed seconds; checked every
 * second. The texts are the `objects` catalogue's, in the language of the `t` handed in.
 */
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';

export function loadingMessage(elapsedSeconds: number, t: TFunction<'objects'>): string {
  if (elapsedSeconds >= 6) return t('slowSeconds', { seconds: elapsedSeconds });
  if (elapsedSeconds >= 3) return t('slow');
  return t('loading');
}

/** Whole seconds since `active` last turned true; 0 while inactive. */
export function useElapsedSeconds(active: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => {
      clearInterval(timer);
      setElapsed(0);
    };
  }, [active]);
  return elapsed;
}
