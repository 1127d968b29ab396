/**
 * Component-test setup: unmount after each test, and the browser APIs Mantine expects that
 * happy-dom does not provide (matchMedia, ResizeObserver, document.fonts).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => cleanup());

// `findBy…`/`waitFor` wait for a state; their default 1 s ceiling is shorter than a render takes
// when the suite runs two test files at once on 2 cores (a dashboard test waited out 1 s for its
// chart value under load). A later ceiling changes nothing when the state comes quickly.
configure({ asyncUtilTimeout: 10_000 });
// The same ceiling for `vi.waitFor` (1 s by default; Vitest has no setting for it), unless a test
// names its own.
const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: 10_000, ...options },
  )) as typeof vi.waitFor;

if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (typeof window.ResizeObserver !== 'function') {
  class NoopResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: NoopResizeObserver });
}

// Mantine's autosizing textarea (the policy JSON editor) listens for font loading.
if (!('fonts' in document) || document.fonts === undefined) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
