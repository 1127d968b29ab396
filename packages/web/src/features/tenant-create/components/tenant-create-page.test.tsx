/**
 * The wizard against a fake console API (spec 3 §2, §4, §5, §7, §8): the name step's rules and
 * namespace lookup, namespace creation, the size step's parity and memory from the server, the
 * create payload, the credentials dialog, a refused creation, and the advanced steps' states.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp, type FakeAnswer, type FakeCall } from '../../../test/render.js';
import { TenantCreatePage } from './tenant-create-page.js';

const ids = TEST_IDS.tenantCreate;
const GIB = 1024 ** 3;
const OPERATOR = {
  status: 'ok' as const,
  pages: ['/tenants'],
  features: [],
  operator: true,
  distributedMode: false,
};
const QUOTA = {
  name: 'ns-new-storagequota',
  elements: [
    { name: 'standard.storageclass.storage.k8s.io/requests.storage', hard: 1024 * GIB, used: 0 },
    { name: 'fast.storageclass.storage.k8s.io/requests.storage', hard: 10 * GIB, used: 0 },
  ],
};

interface Cluster {
  tenantsIn?: Record<string, string[]>;
  namespaces?: Set<string>;
  maxMemory?: number | 'fail';
  create?: FakeAnswer;
}

function handler(cluster: Cluster) {
  const namespaces = cluster.namespaces ?? new Set(['ns-new']);
  return (call: FakeCall): FakeAnswer => {
    const url = new URL(call.url, 'http://console');
    const path = url.pathname;
    let match = /^\/api\/v1\/namespaces\/([^/]+)\/tenants$/.exec(path);
    if (match?.[1] !== undefined) {
      const names = cluster.tenantsIn?.[match[1]] ?? [];
      return { status: 200, body: { tenants: names.map((name) => ({ name, namespace: match?.[1] })) } };
    }
    match = /^\/api\/v1\/namespaces\/([^/]+)\/resourcequotas\//.exec(path);
    if (match?.[1] !== undefined) {
      return namespaces.has(match[1])
        ? { status: 200, body: { ...QUOTA, name: `${match[1]}-storagequota` } }
        : { status: 404, body: { message: 'namespace not found' } };
    }
    if (path === '/api/v1/namespace' && call.method === 'POST') {
      namespaces.add((call.body as { name: string }).name);
      return { status: 204 };
    }
    if (path === '/api/v1/cluster/max-allocatable-memory') {
      return cluster.maxMemory === 'fail'
        ? {
            status: 400,
            body: { message: 'cannot request more nodes than what is available in the cluster' },
          }
        : { status: 200, body: { max_memory: cluster.maxMemory ?? 8 * GIB } };
    }
    match = /^\/api\/v1\/get-parity\/(\d+)\/(\d+)$/.exec(path);
    if (match !== null) {
      const total = Number(match[1]) * Number(match[2]);
      return {
        status: 200,
        body: total >= 16 ? ['EC:8', 'EC:7', 'EC:6', 'EC:5', 'EC:4', 'EC:3', 'EC:2'] : ['EC:2'],
      };
    }
    if (path === '/api/v1/tenants' && call.method === 'POST') {
      return (
        cluster.create ?? {
          status: 200,
          body: { externalIDP: false, console: [{ access_key: 'AK-GENERATED', secret_key: 'SK-GENERATED' }] },
        }
      );
    }
    if (path === '/api/v1/nodes/labels') return { status: 200, body: { zone: ['a', 'b'] } };
    return { status: 404, body: { message: `unexpected ${call.method} ${path}` } };
  };
}

function renderWizard(cluster: Cluster = {}) {
  return renderWithApp(<TenantCreatePage />, {
    session: OPERATOR,
    path: '/tenants/add',
    route: '/tenants/add',
    handler: handler(cluster),
  });
}

const field = (name: string) => screen.getByTestId(ids.field(name)) as HTMLInputElement;
// A Mantine Select's chosen label (happy-dom keeps it in the attribute React writes).
const selected = (name: string) => field(name).getAttribute('value');
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const next = () => screen.getByTestId(ids.next) as HTMLButtonElement;
const WAIT = { timeout: 4000 };

async function fillName(tenant = 'tenant-a', namespace = 'ns-new') {
  type('tenantName', tenant);
  type('namespace', namespace);
  await waitFor(() => expect(next().disabled).toBe(false), WAIT);
}

describe('Create New Tenant wizard', () => {
  it('simple mode: Name Tenant, Tenant Size, Preview; creates once and shows the credentials', async () => {
    const { calls } = renderWizard();
    const steps = screen
      .getAllByRole('button')
      .filter((b) => b.getAttribute('data-testid')?.startsWith('tenant-create-step-'));
    expect(steps.map((s) => s.getAttribute('data-testid'))).toEqual([
      ids.step('nameTenant'),
      ids.step('tenantSize'),
      ids.step('preview'),
    ]);
    expect(steps.map((s) => s.textContent).join('|')).toMatch(
      /Name Tenant.*\|.*Tenant Size.*\|.*Preview Configuration/,
    );
    expect(next().disabled).toBe(true);
    await fillName();
    // The first storage class of the quota is selected (§4).
    await waitFor(() => expect(selected('selectedStorageClass')).toBe('standard'));
    fireEvent.click(next());

    await screen.findByTestId(ids.stepPanel('tenantSize'));
    // Defaults: 4 servers, 1 drive, 100 Gi, 2 Gi memory; parity from the server, default the first.
    await waitFor(() => expect(selected('ecParity')).toBe('EC:2'), WAIT);
    const allocation = screen.getByTestId(ids.allocation);
    expect(allocation.textContent).toContain('25 GiB');
    expect(screen.getByTestId(ids.parityTable).textContent).toContain('EC:2');
    expect(calls.some((c) => c.url.endsWith('/api/v1/get-parity/4/1'))).toBe(true);
    expect(calls.some((c) => c.url.endsWith('/api/v1/cluster/max-allocatable-memory?num_nodes=4'))).toBe(
      true,
    );
    fireEvent.click(next());

    await screen.findByTestId(ids.stepPanel('preview'));
    expect(screen.getByTestId(ids.preview('tenantName')).textContent).toBe('tenant-a');
    expect(screen.getByTestId(ids.preview('usableCapacity')).textContent).toBe('50 GiB');
    const create = screen.getByTestId(ids.create) as HTMLButtonElement;
    fireEvent.click(create);
    fireEvent.click(create);

    expect(await screen.findByTestId(ids.credentialsAccessKey, {}, WAIT)).toHaveProperty(
      'textContent',
      'AK-GENERATED',
    );
    expect(screen.getByTestId(ids.credentialsSecretKey).textContent).toBe('SK-GENERATED');
    const posts = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/v1/tenants'));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      name: 'tenant-a',
      namespace: 'ns-new',
      enable_tls: true,
      erasureCodingParity: 2,
      pools: [
        {
          name: 'pool-0',
          servers: 4,
          volumes_per_server: 1,
          volume_configuration: { size: 25 * GIB, storage_class_name: 'standard' },
          resources: { requests: { memory: 2 * GIB }, limits: { memory: 2 * GIB } },
        },
      ],
    });
  });

  it('shows the name rule, one tenant per namespace, and offers to create a missing namespace', async () => {
    const { calls } = renderWizard({ tenantsIn: { taken: ['other'] }, namespaces: new Set(['taken']) });
    type('tenantName', 'Bad_Name');
    expect(
      await screen.findByText("Name only can contain lowercase letters, numbers and '-'. Min. Length: 3"),
    ).toBeTruthy();
    type('tenantName', 'good-name');
    type('namespace', 'taken');
    expect(await screen.findByText('You can only create one tenant per namespace', {}, WAIT)).toBeTruthy();
    type('namespace', 'brand-new');
    expect(await screen.findByText('Please enter a valid namespace', {}, WAIT)).toBeTruthy();
    expect(next().disabled).toBe(true);
    fireEvent.click(screen.getByTestId(ids.addNamespace));
    expect(
      await screen.findByText('Are you sure you want to add a namespace called brand-new?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId(ids.namespaceConfirm));
    await waitFor(() => expect(next().disabled).toBe(false), WAIT);
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/v1/namespace'))?.body).toEqual({
      name: 'brand-new',
    });
  });

  it('a failed tenant lookup toasts the spec’s message with the server’s detail', async () => {
    renderWithApp(<TenantCreatePage />, {
      session: OPERATOR,
      path: '/tenants/add',
      route: '/tenants/add',
      handler: (call) =>
        call.url.endsWith('/namespaces/ns-x/tenants')
          ? { status: 500, body: { message: 'lookup failed', detailedMessage: 'the API server is down' } }
          : handler({})(call),
    });
    type('tenantName', 'tenant-a');
    type('namespace', 'ns-x');
    expect(
      await screen.findByText('Error validating if namespace already has tenants', {}, WAIT),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId(TEST_IDS.layout.notificationDetails));
    expect(screen.getByText('The API server is down')).toBeTruthy();
    expect(next().disabled).toBe(true);
  });

  it('size step: the rules, the server’s memory refusal on the servers field, memory floors', async () => {
    renderWizard({ maxMemory: 'fail' });
    await fillName();
    fireEvent.click(next());
    await screen.findByTestId(ids.stepPanel('tenantSize'));
    expect(
      await screen.findByText('Cannot request more nodes than what is available in the cluster', {}, WAIT),
    ).toBeTruthy();
    expect(next().disabled).toBe(true);
    type('nodes', '3');
    expect(await screen.findByText('Number of servers cannot be less than 4')).toBeTruthy();
    type('drivesPerServer', '0');
    expect(await screen.findByText('There must be at least one drive')).toBeTruthy();
    type('memoryNode', '1');
    expect(await screen.findByText('Memory size must be greater than 2Gi')).toBeTruthy();
    type('volumeSize', '1');
    expect(await screen.findByText('Volume size must be greater than 1Gi and less than 1 TiB')).toBeTruthy();
  });

  it('size step: a combination under 1Gi per drive and memory above the maximum keep Next disabled', async () => {
    renderWizard({ maxMemory: 4 * GIB });
    await fillName();
    fireEvent.click(next());
    await waitFor(() => expect(selected('ecParity')).toBe('EC:2'), WAIT);
    await waitFor(() => expect(next().disabled).toBe(false), WAIT);
    type('volumeSize', '3');
    expect((await screen.findByTestId(ids.sizeError)).textContent).toContain(
      'Disk Size with this combination would be less than 1Gi, please try another combination',
    );
    expect(next().disabled).toBe(true);
    type('volumeSize', '100');
    type('memoryNode', '5');
    expect(
      await screen.findByText(
        'The requested memory is greater than the max available memory for the selected number of nodes',
      ),
    ).toBeTruthy();
    expect(next().disabled).toBe(true);
  });

  it('a refused creation shows the server’s message and stops the progress', async () => {
    renderWizard({
      create: {
        status: 400,
        body: { message: 'invalid Erasure Coding Value', detailedMessage: 'parity must be 2..8' },
      },
    });
    await fillName();
    fireEvent.click(next());
    await waitFor(() => expect(next().disabled).toBe(false), WAIT);
    fireEvent.click(next());
    fireEvent.click(await screen.findByTestId(ids.create));
    const error = await screen.findByTestId(ids.error, {}, WAIT);
    expect(error.textContent).toContain('Invalid Erasure Coding Value');
    expect(screen.queryByTestId(ids.progress)).toBeNull();
    expect((screen.getByTestId(ids.create) as HTMLButtonElement).disabled).toBe(false);
  });

  it('advanced mode: eight steps; identity provider, affinity, security and encryption states', async () => {
    renderWizard();
    fireEvent.click(screen.getByTestId(ids.advancedMode));
    const steps = screen
      .getAllByRole('button')
      .filter((b) => b.getAttribute('data-testid')?.startsWith('tenant-create-step-'));
    expect(steps).toHaveLength(8);
    await fillName();
    fireEvent.click(next());
    // Configure: a malformed custom image.
    await screen.findByTestId(ids.stepPanel('configure'));
    fireEvent.click(field('customImage'));
    type('imageName', 'minio');
    expect(await screen.findByText("Format must be of form: 'minio/minio:VERSION'")).toBeTruthy();
    expect(next().disabled).toBe(true);
    type('imageName', 'minio/minio:RELEASE.2021-10-06T23-36-31Z');
    fireEvent.click(next());
    // Pod affinity: the node selector needs a complete pair.
    await screen.findByTestId(ids.stepPanel('affinity'));
    fireEvent.click(field('podAffinity-nodeSelector'));
    expect(await screen.findByText('You need to add at least one label key-pair')).toBeTruthy();
    expect(next().disabled).toBe(true);
    type('label-key-0', 'zone');
    type('label-value-0', 'a');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    // Identity provider: generated keys; a short key is refused; AD's insecure warning.
    await screen.findByTestId(ids.stepPanel('identityProvider'));
    expect(field('keys.0.access_key').value).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((screen.getByTestId(ids.removeRow('keys', 0)) as HTMLButtonElement).disabled).toBe(true);
    type('keys.0.access_key', 'short');
    expect(await screen.findByText('Keys must be at least length 8')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId(ids.field('idpSelection'))).getByText('Active Directory'));
    fireEvent.click(field('ad.server_insecure'));
    expect(screen.getByTestId(ids.adInsecureWarning).textContent).toBe(
      'Warning: All traffic with Active Directory will be unencrypted',
    );
    fireEvent.click(within(screen.getByTestId(ids.field('idpSelection'))).getByText('Built-in'));
    type('keys.0.access_key', 'long-enough');
    await waitFor(() => expect(next().disabled).toBe(false));
    fireEvent.click(next());
    // Security: TLS off makes the step valid and encryption unavailable.
    await screen.findByTestId(ids.stepPanel('security'));
    fireEvent.click(field('enableAutoCert'));
    expect(next().disabled).toBe(true);
    fireEvent.click(field('enableTLS'));
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    await screen.findByTestId(ids.stepPanel('encryption'));
    expect(field('enableEncryption').disabled).toBe(true);
    expect(screen.getByTestId(ids.encryptionNeedsTls)).toBeTruthy();
    // Back on TLS with auto cert: encryption can be on; Vault needs its fields, retry ≥ 0.
    fireEvent.click(screen.getByTestId(ids.back));
    fireEvent.click(field('enableTLS'));
    fireEvent.click(field('enableAutoCert'));
    fireEvent.click(next());
    fireEvent.click(field('enableEncryption'));
    expect(next().disabled).toBe(true);
    type('vault.endpoint', 'https://vault:8200');
    type('vault.approleId', 'role');
    type('vault.approleSecret', 'secret');
    type('vault.approleRetry', '-1');
    expect(await screen.findByText('Value needs to be 0 or greater')).toBeTruthy();
    type('vault.approleRetry', '2');
    await waitFor(() => expect(next().disabled).toBe(false));
  });
});
