/** Remote tiers: their configuration, warm backends, and the transitioned-data read path. */
export { TierRegistry, TIER_CONFIG_PATH, type TierConfigStore } from './tier-registry.js';
export { parseTierConfig, redactTierConfig, type TierConfig, type TierType } from './tier-config.js';
export type { WarmBackend, ByteRange } from './warm-backend.js';
