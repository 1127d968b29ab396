import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../selectors.js';
import { renderWithApp } from '../../test/render.js';
import { lazyScreen } from './lazy-screen.js';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

describe('lazyScreen', () => {
  it('shows a polite loading status until the code arrives, then the screen with its props', async () => {
    let arrive: (module: { Greeting: typeof Greeting }) => void = () => undefined;
    const module = new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve));
    const Screen = lazyScreen(() => module, 'Greeting');
    renderWithApp(<Screen name="Ada" />, { handler: () => ({ status: 404 }) });

    const loading = screen.getByTestId(TEST_IDS.layout.screenLoading);
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('heading')).toBeNull();

    arrive({ Greeting });
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Ada');
    expect(screen.queryByTestId(TEST_IDS.layout.screenLoading)).toBeNull();
  });
});

describe('lazyScreen when the code cannot be fetched', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an alert with Reload instead of a blank page', async () => {
    // React reports the caught error on the console; the boundary is what is under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazyScreen<'Greeting', { name: string }>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      'Greeting',
    );
    renderWithApp(<Screen name="Ada" />, { handler: () => ({ status: 404 }) });
    const failed = await screen.findByTestId(TEST_IDS.layout.screenLoadFailed);
    expect(screen.getByRole('alert').textContent).toContain('This screen could not be loaded.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(failed).toBeTruthy();
  });
});
