/**
 * The `data-testid`s of the logs screens, loaded with them; joined into `selectors.ts`
 * (`TEST_IDS`) for the browser and component tests.
 */
export const LOGS_TEST_IDS = {
  auditLogs: {
    screen: 'audit-logs-screen',
    startTime: 'audit-logs-start-time',
    endTime: 'audit-logs-end-time',
    advancedToggle: 'audit-logs-advanced-toggle',
    filter: (field: string) => `audit-logs-filter-${field}`,
    hint: 'audit-logs-hint',
    submit: 'audit-logs-submit',
    columns: 'audit-logs-columns',
    columnToggle: (column: string) => `audit-logs-column-${column}`,
    sortTime: 'audit-logs-sort-time',
    table: 'audit-logs-table',
    row: 'audit-logs-row',
    empty: 'audit-logs-empty',
    loadMore: 'audit-logs-load-more',
  },
  logs: {
    screen: 'logs-screen',
    tab: (view: string) => `logs-tab-${view}`,
    errorLogs: 'logs-error-logs',
    highlight: 'logs-highlight-line',
    state: 'logs-state',
    start: 'logs-start',
    failure: 'logs-failure',
    lines: 'logs-lines',
    line: 'logs-line',
    empty: 'logs-empty',
  },
} as const;
