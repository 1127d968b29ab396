import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp } from '../../../test/render.js';
import { LoginPage } from './login-page.js';

const strategy = (loginStrategy: string, redirect = '') => ({
  status: 200,
  body: { loginStrategy, redirect },
});

describe('LoginPage (spec 1 §2, §4, §5)', () => {
  it("shows 'Console Login' with Login disabled until both fields are filled", async () => {
    renderWithApp(<LoginPage />, { handler: () => strategy('form'), session: null });
    await screen.findByTestId(TEST_IDS.login.accessKey);
    expect(screen.getByRole('heading', { name: 'Console Login' })).toBeTruthy();
    const button = screen.getByTestId(TEST_IDS.login.submit) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(TEST_IDS.login.accessKey), { target: { value: 'admin' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(TEST_IDS.login.secretKey), { target: { value: 'secret' } });
    expect(button.disabled).toBe(false);
  });

  it('disables the fields while submitting and shows a failed login in the top banner', async () => {
    let release: (value: { status: number; body: unknown }) => void = () => undefined;
    const { calls } = renderWithApp(<LoginPage />, {
      session: null,
      handler: (call) =>
        call.method === 'GET' ? strategy('form') : new Promise((resolve) => (release = resolve)),
    });
    fireEvent.change(await screen.findByTestId(TEST_IDS.login.accessKey), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId(TEST_IDS.login.secretKey), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId(TEST_IDS.login.submit));
    await waitFor(() =>
      expect((screen.getByTestId(TEST_IDS.login.accessKey) as HTMLInputElement).disabled).toBe(true),
    );
    expect((screen.getByTestId(TEST_IDS.login.secretKey) as HTMLInputElement).disabled).toBe(true);
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/login',
      body: { accessKey: 'admin', secretKey: 'wrong' },
    });
    await act(async () => release({ status: 401, body: { message: 'invalid Login', detailedMessage: 'x' } }));
    expect((await screen.findByTestId(TEST_IDS.login.errorBanner)).textContent).toBe('Invalid Login');
    expect((screen.getByTestId(TEST_IDS.login.accessKey) as HTMLInputElement).disabled).toBe(false);
  });

  it("shows 'Welcome' and a 'Login with SSO' link to the server's redirect", async () => {
    renderWithApp(<LoginPage />, {
      handler: () => strategy('redirect', 'https://idp.example/auth?x=1'),
      session: null,
    });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login with SSO' }).getAttribute('href')).toBe(
      'https://idp.example/auth?x=1',
    );
  });

  it('shows the unreachable message with Retry when the strategy cannot be fetched, and recovers', async () => {
    let up = false;
    const { authLost } = renderWithApp(<LoginPage />, {
      session: null,
      handler: () => (up ? strategy('form') : Promise.reject(new TypeError('Failed to fetch'))),
    });
    expect((await screen.findByTestId(TEST_IDS.login.unreachable)).textContent).toContain(
      'An error has ocurred, the backend cannot be reached.',
    );
    expect(authLost).toEqual([]);
    up = true;
    fireEvent.click(screen.getByTestId(TEST_IDS.login.retry));
    expect(await screen.findByTestId(TEST_IDS.login.accessKey)).toBeTruthy();
  });

  it('is loading while the strategy is unknown', async () => {
    renderWithApp(<LoginPage />, { handler: () => new Promise(() => undefined), session: null });
    expect(await screen.findByTestId(TEST_IDS.login.loading)).toBeTruthy();
  });
});
