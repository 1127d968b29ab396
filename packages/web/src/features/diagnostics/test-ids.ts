/**
 * The `data-testid`s of the diagnostics screens, loaded with them; joined into `selectors.ts`
 * (`TEST_IDS`) for the browser and component tests.
 */
export const DIAGNOSTICS_TEST_IDS = {
  diagnostics: {
    screen: 'diagnostics-screen',
    start: 'diagnostics-start',
    download: 'diagnostics-download',
    status: 'diagnostics-status',
    spinner: 'diagnostics-spinner',
  },
} as const;
