import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { renderWithApp } from '../../../test/render.js';
import { TenantsPage } from './tenants-page.js';

const ids = OPERATOR_TEST_IDS.tenants;
const tenant = (name: string, namespace: string, health: string) => ({
  name,
  namespace,
  creation_date: '2026-11-29T10:00:00Z',
  total_size: 4 * 1073741824,
  pool_count: 1,
  instance_count: 4,
  volume_count: 4,
  health_status: health,
  currentState: 'Initialized',
});
const OPERATOR = {
  status: 'ok' as const,
  pages: ['/tenants'],
  features: [],
  operator: true,
  distributedMode: false,
};

describe('TenantsPage (spec 3 §2 Tenant list)', () => {
  it('shows the columns, the health colours, filters by name and links to the wizard', async () => {
    renderWithApp(<TenantsPage />, {
      session: OPERATOR,
      handler: () => ({
        status: 200,
        body: { tenants: [tenant('alpha', 'ns-a', 'green'), tenant('beta', 'ns-b', 'purple')] },
      }),
    });
    const row = await screen.findByTestId(ids.row('ns-a/alpha'));
    expect(row.textContent).toContain('ns-a');
    expect(row.textContent).toContain('4 GiB');
    expect(row.textContent).toContain('Initialized');
    expect(screen.getByTestId(ids.health('ns-a/alpha')).getAttribute('data-health')).toBe('green');
    // Anything but red, yellow or green is grey (spec 3 §4).
    expect(screen.getByTestId(ids.health('ns-b/beta')).getAttribute('data-health')).toBe('unknown');
    expect(screen.getByTestId(ids.create).getAttribute('href')).toBe('/tenants/add');
    expect(screen.getByTestId(ids.view('ns-a/alpha')).getAttribute('href')).toBe(
      '/namespaces/ns-a/tenants/alpha',
    );

    fireEvent.change(screen.getByTestId(ids.search), { target: { value: 'ET' } });
    expect(screen.queryByTestId(ids.row('ns-a/alpha'))).toBeNull();
    expect(screen.getByTestId(ids.row('ns-b/beta'))).toBeTruthy();
    // The search is on the name, not the namespace.
    fireEvent.change(screen.getByTestId(ids.search), { target: { value: 'ns-' } });
    expect(screen.getByTestId(ids.empty).textContent).toBe('No Tenants found');
  });

  it('deletes only once the typed name equals the tenant name', async () => {
    const { calls } = renderWithApp(<TenantsPage />, {
      session: OPERATOR,
      handler: (call) =>
        call.method === 'DELETE'
          ? { status: 204 }
          : { status: 200, body: { tenants: [tenant('alpha', 'ns-a', 'green')] } },
    });
    fireEvent.click(await screen.findByTestId(ids.delete('ns-a/alpha')));
    const confirm = (await screen.findByTestId(OPERATOR_TEST_IDS.deleteTenant.confirm)) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const input = screen.getByTestId(OPERATOR_TEST_IDS.deleteTenant.input);
    fireEvent.change(input, { target: { value: 'alph' } });
    expect(confirm.disabled).toBe(true);
    expect(screen.getByTestId(OPERATOR_TEST_IDS.deleteTenant.mismatch).textContent).toBe(
      'Tenant name is incorrect',
    );
    fireEvent.change(input, { target: { value: 'alpha' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/api/v1/namespaces/ns-a/tenants/alpha?delete_pvcs=false',
    );
    expect(await screen.findByText('Tenant Deleted')).toBeTruthy();
  });
});
