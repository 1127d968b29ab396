/** Remote tiers: their configuration, warm backends, transitions and the transitioned-data read path. */
export { TierRegistry, TIER_CONFIG_PATH, type TierConfigStore } from './tier-registry.js';
export { parseTierConfig, redactTierConfig, type TierConfig, type TierType } from './tier-config.js';
export type { WarmBackend, ByteRange } from './warm-backend.js';
export { Tiering } from './tiering.js';
export { withTiering } from './tiering-object-layer.js';
export {
  T as TRANSITION_FIELDS,
  isTransitioned,
  isDataRemote,
  restoreHeader,
  transitionTier,
} from './transition-fields.js';
