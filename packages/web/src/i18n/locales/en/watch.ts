/** English texts of the Watch page (spec 2 §2 Watch, §8 empty states). */
export const watch = {
  title: 'Watch',
  bucket: 'Bucket',
  selectBucket: 'Select Bucket',
  prefix: 'Prefix',
  suffix: 'Suffix',
  start: 'Start',
  stop: 'Stop',
  columns: { time: 'Time', size: 'Size', type: 'Type', path: 'Path' },
  empty: 'No Changes at this time',
  failed: 'Watching stopped: {{reason}}',
  failedNoReason: 'Watching stopped: the connection was lost.',
} as const;
