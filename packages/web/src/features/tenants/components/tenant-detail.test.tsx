import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { GI, OPERATOR_SESSION, tenantDetail } from '../../../test/fake-tenants.js';
import { renderWithApp } from '../../../test/render.js';
import type { FakeCall, FakeHandler } from '../../../test/render.js';
import { TenantTabPage } from './tenant-tabs.js';
import type { TenantTab } from './tenant-tabs.js';

const BASE = '/api/v1/namespaces/ns-a/tenants/alpha';

function renderTab(tab: TenantTab, handler: FakeHandler) {
  return renderWithApp(<TenantTabPage tab={tab} />, {
    session: OPERATOR_SESSION,
    path: `/namespaces/ns-a/tenants/alpha/${tab}`,
    route: `/namespaces/:tenantNamespace/tenants/:tenantName/${tab}`,
    handler,
  });
}

/** Answers the detail and usage, then whatever `more` knows. */
const withDetail =
  (
    more: FakeHandler = () => ({ status: 404, body: { errorMessage: 'not found' } }),
    detail = tenantDetail(),
  ) =>
  (call: FakeCall) => {
    if (call.method === 'GET' && call.url === BASE) return { status: 200, body: detail };
    if (call.url === `${BASE}/usage`) return { status: 200, body: { disk_used: 2 * GI } };
    return more(call);
  };

describe('Tenant detail (spec 3 §2)', () => {
  it('Summary: details, sums, health defaults, features, usage and the Management UI link', async () => {
    renderTab(
      'summary',
      withDetail(
        undefined,
        tenantDetail({ status: { health_status: 'red' } as never, consoleEnabled: false }),
      ),
    );
    const ids = OPERATOR_TEST_IDS.tenantSummary;
    await screen.findByTestId(ids.screen);
    expect(screen.getByTestId(ids.field('clusters')).textContent).toBe('1');
    expect(screen.getByTestId(ids.field('instances')).textContent).toBe('4');
    expect(screen.getByTestId(ids.field('volumes')).textContent).toBe('8');
    expect(screen.getByTestId(ids.field('capacity')).textContent).toBe('8 GiB');
    expect(screen.getByTestId(ids.field('minio-endpoint')).textContent).toContain('https://10.0.0.1:443');
    expect(screen.queryByTestId(ids.field('console-endpoint'))).toBeNull();
    // Drives Online / Offline / Write Quorum default to 0 (spec 3 §2).
    expect(screen.getByTestId(ids.field('drives-online')).textContent).toBe('0');
    expect(screen.getByTestId(ids.field('write-quorum')).textContent).toBe('0');
    expect(screen.getByTestId(ids.feature('openid')).textContent).toContain('Enabled');
    expect(screen.getByTestId(ids.feature('logs')).textContent).toContain('Disabled');
    // Console TLS only when the console is enabled.
    expect(screen.queryByTestId(ids.feature('console-tls'))).toBeNull();
    expect(screen.getByTestId(ids.managementUi).getAttribute('href')).toBe(
      '/namespaces/ns-a/tenants/alpha/hop',
    );
    expect((await screen.findByText('Used: 2 GiB of 8 GiB')).textContent).toBeTruthy();
    const menu = screen.getByTestId(OPERATOR_TEST_IDS.tenantDetail.menu);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Summary', 'Metrics', 'Security', 'Pools', 'Pods', 'License']);
  });

  it('Summary: the image opens Update MinIO Version, whose Save waits for valid images and a complete registry', async () => {
    const { calls } = renderTab(
      'summary',
      withDetail(() => ({ status: 204 })),
    );
    const ids = OPERATOR_TEST_IDS.updateVersion;
    fireEvent.click(await screen.findByTestId(OPERATOR_TEST_IDS.tenantSummary.image));
    const save = (await screen.findByTestId(ids.save)) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    fireEvent.change(screen.getByTestId(ids.image), { target: { value: 'minio' } });
    expect(save.disabled).toBe(true);
    expect(screen.getByText("Format must be of form: 'minio/minio:VERSION'")).toBeTruthy();
    fireEvent.change(screen.getByTestId(ids.image), {
      target: { value: 'minio/minio:RELEASE.2025-04-08T15-41-24Z' },
    });
    fireEvent.click(screen.getByTestId(ids.customRegistry));
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(ids.registry), { target: { value: 'registry.local' } });
    fireEvent.change(screen.getByTestId(ids.username), { target: { value: 'u' } });
    fireEvent.change(screen.getByTestId(ids.password), { target: { value: 'p' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: BASE,
      body: {
        image: 'minio/minio:RELEASE.2025-04-08T15-41-24Z',
        console_image: 'minio/console:v0.13.0',
        enable_prometheus: true,
        image_registry: { registry: 'registry.local', username: 'u', password: 'p' },
      },
    });
  });

  it('Edit YAML: loads the specification, disables Save when empty, shows a refusal in the dialog', async () => {
    renderTab(
      'summary',
      withDetail((call) =>
        call.method === 'GET'
          ? { status: 200, body: { yaml: 'apiVersion: minio.min.io/v2\nkind: Tenant\n' } }
          : { status: 400, body: { errorMessage: 'spec.pools: Required value', code: 'invalid_request' } },
      ),
    );
    const ids = OPERATOR_TEST_IDS.editYaml;
    fireEvent.click(await screen.findByTestId(OPERATOR_TEST_IDS.tenantDetail.editYaml));
    const editor = (await screen.findByTestId(ids.editor)) as HTMLTextAreaElement;
    expect(editor.value).toContain('kind: Tenant');
    expect(screen.getByText('Tenant Specification', { selector: 'label' })).toBeTruthy();
    fireEvent.change(editor, { target: { value: '   ' } });
    expect((screen.getByTestId(ids.save) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(editor, { target: { value: 'kind: Tenant\n' } });
    fireEvent.click(screen.getByTestId(ids.save));
    expect((await screen.findByTestId(ids.error)).textContent).toContain('Spec.pools: Required value');
  });

  it('Pools: lists them and adds pool-1 in bytes with the default anti-affinity', async () => {
    const { calls } = renderTab(
      'pools',
      withDetail(() => ({ status: 204 })),
    );
    const ids = OPERATOR_TEST_IDS.tenantPools;
    const row = await screen.findByTestId(ids.row('pool-0'));
    expect(row.textContent).toContain('8 GiB');
    fireEvent.click(screen.getByTestId(ids.expand));
    fireEvent.change(await screen.findByTestId(OPERATOR_TEST_IDS.addPool.size), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId(OPERATOR_TEST_IDS.addPool.save));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(`${BASE}/pools`);
    expect(post?.body).toMatchObject({
      name: 'pool-1',
      servers: 4,
      volumes_per_server: 2,
      volume_configuration: { size: 2 * GI, storage_class_name: 'standard' },
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            {
              labelSelector: {
                matchExpressions: [
                  { key: 'v1.min.io/tenant', operator: 'In', values: ['alpha'] },
                  { key: 'v1.min.io/pool', operator: 'In', values: ['pool-1'] },
                ],
              },
              topologyKey: 'kubernetes.io/hostname',
            },
          ],
        },
      },
    });
  });

  it('Pods: the columns and a retyped name to delete', async () => {
    const now = Math.floor(Date.now() / 1000);
    const pod = {
      name: 'alpha-pool-0-0',
      status: 'Running',
      timeCreated: now - 7200,
      podIP: '10.1.0.4',
      restarts: 0,
      node: 'node-1',
    };
    const { calls } = renderTab(
      'pods',
      withDetail((call) => (call.method === 'DELETE' ? { status: 204 } : { status: 200, body: [pod] })),
    );
    const ids = OPERATOR_TEST_IDS.tenantPods;
    const row = await screen.findByTestId(ids.row(pod.name));
    expect(row.textContent).toContain('2h');
    expect(row.textContent).toContain('10.1.0.4');
    expect(screen.getByTestId(ids.view(pod.name)).getAttribute('href')).toBe(
      '/namespaces/ns-a/tenants/alpha/pods/alpha-pool-0-0',
    );
    fireEvent.click(screen.getByTestId(ids.delete(pod.name)));
    const confirm = (await screen.findByTestId(OPERATOR_TEST_IDS.deletePod.confirm)) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(OPERATOR_TEST_IDS.deletePod.input), { target: { value: pod.name } });
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`${BASE}/pods/alpha-pool-0-0`);
  });

  it("Pods: a failed list says 'Error loading pods'", async () => {
    renderTab(
      'pods',
      withDetail(() => ({ status: 503, body: { errorMessage: 'kubernetes unreachable' } })),
    );
    expect((await screen.findByTestId(OPERATOR_TEST_IDS.tenantPods.loadError)).textContent).toContain(
      'Error loading pods',
    );
  });

  it("License: the tenant's license, else 'Activate Product' or 'Attach License'", async () => {
    const licensed = tenantDetail({
      subnet_license: {
        organization: 'Acme',
        storage_capacity: 10,
        expires_at: '2027-01-31T00:00:00Z',
        plan: 'STANDARD',
        email: 'ops@acme.test',
      },
    });
    const first = renderTab('license', withDetail(undefined, licensed));
    const ids = OPERATOR_TEST_IDS.tenantLicense;
    expect((await screen.findByTestId(ids.field('organization'))).textContent).toBe('Acme');
    expect(screen.getByTestId(ids.field('capacity')).textContent).toBe('10 TiB');
    expect(screen.getByTestId(ids.field('expiry')).textContent).toBe('2027-01-31');
    first.unmount();

    renderTab('license', withDetail());
    expect((await screen.findByTestId(ids.activate)).getAttribute('href')).toBe('/license');
  });

  it('Security: existing certificates with their expiry date, Save asks Save and Restart first', async () => {
    const cert = {
      name: 'alpha-certs',
      serialNumber: '1',
      domains: ['minio.ns-a.svc'],
      expiry: '2027-03-04T05:06:07Z',
    };
    const { calls } = renderTab(
      'security',
      withDetail((call) =>
        call.method === 'GET'
          ? {
              status: 200,
              body: {
                autoCert: true,
                customCertificates: { minio: [cert], minioCAs: [], console: [], consoleCAs: [] },
              },
            }
          : { status: 204 },
      ),
    );
    const ids = OPERATOR_TEST_IDS.tenantSecurity;
    const card = await screen.findByTestId(ids.cert('alpha-certs'));
    expect(card.textContent).toContain('Expiry: 2027-03-04');
    expect(card.textContent).toContain('minio.ns-a.svc');
    fireEvent.click(screen.getByTestId(ids.deleteCert('alpha-certs')));
    fireEvent.click(screen.getByTestId(ids.save));
    expect(
      await screen.findByText('Are you sure you want to save the changes and restart the service?'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId(ids.confirm));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      autoCert: true,
      customCertificates: {
        secretsToBeDeleted: ['alpha-certs'],
        minio: [],
        minioCAs: [],
        console: [],
        consoleCAs: [],
      },
    });
  });
});
