import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { SESSION, renderWithApp, type FakeCall, type FakeAnswer } from '../../../test/render.js';
import { SettingsPage } from './settings-page.js';

const ids = TEST_IDS.settings;
const lambda = TEST_IDS.lambda;
const session = { ...SESSION, pages: [...SESSION.pages, '/settings'] };
const input = (name: string) =>
  within(screen.getByTestId(ids.field(name))).queryByRole('textbox') ??
  (screen.getByTestId(ids.field(name)) as HTMLInputElement);
const value = (name: string) => (screen.getByTestId(ids.field(name)) as HTMLInputElement).value;
const saveButton = () => screen.getByTestId(ids.save) as HTMLButtonElement;

/** A settings server: configs as stored key_values, a target list, and refusals on demand. */
function fakeSettings(
  configs: Record<string, { key: string; value: string; env_override?: boolean }[]>,
  options: { refuse?: string } = {},
) {
  const endpoints = [
    { service: 'webhook', account_id: '1', status: 'online' },
    { service: 'postgresql', account_id: '2', status: 'offline' },
  ];
  return (call: FakeCall): FakeAnswer => {
    const path = call.url.replace(/\?.*$/, '');
    const config = /^\/api\/v1\/configs\/([^/]+)$/.exec(path);
    if (config !== null && call.method === 'GET') {
      const name = decodeURIComponent(config[1] ?? '');
      return { status: 200, body: { name, key_values: configs[name] ?? [] } };
    }
    if (config !== null && call.method === 'PUT') {
      if (options.refuse !== undefined)
        return { status: 400, body: { code: 'config_invalid', message: options.refuse } };
      const name = decodeURIComponent(config[1] ?? '');
      return {
        status: 200,
        body: name.startsWith('notify_') ? { restart: true, name: `${name}:3` } : { restart: true },
      };
    }
    if (path === '/api/v1/admin/notification_endpoints')
      return { status: 200, body: { notification_endpoints: endpoints } };
    return { status: 404, body: { code: 'not_found', message: 'Not found' } };
  };
}

describe('Settings: Configurations', () => {
  it('lists the 8 sections with their Edit … Configuration labels; the webhooks lead to their own screens', () => {
    renderWithApp(<SettingsPage />, { handler: fakeSettings({}), session, path: '/settings' });
    const entries = [
      ['region', 'Edit Region Configuration'],
      ['cache', 'Edit Cache Configuration'],
      ['compression', 'Edit Compression Configuration'],
      ['etcd', 'Edit Etcd Configuration'],
      ['identity_openid', 'Edit Identity OpenID Configuration'],
      ['identity_ldap', 'Edit Identity LDAP Configuration'],
      ['logger_webhook', 'Edit Logger Webhook Configuration'],
      ['audit_webhook', 'Edit Audit Webhook Configuration'],
    ];
    for (const [section, label] of entries)
      expect(screen.getByTestId(ids.configEntry(section ?? '')).textContent).toContain(label);
    expect(screen.getByTestId(ids.configEntry('logger_webhook')).getAttribute('href')).toBe(
      '/webhook/logger',
    );
    expect(screen.getByTestId(ids.configEntry('audit_webhook')).getAttribute('href')).toBe('/webhook/audit');
    // Tiers in a distributed setup only (spec 3 §2).
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Configurations',
      'Lambda Notifications',
      'Tiers',
    ]);
  });

  it('outside a distributed setup there is no Tiers tab', () => {
    renderWithApp(<SettingsPage />, {
      handler: fakeSettings({}),
      session: { ...session, distributedMode: false },
      path: '/settings?tab=tiers',
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Configurations',
      'Lambda Notifications',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Configurations');
  });

  it('region: loads the stored value, requires the name, sends the non-empty values and goes back', async () => {
    const handler = fakeSettings({ region: [{ key: 'name', value: 'eu-west-1' }] });
    const { calls } = renderWithApp(<SettingsPage />, { handler, session, path: '/settings' });
    fireEvent.click(screen.getByTestId(ids.configEntry('region')));
    await vi.waitFor(() => expect(value('name')).toBe('eu-west-1'));
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/v1/configs/region')).toBe(true);
    expect(screen.queryByTestId(ids.notUsedNote)).toBeNull();
    fireEvent.change(input('name'), { target: { value: '  ' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input('name'), { target: { value: ' us-east-2 ' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await screen.findByText('Configuration Region saved.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/configs/region',
        body: { key_values: [{ key: 'name', value: 'us-east-2' }] },
      },
    ]);
    fireEvent.click(screen.getByTestId(ids.backToConfigurations));
    expect(screen.getByTestId(ids.configEntry('cache'))).toBeTruthy();
  });

  it("etcd and cache say what the embedded engine does with them; a refusal shows the server's message", async () => {
    const handler = fakeSettings({ etcd: [] }, { refuse: 'Etcd endpoints must be URLs' });
    const { toasted } = renderWithApp(<SettingsPage />, { handler, session, path: '/settings' });
    fireEvent.click(screen.getByTestId(ids.configEntry('etcd')));
    expect((await screen.findByTestId(ids.notUsedNote)).textContent).toContain(
      'accepts and stores these settings',
    );
    await screen.findByTestId(ids.csvEntry('endpoints', 0));
    // Required CSV: Save waits for an entry.
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId(ids.csvEntry('endpoints', 0)), { target: { value: 'nope' } });
    fireEvent.blur(screen.getByTestId(ids.csvEntry('endpoints', 0)));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    // Spec 3 §8: the error toast with the server's message.
    await vi.waitFor(() => expect(toasted).toEqual(['Etcd endpoints must be URLs']));
  });

  it('shows env values read-only and never echoes a stored secret', async () => {
    const handler = fakeSettings({
      logger_webhook: [],
      identity_ldap: [
        { key: 'server_addr', value: 'ldap:636', env_override: true },
        { key: 'sts_expiry', value: '1h' },
      ],
    });
    const { calls } = renderWithApp(<SettingsPage />, { handler, session, path: '/settings' });
    fireEvent.click(screen.getByTestId(ids.configEntry('identity_ldap')));
    await vi.waitFor(() => expect(value('server_addr')).toBe('ldap:636'));
    expect((screen.getByTestId(ids.field('server_addr')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Set by the server environment; it cannot be changed here.')).toBeTruthy();
    // The STS expiry tooltip says the default (spec 3 §9).
    expect(screen.getByTestId(ids.fieldTip('sts_expiry')).getAttribute('aria-label')).toContain('default 1h');
    for (const name of ['username_format', 'username_search_filter', 'group_search_filter'])
      fireEvent.change(input(name), { target: { value: `(${name})` } });
    fireEvent.click(saveButton());
    await screen.findByText('Configuration Identity LDAP saved.');
    const sent = calls.find((c) => c.method === 'PUT')?.body as { key_values: { key: string }[] };
    expect(sent.key_values.map((kv) => kv.key)).toEqual([
      'username_format',
      'username_search_filter',
      'group_search_filter',
      'sts_expiry',
    ]);
  });
});

describe('Settings: Lambda Notifications', () => {
  it('lists the targets with their status (Offline apart), picks a service and goes back', async () => {
    renderWithApp(<SettingsPage />, { handler: fakeSettings({}), session, path: '/settings?tab=lambda' });
    expect((await screen.findByTestId(lambda.status('webhook:1'))).textContent).toBe('Online');
    expect(screen.getByTestId(lambda.status('postgresql:2')).textContent).toBe('Offline');
    fireEvent.change(screen.getByTestId(lambda.search), { target: { value: 'postgres' } });
    expect(screen.queryByTestId(lambda.row('webhook:1'))).toBeNull();
    fireEvent.click(screen.getByTestId(lambda.add));
    expect(screen.getByText('Pick a supported service')).toBeTruthy();
    expect(
      within(screen.getByTestId(lambda.pick))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Back To Lambda Notifications',
      'Postgres SQL',
      'Kafka',
      'AMQP',
      'MQTT',
      'Redis',
      'NATS',
      'Mysql',
      'Elastic Search',
      'Webhook',
      'NSQ',
    ]);
    fireEvent.click(screen.getByTestId(lambda.service('kafka')));
    expect(screen.getByText('Kafka - Add Lambda Notification Target')).toBeTruthy();
    fireEvent.click(screen.getByTestId(lambda.backToServices));
    fireEvent.click(screen.getByTestId(lambda.backToList));
    expect(await screen.findByTestId(lambda.table)).toBeTruthy();
  });

  it('Webhook: endpoint and queue dir required; Save adds a new target with PUT notify_webhook', async () => {
    const { calls } = renderWithApp(<SettingsPage />, {
      handler: fakeSettings({}),
      session,
      path: '/settings?tab=lambda',
    });
    fireEvent.click(await screen.findByTestId(lambda.add));
    fireEvent.click(screen.getByTestId(lambda.service('webhook')));
    expect(value('queue_limit')).toBe('10000');
    fireEvent.change(input('endpoint'), { target: { value: 'http://127.0.0.1:9000/hook' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input('queue_dir'), { target: { value: '/tmp/q' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await screen.findByText('Notification target notify_webhook:3 saved.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/configs/notify_webhook',
        body: {
          key_values: [
            { key: 'endpoint', value: 'http://127.0.0.1:9000/hook' },
            { key: 'queue_dir', value: '/tmp/q' },
            { key: 'queue_limit', value: '10000' },
          ],
        },
      },
    ]);
    expect(await screen.findByTestId(lambda.table)).toBeTruthy();
  });

  it('Postgres: the connection string is built from its parts or typed manually', async () => {
    const { calls } = renderWithApp(<SettingsPage />, {
      handler: fakeSettings({}),
      session,
      path: '/settings?tab=lambda',
    });
    fireEvent.click(await screen.findByTestId(lambda.add));
    fireEvent.click(screen.getByTestId(lambda.service('postgres')));
    const part = (name: string, text: string) =>
      fireEvent.change(screen.getByTestId(lambda.builderPart(name)), { target: { value: text } });
    part('host', 'db');
    part('port', '5432');
    part('dbname', 'events');
    part('user', 'minio');
    part('password', 'pw');
    part('sslmode', 'verify-ca');
    expect(screen.getByTestId(lambda.builderResult).textContent).toBe(
      'host=db port=5432 dbname=events user=minio password=•••• sslmode=verify-ca',
    );
    const sslOptions = [...(screen.getByTestId(lambda.builderPart('sslmode')) as HTMLSelectElement).options];
    expect(sslOptions.map((o) => o.value)).toEqual(['', 'require', 'disable', 'verify-ca', 'verify-full']);
    expect(value('format')).toBe('namespace');
    fireEvent.change(input('table'), { target: { value: 'events' } });
    fireEvent.change(input('queue_dir'), { target: { value: '/q' } });
    fireEvent.click(saveButton());
    await screen.findByText('Notification target notify_postgres:3 saved.');
    const body = calls.find((c) => c.method === 'PUT')?.body as {
      key_values: { key: string; value: string }[];
    };
    expect(body.key_values[0]).toEqual({
      key: 'connection_string',
      value: 'host=db port=5432 dbname=events user=minio password=pw sslmode=verify-ca',
    });
    expect(body.key_values.find((kv) => kv.key === 'format')).toEqual({ key: 'format', value: 'namespace' });
  });

  it('MySQL: user:password@tcp(host:port)/dbname, or the DSN typed manually', async () => {
    const { calls } = renderWithApp(<SettingsPage />, {
      handler: fakeSettings({}),
      session,
      path: '/settings?tab=lambda',
    });
    fireEvent.click(await screen.findByTestId(lambda.add));
    fireEvent.click(screen.getByTestId(lambda.service('mysql')));
    fireEvent.change(screen.getByTestId(lambda.builderPart('host')), { target: { value: 'db' } });
    fireEvent.change(screen.getByTestId(lambda.builderPart('port')), { target: { value: '3306' } });
    fireEvent.change(screen.getByTestId(lambda.builderPart('user')), { target: { value: 'root' } });
    fireEvent.change(screen.getByTestId(lambda.builderPart('dbname')), { target: { value: 'ev' } });
    expect(screen.getByTestId(lambda.builderResult).textContent).toBe('root@tcp(db:3306)/ev');
    expect(screen.queryByTestId(lambda.builderPart('sslmode'))).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Enter manually' }));
    expect(screen.queryByTestId(lambda.builderResult)).toBeNull();
    fireEvent.change(input('dsn_string'), { target: { value: 'u:p@tcp(h:1)/d' } });
    fireEvent.change(input('table'), { target: { value: 't' } });
    fireEvent.change(input('queue_dir'), { target: { value: '/q' } });
    fireEvent.click(saveButton());
    await screen.findByText('Notification target notify_mysql:3 saved.');
    const body = calls.find((c) => c.method === 'PUT')?.body as {
      key_values: { key: string; value: string }[];
    };
    expect(body.key_values[0]).toEqual({ key: 'dsn_string', value: 'u:p@tcp(h:1)/d' });
  });

  it('MQTT starts with qos 0; each of the 10 forms has its title and a Save', async () => {
    renderWithApp(<SettingsPage />, { handler: fakeSettings({}), session, path: '/settings?tab=lambda' });
    fireEvent.click(await screen.findByTestId(lambda.add));
    const names = [
      'Postgres SQL',
      'Kafka',
      'AMQP',
      'MQTT',
      'Redis',
      'NATS',
      'Mysql',
      'Elastic Search',
      'Webhook',
      'NSQ',
    ];
    const services = [
      'postgres',
      'kafka',
      'amqp',
      'mqtt',
      'redis',
      'nats',
      'mysql',
      'elasticsearch',
      'webhook',
      'nsq',
    ];
    services.forEach((service, index) => {
      fireEvent.click(screen.getByTestId(lambda.service(service)));
      expect(screen.getByText(`${names[index] ?? ''} - Add Lambda Notification Target`)).toBeTruthy();
      expect(saveButton().disabled).toBe(true);
      if (service === 'mqtt') expect(value('qos')).toBe('0');
      fireEvent.click(screen.getByTestId(lambda.backToServices));
    });
  });
});
