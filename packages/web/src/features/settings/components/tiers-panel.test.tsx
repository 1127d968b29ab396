import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { SESSION, renderWithApp, type FakeAnswer, type FakeCall } from '../../../test/render.js';
import { SettingsPage } from './settings-page.js';

const ids = TEST_IDS.tiers;
const session = { ...SESSION, pages: [...SESSION.pages, '/settings'] };
const NAME_MESSAGE =
  'Please verify that string is uppercase only and contains valid characters (numbers, dashes & underscores).';

/** The tiers as the console server keeps them. */
function fakeTiers() {
  const items: unknown[] = [
    {
      type: 'azure',
      azure: {
        name: 'COLD',
        endpoint: 'https://blob.core.windows.net',
        bucket: 'c',
        prefix: 'p',
        region: 'r',
      },
    },
  ];
  return (call: FakeCall): FakeAnswer => {
    if (call.url === '/api/v1/admin/tiers' && call.method === 'GET') return { status: 200, body: { items } };
    if (call.url === '/api/v1/admin/tiers' && call.method === 'POST') {
      const body = call.body as { type: string; s3: { name: string } };
      items.push({ type: body.type, s3: { ...body.s3 } });
      return { status: 201, body: { items } };
    }
    if (call.method === 'PUT') return { status: 204, body: null };
    return { status: 404, body: {} };
  };
}

const field = (name: string) => screen.getByTestId(ids.field(name)) as HTMLInputElement;

describe('Settings → Tiers', () => {
  it('lists the tiers (Tier Name, Type, Endpoint, Bucket, Prefix, Region) and updates credentials', async () => {
    const { calls } = renderWithApp(<SettingsPage />, {
      handler: fakeTiers(),
      session,
      path: '/settings?tab=tiers',
    });
    const row = await screen.findByTestId(ids.row('COLD'));
    expect(
      within(screen.getByTestId(ids.table))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Tier Name', 'Type', 'Endpoint', 'Bucket', 'Prefix', 'Region', 'Actions']);
    expect(row.textContent).toContain('azure');
    fireEvent.click(screen.getByTestId(ids.edit('COLD')));
    await screen.findByRole('dialog', { name: 'Update Credentials - azure / COLD' });
    const save = screen.getByTestId(ids.credentialsSave) as HTMLButtonElement;
    fireEvent.change(field('access'), { target: { value: 'account' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(field('secret'), { target: { value: 'key' } });
    fireEvent.click(save);
    await screen.findByText('Credentials of tier COLD updated.');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/v1/admin/tiers/azure/COLD/credentials',
      body: { access_key: 'account', secret_key: 'key' },
    });
  });

  it('adds a MinIO tier sent as s3: the name is forced to uppercase, a bad character shows the spec message', async () => {
    const { calls } = renderWithApp(<SettingsPage />, {
      handler: fakeTiers(),
      session,
      path: '/settings?tab=tiers',
    });
    fireEvent.click(await screen.findByTestId(ids.add));
    expect(
      ['minio', 'gcs', 's3', 'azure'].map((type) => screen.getByTestId(ids.type(type)).textContent),
    ).toEqual(['MinIO', 'GCS', 'S3', 'Azure']);
    fireEvent.click(screen.getByTestId(ids.type('minio')));
    await screen.findByText('Add Tier Configuration — MinIO');
    expect(field('endpoint').value).toBe('');
    fireEvent.change(field('name'), { target: { value: 'warm tier' } });
    expect(field('name').value).toBe('WARM TIER');
    expect(screen.getByTestId(ids.nameError).textContent).toBe(NAME_MESSAGE);
    fireEvent.change(field('name'), { target: { value: 'warm-1' } });
    expect(screen.queryByTestId(ids.nameError)).toBeNull();
    const save = screen.getByTestId(ids.save) as HTMLButtonElement;
    for (const [name, value] of [
      ['endpoint', 'http://remote:9000'],
      ['accesskey', 'ak'],
      ['secretkey', 'sk'],
      ['bucket', 'warm'],
      ['prefix', 'tiered'],
    ] as const) {
      expect(save.disabled).toBe(true);
      fireEvent.change(field(name), { target: { value } });
    }
    expect(save.disabled).toBe(true);
    fireEvent.change(field('region'), { target: { value: 'us-east-1' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await screen.findByTestId(ids.row('WARM-1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 's3',
      s3: {
        name: 'WARM-1',
        endpoint: 'http://remote:9000',
        bucket: 'warm',
        prefix: 'tiered',
        region: 'us-east-1',
        accesskey: 'ak',
        secretkey: 'sk',
        storageclass: '',
      },
    });
  });

  it('Back links: to the type selection and to the list', async () => {
    renderWithApp(<SettingsPage />, { handler: fakeTiers(), session, path: '/settings?tab=tiers' });
    fireEvent.click(await screen.findByTestId(ids.add));
    fireEvent.click(screen.getByTestId(ids.type('gcs')));
    await vi.waitFor(() => expect(field('endpoint').value).toBe('https://storage.googleapis.com/'));
    fireEvent.click(screen.getByTestId(ids.backToTypes));
    expect(screen.getByTestId(ids.pick)).toBeTruthy();
    fireEvent.click(screen.getByTestId(ids.backToList));
    await screen.findByTestId(ids.row('COLD'));
  });
});
