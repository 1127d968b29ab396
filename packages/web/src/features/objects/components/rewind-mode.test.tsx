import { fireEvent, renderHook, screen, waitFor, act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import type { FakeCall } from '../../../test/render.js';
import { renderWithApp } from '../../../test/render.js';
import { ObjectBrowserPage } from './object-browser-page.js';
import { useRewind } from './use-rewind.js';

const ids = TEST_IDS.rewind;
const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;

function server(versioned: boolean) {
  return (call: FakeCall) => {
    const url = new URL(call.url, 'http://console');
    if (url.pathname === '/api/v1/has-permission') {
      const { actions } = call.body as { actions: { id: string }[] };
      return { status: 200, body: { permissions: actions.map((a) => ({ id: a.id, can: true })) } };
    }
    if (url.pathname === '/api/v1/buckets/media/versioning') {
      return { status: 200, body: { is_versioned: versioned } };
    }
    if (url.pathname === '/api/v1/buckets/media/objects') {
      return {
        status: 200,
        body: { objects: [{ name: 'docs/now.txt', size: 3, last_modified: '2026-11-24T00:00:00Z' }] },
      };
    }
    if (url.pathname.startsWith('/api/v1/buckets/media/rewind/')) {
      return {
        status: 200,
        body: {
          objects: [
            { name: 'docs/old/' },
            {
              name: 'docs/was.txt',
              size: 7,
              last_modified: '2026-11-01T10:00:00Z',
              version_id: 'v-7',
              delete_flag: false,
            },
            {
              name: 'docs/gone.txt',
              last_modified: '2026-11-02T10:00:00Z',
              version_id: 'dm',
              delete_flag: true,
            },
          ],
        },
      };
    }
    return { status: 404, body: { message: 'not here' } };
  };
}

function renderPage(versioned: boolean) {
  return renderWithApp(<ObjectBrowserPage />, {
    handler: server(versioned),
    path: '/object-browser/media/docs/',
    route: '/object-browser/:bucket/*',
  });
}

describe('rewind mode', () => {
  // happy-dom lays nothing out: give the virtualised table a viewport so its rows are drawn.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  });
  afterEach(() => vi.restoreAllMocks());

  it('is offered only in a versioned bucket', async () => {
    renderPage(false);
    await waitFor(() => expect(screen.getByTestId(TEST_IDS.objectBrowser.empty).textContent).toBe('1 entry'));
    expect(button(ids.button).disabled).toBe(true);
  });

  it('shows the folder as of the chosen date, with the rewind columns and actions, and switches back', async () => {
    const { calls } = renderPage(true);
    await waitFor(() => expect(button(ids.button).disabled).toBe(false));
    fireEvent.click(button(ids.button));
    // No date yet: the button cannot rewind.
    await waitFor(() => expect(button(ids.apply).disabled).toBe(true));
    expect(button(ids.apply).textContent).toBe('Show Rewind Data');
    fireEvent.change(screen.getByLabelText('Rewind to'), { target: { value: '2026-11-05T12:00' } });
    fireEvent.click(button(ids.apply));

    await waitFor(() => expect(screen.getByTestId(ids.table)).toBeTruthy());
    const asked = calls.find((c) => c.url.includes('/rewind/'));
    expect(decodeURIComponent(asked?.url ?? '')).toContain(
      `/api/v1/buckets/media/rewind/${new Date(2026, 10, 5, 12, 0).toISOString()}?prefix=docs/`,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Object Date',
      'Size',
      'Deleted',
      'Actions',
    ]);
    expect(screen.getByTestId(ids.deleted('docs/was.txt')).textContent).toBe('No');
    expect(screen.getByTestId(ids.deleted('docs/gone.txt')).textContent).toBe('Yes');
    // The download of that date's version; none for what was deleted then.
    expect(screen.getByTestId(ids.download('docs/was.txt')).getAttribute('href')).toContain('version_id=v-7');
    expect((screen.getByTestId(ids.download('docs/gone.txt')) as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getAllByRole('button', { name: /^Delete / }).every((b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);
    expect(button(TEST_IDS.objectBrowser.refresh).disabled).toBe(true);
    expect(button(TEST_IDS.objectBrowser.createFolder).disabled).toBe(true);
    expect(button(TEST_IDS.objectBrowser.upload).disabled).toBe(true);
    expect(screen.getByTestId(ids.badge)).toBeTruthy();
    expect(screen.getByTestId(ids.label).textContent).toMatch(/^Rewind: /);
    expect(screen.getByTestId(ids.empty).textContent).toBe('3 entries as of that date');

    fireEvent.click(button(ids.button));
    await waitFor(() => expect(screen.getByTestId(ids.currentStatus)).toBeTruthy());
    fireEvent.click(screen.getByRole('switch', { name: 'Current Status' }));
    expect(button(ids.apply).textContent).toBe('Show Current Data');
    fireEvent.click(button(ids.apply));
    await waitFor(() => expect(screen.getByTestId(TEST_IDS.objectBrowser.table)).toBeTruthy());
    expect(screen.queryByTestId(ids.label)).toBeNull();
    expect(button(TEST_IDS.objectBrowser.refresh).disabled).toBe(false);
  });

  it('is reset when another bucket is browsed', () => {
    const { result, rerender } = renderHook(({ bucket }) => useRewind(bucket), {
      initialProps: { bucket: 'a' },
    });
    act(() => result.current.enable('2026-11-05T12:00:00.000Z'));
    expect(result.current).toMatchObject({ active: true, date: '2026-11-05T12:00:00.000Z' });
    rerender({ bucket: 'b' });
    expect(result.current).toMatchObject({ active: false, date: '' });
  });
});
