import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { SESSION, renderWithApp, type FakeAnswer, type FakeCall } from '../../../test/render.js';
import { WebhookPage } from './webhook-page.js';

const ids = TEST_IDS.webhooks;
const settings = TEST_IDS.settings;
const session = { ...SESSION, pages: [...SESSION.pages, '/settings', '/webhook/audit'] };

function fakeTargets(refuse?: string) {
  const targets = [
    {
      name: 'audit_webhook:siem',
      key_values: [
        { key: 'endpoint', value: 'https://siem.example/in' },
        { key: 'auth_token', value: '*redacted*' },
      ],
    },
  ];
  return (call: FakeCall): FakeAnswer => {
    if (call.url === '/api/v1/configs/audit_webhook/targets') return { status: 200, body: { targets } };
    if (refuse !== undefined) return { status: 400, body: { code: 'config_invalid', message: refuse } };
    if (call.method === 'PUT') return { status: 200, body: { restart: false } };
    if (call.method === 'DELETE') {
      targets.splice(0, 1);
      return { status: 200, body: { restart: false } };
    }
    return { status: 404, body: {} };
  };
}

const field = (name: string) =>
  within(screen.getByRole('dialog')).getByTestId(settings.field(name)) as HTMLInputElement;

describe('audit webhook screen', () => {
  it('lists the targets; adds one with a name, endpoint and token; edits one keeping its stored token', async () => {
    const { calls } = renderWithApp(<WebhookPage kind="audit" />, { handler: fakeTargets(), session });
    expect(screen.getByRole('heading', { name: 'Audit Webhook' })).toBeTruthy();
    const row = await screen.findByTestId(ids.row('audit_webhook:siem'));
    expect(row.textContent).toContain('https://siem.example/in');
    expect(row.textContent).not.toContain('redacted');

    fireEvent.click(screen.getByTestId(ids.add));
    await screen.findByRole('dialog', { name: 'Add Webhook Configuration' });
    const save = screen.getByTestId(ids.modalSave) as HTMLButtonElement;
    fireEvent.change(screen.getByTestId(ids.name), { target: { value: 'bad name' } });
    fireEvent.change(field('endpoint'), { target: { value: 'http://127.0.0.1:9/a' } });
    fireEvent.change(field('auth_token'), { target: { value: 'tok' } });
    expect(screen.getByText('Use letters, digits, dashes and underscores only.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(ids.name), { target: { value: 'ops' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await screen.findByText('Configuration audit_webhook:ops saved.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/configs/audit_webhook%3Aops',
        body: {
          key_values: [
            { key: 'endpoint', value: 'http://127.0.0.1:9/a' },
            { key: 'auth_token', value: 'tok' },
          ],
        },
      },
    ]);

    fireEvent.click(screen.getByTestId(ids.edit('audit_webhook:siem')));
    await screen.findByRole('dialog', { name: 'Edit Webhook Configuration' });
    expect(field('auth_token').value).toBe('');
    expect((screen.getByTestId(ids.name) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(field('endpoint'), { target: { value: 'https://siem.example/v2' } });
    fireEvent.click(screen.getByTestId(ids.modalSave));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT').length).toBe(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]).toEqual({
      method: 'PUT',
      url: '/api/v1/configs/audit_webhook%3Asiem',
      body: { key_values: [{ key: 'endpoint', value: 'https://siem.example/v2' }] },
    });
  });

  it('keeps a refusal inside the modal; deletes a target', async () => {
    const first = renderWithApp(<WebhookPage kind="audit" />, {
      handler: fakeTargets('Endpoint unreachable'),
      session,
    });
    fireEvent.click(await screen.findByTestId(ids.edit('audit_webhook:siem')));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByTestId(ids.modalSave));
    expect((await screen.findByTestId(ids.modalError)).textContent).toContain('Endpoint unreachable');
    first.unmount();

    const { calls } = renderWithApp(<WebhookPage kind="audit" />, { handler: fakeTargets(), session });
    fireEvent.click(await screen.findByTestId(ids.delete('audit_webhook:siem')));
    fireEvent.click(await screen.findByTestId(ids.deleteConfirm));
    await screen.findByText('Webhook configuration audit_webhook:siem deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/v1/configs/audit_webhook%3Asiem',
    ]);
    expect(await screen.findByTestId(ids.empty)).toBeTruthy();
  });
});
