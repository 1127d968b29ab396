import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import type { FakeCall } from '../../../test/render.js';
import { renderWithApp } from '../../../test/render.js';
import { ObjectBrowserPage } from './object-browser-page.js';

const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;

interface Check {
  id: string;
  action: string;
  bucket_name?: string;
  prefix?: string;
}

/**
 * A server answering permission checks from `can` and the listing of `media/docs/` with `listing`
 * — only after the permission answer went out, so a shown listing means the answer is in too.
 */
function server(can: Record<string, boolean>, listing: { status: number; body?: unknown }) {
  let answered: () => void = () => undefined;
  const permissionsAnswered = new Promise<void>((resolve) => (answered = resolve));
  return async (call: FakeCall) => {
    if (call.url === '/api/v1/has-permission') {
      const { actions } = call.body as { actions: Check[] };
      answered();
      return {
        status: 200,
        body: { permissions: actions.map((a) => ({ id: a.id, can: can[a.action] === true })) },
      };
    }
    if (call.url.startsWith('/api/v1/buckets/media/objects')) {
      await permissionsAnswered;
      return listing;
    }
    return { status: 404, body: { message: 'not here' } };
  };
}

const LISTED = {
  status: 200,
  body: {
    objects: [{ name: 'docs/a.txt', size: 3, last_modified: '2026-01-01T00:00:00Z' }],
    continuation: '',
  },
};

function renderPage(handler: (call: FakeCall) => Promise<{ status: number; body?: unknown }>) {
  return renderWithApp(<ObjectBrowserPage />, {
    handler,
    path: '/object-browser/media/docs/',
    route: '/object-browser/:bucket/*',
  });
}

describe('ObjectBrowserPage toolbar and permissions', () => {
  it('asks about the browsed folder and enables Upload, Create Folder and Delete Selected when allowed', async () => {
    const { calls } = renderPage(server({ 's3:PutObject': true, 's3:DeleteObject': true }, LISTED));
    await vi.waitFor(() =>
      expect(screen.getByTestId(TEST_IDS.objectBrowser.empty).textContent).toBe('1 entry'),
    );
    await vi.waitFor(() => expect(button(TEST_IDS.objectBrowser.upload).disabled).toBe(false));
    expect(button(TEST_IDS.objectBrowser.createFolder).disabled).toBe(false);
    expect((screen.getByTestId(TEST_IDS.objectBrowser.uploadInput) as HTMLInputElement).disabled).toBe(false);
    // Delete Selected still needs a selection.
    expect(button(TEST_IDS.objectBrowser.deleteSelected).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select all objects'));
    expect(button(TEST_IDS.objectBrowser.deleteSelected).disabled).toBe(false);

    const asked = calls.find((c) => c.url === '/api/v1/has-permission')?.body as { actions: Check[] };
    expect(asked.actions).toEqual([
      { id: 'put', action: 's3:PutObject', bucket_name: 'media', prefix: 'docs/' },
      { id: 'delete', action: 's3:DeleteObject', bucket_name: 'media', prefix: 'docs/' },
    ]);
  });

  it('disables Upload, Create Folder and Delete Selected for an account that may only read', async () => {
    const { calls } = renderPage(server({ 's3:GetObject': true, 's3:ListBucket': true }, LISTED));
    await vi.waitFor(() =>
      expect(screen.getByTestId(TEST_IDS.objectBrowser.empty).textContent).toBe('1 entry'),
    );
    expect(calls.some((c) => c.url === '/api/v1/has-permission')).toBe(true);
    fireEvent.click(screen.getByLabelText('Select all objects'));
    expect(button(TEST_IDS.objectBrowser.upload).disabled).toBe(true);
    expect((screen.getByTestId(TEST_IDS.objectBrowser.uploadInput) as HTMLInputElement).disabled).toBe(true);
    expect(button(TEST_IDS.objectBrowser.createFolder).disabled).toBe(true);
    expect(button(TEST_IDS.objectBrowser.deleteSelected).disabled).toBe(true);
  });

  it("disables a file's Delete for an account that may not delete it", async () => {
    const file = { name: 'docs/a.txt', size: 3, last_modified: '2026-01-01T00:00:00Z' };
    const answer = (can: Record<string, boolean>) => {
      const base = server(can, { status: 200 });
      return async (call: FakeCall) => {
        const answered = await base(call);
        if (!call.url.startsWith('/api/v1/buckets/media/objects')) return answered;
        // The path lists nothing as a folder; asked as a key, it is the file.
        const asFile = call.url.includes('prefix=docs%2Fa.txt&');
        return { status: 200, body: { objects: asFile ? [file] : [], continuation: '' } };
      };
    };
    for (const [can, disabled] of [
      [{ 's3:DeleteObject': true }, false],
      [{}, true],
    ] as const) {
      const { unmount } = renderWithApp(<ObjectBrowserPage />, {
        handler: answer(can),
        path: '/object-browser/media/docs/a.txt',
        route: '/object-browser/:bucket/*',
      });
      const view = await screen.findByTestId(TEST_IDS.objectBrowser.fileView);
      const remove = () => within(view).getByRole('button', { name: 'Delete a.txt' }) as HTMLButtonElement;
      if (disabled) expect(remove().disabled).toBe(true);
      else await vi.waitFor(() => expect(remove().disabled).toBe(false));
      unmount();
    }
  });

  it('says access denied for a refused listing, not that the folder is empty', async () => {
    renderPage(server({}, { status: 403, body: { code: 'access_denied', message: 'Access Denied.' } }));
    const denied = await screen.findByTestId(TEST_IDS.objectBrowser.denied);
    expect(denied.textContent).toBe(
      'Access denied. You are not allowed to list the contents of this folder.',
    );
    expect(screen.queryByText('This folder is empty.')).toBeNull();
    expect(screen.queryByTestId(TEST_IDS.objectBrowser.empty)).toBeNull();
  });

  it('shows the server message for a listing that fails otherwise', async () => {
    renderPage(server({}, { status: 500, body: { message: 'Drive offline' } }));
    const failed = await screen.findByTestId(TEST_IDS.objectBrowser.denied);
    expect(failed.textContent).toBe('The contents of this folder could not be listed: Drive offline');
  });
});
