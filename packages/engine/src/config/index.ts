/** The server configuration (issue 10 §1): what services read, and the store behind the admin config API. */
export { csv, isOn, staticConfig, type ConfigReader, type ConfigTarget, type ConfigValues } from './types.js';
export {
  CONFIG_PATH,
  ConfigStore,
  REDACTED,
  configuredRegion,
  isConfigStore,
  type ConfigChange,
  type ConfigFileStore,
  type ConfigStoreOptions,
} from './config-store.js';
export { ConfigInvalid } from './errors.js';
export { HISTORY_LIMIT, HISTORY_PREFIX, type HistoryEntry } from './config-history.js';
export { configHelp, type HelpDoc, type HelpKey } from './help.js';
export { formatKvLine, parseKvLine, parseKvText, type KvLine } from './kv-text.js';
export { subsystemDef, SUBSYSTEMS, REGION_PATTERN } from './subsystems.js';
export type { FieldDef, FieldType, SubsystemDef } from './subsystem-types.js';
