import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp, type FakeAnswer, type FakeCall } from '../../../test/render.js';
import { stepOf } from '../api/dashboard.js';
import { LAYOUT_STORAGE_KEY } from './dashboard-layout.js';
import { DashboardPage } from './dashboard-page.js';

const dash = TEST_IDS.dashboard;
const usage = { buckets: 3, objects: 1234, usage: 5 * 1024 * 1024 };
const widgets = [
  { id: 2, title: 'Number of Objects', type: 'singleValue', group: 'summary', unit: 'count' },
  { id: 8, title: 'Data Usage Growth', type: 'linearGraph', group: 'summary', unit: 'bytes' },
  { id: 16, title: 'Node Memory Usage', type: 'linearGraph', group: 'resources', unit: 'bytes' },
];

function fake(withWidgets: boolean) {
  return (call: FakeCall): FakeAnswer => {
    if (call.url === '/api/v1/admin/info')
      return { status: 200, body: { ...usage, widgets: withWidgets ? widgets : [], source: 'console' } };
    if (call.url.startsWith('/api/v1/admin/info/widgets/2/'))
      return {
        status: 200,
        body: {
          ...widgets[0],
          source: 'console',
          start: 0,
          end: 60,
          step: 60,
          series: [{ metric: {}, values: [[60, 42]] }],
        },
      };
    return { status: 503, body: { code: 'metrics_unavailable', message: 'no' } };
  };
}

describe('dashboard page', () => {
  it('shows the usage view when the server offers no widgets', async () => {
    renderWithApp(<DashboardPage />, { handler: fake(false) });
    await screen.findByTestId(dash.usage);
    expect(screen.getByText('All buckets')).toBeTruthy();
    expect(screen.getByText('Total Objects')).toBeTruthy();
    expect(screen.getByTestId(dash.usageValue('buckets')).textContent).toBe('3');
    expect(screen.getByTestId(dash.usageValue('usage')).textContent).toBe('5 MiB');
    expect(screen.queryByTestId(dash.grid)).toBeNull();
  });

  it("shows the Summary tab's widgets, a widget's value, the spec's message for a failed one, and keeps a resize", async () => {
    window.localStorage.removeItem(LAYOUT_STORAGE_KEY);
    const { calls } = renderWithApp(<DashboardPage page="metrics" />, { handler: fake(true) });
    expect(await screen.findByRole('heading', { name: 'Metrics' })).toBeTruthy();
    await screen.findByTestId(dash.grid);
    const value = await screen.findByText('42');
    expect(value).toBeTruthy();
    expect(
      await screen.findByText('Widget information could not be retrieved at this time. Please try again'),
    ).toBeTruthy();
    expect(screen.queryByTestId(dash.widget(16))).toBeNull();
    // No range picked: step 0 and no start or end (the server answers the last 7 days).
    expect(calls.some((c) => c.url === '/api/v1/admin/info/widgets/2/?step=0')).toBe(true);
    const card = screen.getByTestId(dash.widget(8));
    expect(card.style.gridColumn).toBe('span 4');
    fireEvent.click(screen.getByTestId(dash.resize(8)));
    expect(card.style.gridColumn).toBe('span 2');
    const stored = JSON.parse(atob(window.localStorage.getItem(LAYOUT_STORAGE_KEY) ?? '')) as unknown[];
    expect(stored).toContainEqual({ id: 8, w: 2 });
  });

  it('computes the step as the minutes in the range, 15 under a minute, 0 without a range', () => {
    expect(stepOf({})).toBe(0);
    expect(stepOf({ start: 0, end: 30 })).toBe(15);
    expect(stepOf({ start: 0, end: 7 * 86400 })).toBe(10080);
  });
});
