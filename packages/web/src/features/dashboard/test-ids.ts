/**
 * The `data-testid`s of the dashboard screens, loaded with them; joined into `selectors.ts`
 * (`TEST_IDS`) for the browser and component tests.
 */
export const DASHBOARD_TEST_IDS = {
  dashboard: {
    screen: 'dashboard-screen',
    usage: 'dashboard-usage',
    usageValue: (key: string) => `dashboard-usage-${key}`,
    startTime: 'dashboard-start-time',
    endTime: 'dashboard-end-time',
    sync: 'dashboard-sync',
    tab: (group: string) => `dashboard-tab-${group}`,
    grid: 'dashboard-grid',
    widget: (id: number) => `dashboard-widget-${id}`,
    resize: (id: number) => `dashboard-widget-resize-${id}`,
  },
} as const;
