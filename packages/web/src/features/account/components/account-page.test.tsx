import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import type { FakeCall } from '../../../test/render.js';
import { SESSION, renderWithApp } from '../../../test/render.js';
import { AccountPage } from './account-page.js';

const KEYS = { accessKey: 'SVCACCESSKEY0001', secretKey: 'svc-secret-key-shown-once' };

function answer(call: FakeCall) {
  if (call.method === 'POST' && call.url === '/api/v1/service-accounts') return { status: 201, body: KEYS };
  if (call.method === 'POST') return { status: 204 };
  return { status: 200, body: ['EXISTINGKEY00001'] };
}

describe('AccountPage (spec 2 §2, §4, §5)', () => {
  it('shows the Change Password icon only when the pages include /account/change-password', async () => {
    renderWithApp(<AccountPage />, { handler: answer, session: { ...SESSION, pages: ['/account'] } });
    await screen.findByTestId(TEST_IDS.serviceAccounts.row('EXISTINGKEY00001'));
    expect(screen.queryByTestId(TEST_IDS.account.changePassword)).toBeNull();
  });

  it("checks the new passwords: don't match first, then too short; sends a good change", async () => {
    const { calls } = renderWithApp(<AccountPage />, {
      handler: answer,
      session: { ...SESSION, pages: ['/account', '/account/change-password'] },
    });
    fireEvent.click(await screen.findByTestId(TEST_IDS.account.changePassword));
    const ids = TEST_IDS.changePassword;
    const save = (await screen.findByTestId(ids.save)) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(ids.current), { target: { value: 'old-secret' } });
    fireEvent.change(screen.getByTestId(ids.newPassword), { target: { value: 'short' } });
    fireEvent.change(screen.getByTestId(ids.retype), { target: { value: 'shorT' } });
    fireEvent.click(save);
    expect(screen.getByTestId(ids.error).textContent).toBe("New passwords don't match");
    fireEvent.change(screen.getByTestId(ids.retype), { target: { value: 'short' } });
    fireEvent.click(save);
    expect(screen.getByTestId(ids.error).textContent).toBe('Passwords must be at least 8 characters long');
    expect(calls.some((c) => c.url === '/api/v1/account/change-password')).toBe(false);

    fireEvent.change(screen.getByTestId(ids.newPassword), { target: { value: 'long-enough' } });
    fireEvent.change(screen.getByTestId(ids.retype), { target: { value: 'long-enough' } });
    fireEvent.click(save);
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/v1/account/change-password')).toBe(true));
    expect(calls.find((c) => c.url === '/api/v1/account/change-password')?.body).toEqual({
      current_secret_key: 'old-secret',
      new_secret_key: 'long-enough',
    });
  });

  it('creates a service account and shows its keys once in New Service Account Created', async () => {
    const { calls } = renderWithApp(<AccountPage />, { handler: answer });
    fireEvent.click(await screen.findByTestId(TEST_IDS.account.create));
    fireEvent.click(await screen.findByTestId(TEST_IDS.createServiceAccount.save));
    const created = TEST_IDS.newServiceAccount;
    expect(((await screen.findByTestId(created.accessKey)) as HTMLInputElement).value).toBe(KEYS.accessKey);
    expect((screen.getByTestId(created.secretKey) as HTMLInputElement).value).toBe(KEYS.secretKey);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/service-accounts',
      body: {},
    });
    fireEvent.click(screen.getByTestId(created.close));
    await vi.waitFor(() => expect(screen.queryByTestId(created.secretKey)).toBeNull());
  });
});
