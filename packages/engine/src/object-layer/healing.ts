/** Healing (being written). */
import type { LayerCore } from './core.js';
import type { HealOptions, HealResultItem } from './types.js';
import { NotImplemented } from './errors.js';

export function isDriveHealing(_core: LayerCore, _slot: number): boolean {
  return false;
}
export async function healObject(
  _core: LayerCore,
  _bucket: string,
  _key: string,
  _options: HealOptions,
): Promise<HealResultItem[]> {
  throw new NotImplemented('heal');
}
export async function healAll(
  _core: LayerCore,
  _options: HealOptions & { signal?: AbortSignal; onItem?: (item: HealResultItem) => void },
): Promise<void> {
  throw new NotImplemented('heal');
}
