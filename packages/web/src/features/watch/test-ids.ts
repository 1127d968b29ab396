/**
 * The `data-testid`s of the watch screens, loaded with them; joined into `selectors.ts`
 * (`TEST_IDS`) for the browser and component tests.
 */
export const WATCH_TEST_IDS = {
  watch: {
    screen: 'watch-screen',
    bucket: 'watch-bucket',
    prefix: 'watch-prefix',
    suffix: 'watch-suffix',
    start: 'watch-start',
    stop: 'watch-stop',
    table: 'watch-table',
    row: 'watch-row',
    empty: 'watch-empty',
    failed: 'watch-failed',
  },
} as const;
