/** Background workers of the storage side: data-usage scanner and heal pass. */
export {
  scanBucket,
  scanDataUsage,
  startScanner,
  type ScanObserver,
  type Scanner,
  type ScannerOptions,
} from './scanner.js';
export { startHealer, type Healer, type HealerOptions } from './healer.js';
