import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp, SESSION } from '../../../test/render.js';
import { LicensePage } from './license-page.js';

const ids = TEST_IDS.license;
const INFO = {
  plan: 'ENTERPRISE',
  organization: 'Example Org',
  storage_capacity: 2,
  expires_at: '2030-01-01T00:00:00.000Z',
  email: 'ops@example.com',
};

describe('LicensePage (spec 2 §2, §4 "License", §5, §8)', () => {
  it('shows Community when no subscription is stored, without a toast, and no activation outside operator mode', async () => {
    const { toasted } = renderWithApp(<LicensePage />, {
      handler: () => ({ status: 404, body: { code: 'not_found', message: 'No subscription is stored' } }),
    });
    await screen.findByTestId(ids.viewLicense);
    expect(screen.getByTestId(ids.plan).textContent).toBe('Community');
    expect(screen.queryByTestId(ids.activate)).toBeNull();
    expect(screen.queryByTestId(ids.refresh)).toBeNull();
    expect(screen.getByTestId(ids.signIn).getAttribute('href')).toContain('ref=con');
    expect(toasted).toEqual([]);
  });

  it('shows the stored plan: ENTERPRISE as Enterprise, anything else as Standard, capacity in TiB', async () => {
    renderWithApp(<LicensePage />, { handler: () => ({ status: 200, body: INFO }) });
    await screen.findByText('Example Org');
    expect(screen.getByTestId(ids.plan).textContent).toBe('Enterprise');
    expect(screen.getByText('2 TiB')).toBeTruthy();
    expect(screen.queryByTestId(ids.viewLicense)).toBeNull();
  });

  it('activates in operator mode: Activate disabled while blank, a refusal shown in the modal clears the fields', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const { calls } = renderWithApp(<LicensePage />, {
      session: { ...SESSION, operator: true },
      handler: (call) =>
        call.method === 'GET'
          ? { status: 404, body: { message: 'none' } }
          : new Promise((resolve) => (answer = resolve)),
    });
    expect((await screen.findByTestId(ids.signIn)).getAttribute('href')).toContain('ref=op');
    fireEvent.click(screen.getByTestId(ids.activate));
    const submit = (await screen.findByTestId(ids.activateSubmit)) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(ids.key), { target: { value: 'a.b.c' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { license: 'a.b.c' } }));
    await act(async () =>
      answer({
        status: 400,
        body: {
          code: 'invalid_license',
          message: 'The license key is not valid',
          detailedMessage: 'bad signature',
        },
      }),
    );
    expect((await screen.findByTestId(ids.activateError)).textContent).toContain(
      'The license key is not valid',
    );
    expect((screen.getByTestId(ids.key) as HTMLTextAreaElement).value).toBe('');
  });
});
