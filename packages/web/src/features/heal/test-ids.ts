/**
 * The `data-testid`s of the heal screens, loaded with them; joined into `selectors.ts`
 * (`TEST_IDS`) for the browser and component tests.
 */
export const HEAL_TEST_IDS = {
  heal: {
    screen: 'heal-screen',
    bucket: 'heal-bucket',
    prefix: 'heal-prefix',
    start: 'heal-start',
    recursive: 'heal-recursive',
    forceStart: 'heal-force-start',
    forceStop: 'heal-force-stop',
    chart: 'heal-chart',
    chartSummary: 'heal-chart-summary',
    sizeScanned: 'heal-size-scanned',
    objectsHealed: 'heal-objects-healed',
    healingTime: 'heal-healing-time',
    error: 'heal-error',
  },
} as const;
