/**
 * The `data-testid`s of the trace screens, loaded with them; joined into `selectors.ts`
 * (`TEST_IDS`) for the browser and component tests.
 */
export const TRACE_TEST_IDS = {
  trace: {
    screen: 'trace-screen',
    call: (kind: string) => `trace-call-${kind}`,
    threshold: 'trace-threshold',
    onlyErrors: 'trace-only-errors',
    filter: (name: string) => `trace-filter-${name}`,
    start: 'trace-start',
    stop: 'trace-stop',
    state: 'trace-state',
    failure: 'trace-failure',
    table: 'trace-table',
    row: 'trace-row',
    rowPath: 'trace-row-path',
    empty: 'trace-empty',
  },
} as const;
