/** Background workers of the storage side: data-usage scanner and heal pass. */
export { scanBucket, scanDataUsage, startScanner, type Scanner } from './scanner.js';
export { startHealer, type Healer } from './healer.js';
