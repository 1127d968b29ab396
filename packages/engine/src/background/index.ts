/** Background workers of the storage side: data-usage scanner and heal pass. */
export {
  chainAfterBucket,
  scanBucket,
  scanDataUsage,
  startScanner,
  type AfterBucketScan,
  type ScanObserver,
  type Scanner,
  type ScannerOptions,
} from './scanner.js';
export { startHealer, type Healer, type HealerOptions } from './healer.js';
export { enforceFifoQuota, fifoQuotaHook, type FifoQuotaServices, type FifoTrim } from './fifo-quota.js';
export { OldestFirstSelection, planFifoTrim, type FifoCandidate, type FifoPlan } from './fifo-selection.js';
export {
  applyLifecycle,
  dueTime,
  lifecycleHook,
  type LifecycleOutcome,
  type LifecycleServices,
} from './lifecycle.js';
