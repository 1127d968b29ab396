import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp } from '../../../test/render.js';
import { LoginPage } from './login-page.js';

describe('LoginPage, service-account strategy (spec 1 §2, §5: operator mode)', () => {
  it("shows 'Operator Login' with one JWT field; Login waits for a JWT and posts it", async () => {
    let release: (value: { status: number; body: unknown }) => void = () => undefined;
    const { calls } = renderWithApp(<LoginPage />, {
      session: null,
      handler: (call) =>
        call.method === 'GET'
          ? { status: 200, body: { loginStrategy: 'service-account', redirect: '' } }
          : new Promise((resolve) => (release = resolve)),
    });
    const jwt = (await screen.findByTestId(TEST_IDS.login.jwt)) as HTMLInputElement;
    expect(screen.getByRole('heading', { name: 'Operator Login' })).toBeTruthy();
    expect(screen.queryByTestId(TEST_IDS.login.accessKey)).toBeNull();
    const button = screen.getByTestId(TEST_IDS.login.submit) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(jwt, { target: { value: '  ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(jwt, { target: { value: 'eyJhbGciOiJSUzI1NiJ9.e30.sig' } });
    fireEvent.click(button);
    await waitFor(() => expect(jwt.disabled).toBe(true));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/login/operator',
      body: { jwt: 'eyJhbGciOiJSUzI1NiJ9.e30.sig' },
    });
    await act(async () => release({ status: 401, body: { message: 'invalid service account token' } }));
    expect((await screen.findByTestId(TEST_IDS.login.errorBanner)).textContent).toBe(
      'Invalid service account token',
    );
    expect(jwt.disabled).toBe(false);
  });
});
