import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { OPERATOR_SESSION } from '../../../test/fake-tenants.js';
import { renderWithApp } from '../../../test/render.js';
import { cleanLogLine } from './log-lines.js';
import { PodDetailPage } from './pod-detail-page.js';

const ids = OPERATOR_TEST_IDS.podDetail;
const POD = '/api/v1/namespaces/ns-a/tenants/alpha/pods/alpha-pool-0-0';

function renderPod() {
  return renderWithApp(<PodDetailPage />, {
    session: OPERATOR_SESSION,
    path: '/namespaces/ns-a/tenants/alpha/pods/alpha-pool-0-0',
    route: '/namespaces/:tenantNamespace/tenants/:tenantName/pods/:podName',
    handler: (call) => {
      if (call.url === `${POD}/events`)
        return {
          status: 200,
          body: [
            {
              namespace: 'ns-a',
              last_seen: 1764410400,
              message: 'Started container minio',
              event_type: 'Normal',
              reason: 'Started',
            },
          ],
        };
      if (call.url === POD)
        return {
          status: 200,
          body: {
            log: '\u001b[1mAPI: http://10.1.0.4:9000\u001b[0m\nStatus: 8 Online\u0007\nDocumentation: https://min.io\n',
          },
        };
      return { status: 404, body: { errorMessage: 'not found' } };
    },
  });
}

describe('PodDetailPage (spec 3 §2 Pod detail)', () => {
  it('shows the breadcrumb and the events with their columns', async () => {
    renderPod();
    const row = await screen.findByTestId(ids.event(0));
    expect(row.textContent).toContain('Started container minio');
    expect(row.textContent).toContain('Normal');
    expect(row.textContent).toContain('ns-a');
    const crumbs = screen.getByLabelText('Breadcrumb').textContent;
    expect(crumbs).toContain('Tenants');
    expect(crumbs).toContain('alpha');
    expect(crumbs).toContain('Pods');
    expect(crumbs).toContain('alpha-pool-0-0');
  });

  it('shows the log without ANSI or control characters and highlights matches case-insensitively', async () => {
    renderPod();
    fireEvent.click(await screen.findByTestId(ids.tab('logs')));
    const first = await screen.findByTestId(ids.logLine(0));
    expect(first.textContent).toBe('API: http://10.1.0.4:9000');
    expect(screen.getByTestId(ids.logLine(1)).textContent).toBe('Status: 8 Online');
    expect(screen.queryByTestId(ids.logLine(3))).toBeNull();
    fireEvent.change(screen.getByTestId(ids.highlight), { target: { value: 'ONLINE' } });
    expect(screen.getByTestId(ids.logLine(1)).getAttribute('data-highlighted')).toBe('true');
    expect(screen.getByTestId(ids.logLine(0)).getAttribute('data-highlighted')).toBeNull();
  });

  it('cleans colour codes, cursor moves and C1 controls but keeps tabs', () => {
    expect(cleanLogLine('\u001b[31;1mred\u001b[0m\tend\u009b\u0000')).toBe('red\tend');
  });
});
