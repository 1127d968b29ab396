import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import type { FakeCall } from '../../../test/render.js';
import { renderWithApp } from '../../../test/render.js';
import { dateText } from './share-form.js';
import { ShareFileModal } from './share-file-modal.js';

const ids = TEST_IDS.share;

/** A server making links `AK1`, `AK2`… and listing the ones not revoked. */
function shareServer() {
  let made = 0;
  const live = new Map<string, string>();
  const handler = (call: FakeCall) => {
    const url = new URL(call.url, 'http://console');
    if (call.method === 'GET' && url.pathname === '/api/v1/buckets/media/objects/share') {
      made += 1;
      const id = `AK${made}`;
      live.set(id, new Date(Date.now() + 3_600_000).toISOString());
      return {
        status: 200,
        body: `http://s3.test/media/docs/a.txt?X-Amz-Credential=${id}%2F20261125%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=abc`,
      };
    }
    if (call.method === 'GET' && url.pathname === '/api/v1/share-links') {
      return {
        status: 200,
        body: {
          links: [...live].map(([id, expires_at]) => ({
            id,
            bucket: 'media',
            object: 'docs/a.txt',
            object_complete: true,
            expires_at,
          })),
        },
      };
    }
    if (call.method === 'DELETE' && url.pathname.startsWith('/api/v1/share-links/')) {
      live.delete(decodeURIComponent(url.pathname.slice('/api/v1/share-links/'.length)));
      return { status: 204 };
    }
    return { status: 404, body: { message: 'not here' } };
  };
  return { handler, live };
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <ShareFileModal opened={open} bucket="media" objectKey="docs/a.txt" onClose={() => setOpen(false)} />
    </>
  );
}

const shareCalls = (calls: FakeCall[]) =>
  calls
    .filter((c) => c.url.startsWith('/api/v1/buckets/media/objects/share'))
    .map((c) => new URL(c.url, 'http://x'));
const urlField = () => screen.getByTestId(ids.url) as HTMLInputElement;
const dateField = () => screen.getByTestId(ids.date) as HTMLInputElement;

describe('Share File modal', () => {
  it('makes a link until the end of the chosen day, lists it, and makes a new one when the date changes', async () => {
    const { handler } = shareServer();
    const { calls } = renderWithApp(<Harness />, { handler });
    await waitFor(() => expect(urlField().value).toContain('X-Amz-Credential=AK1'));
    const [first] = shareCalls(calls);
    expect(first?.searchParams.get('prefix')).toBe('docs/a.txt');
    const expires = Number(first?.searchParams.get('expires')?.replace(/ms$/, ''));
    expect(expires).toBeGreaterThan(5 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(604_800_000);
    await waitFor(() => expect(screen.getByTestId(ids.link('AK1')).textContent).toContain('this link'));

    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    fireEvent.change(dateField(), { target: { value: dateText(tomorrow) } });
    await waitFor(() => expect(urlField().value).toContain('X-Amz-Credential=AK2'));
    // AK1 was never copied: replaced, it is revoked.
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/AK1'))).toBe(true),
    );
  });

  it("refuses a past date and one beyond 7 days with the spec's messages, and asks for no link", async () => {
    const { handler } = shareServer();
    const { calls } = renderWithApp(<Harness />, { handler });
    await waitFor(() => expect(urlField().value).toContain('AK1'));
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    fireEvent.change(dateField(), { target: { value: dateText(yesterday) } });
    expect(screen.getByTestId(ids.dateError).textContent).toBe(
      'Selected date must be greater than current time.',
    );
    const later = new Date();
    later.setDate(later.getDate() + 8);
    fireEvent.change(dateField(), { target: { value: dateText(later) } });
    expect(screen.getByTestId(ids.dateError).textContent).toBe(
      'You can share a file only for less than 7 days.',
    );
    expect(shareCalls(calls)).toHaveLength(1);
  });

  it('switched off, asks for the longest link (no expires)', async () => {
    const { handler } = shareServer();
    const { calls } = renderWithApp(<Harness />, { handler });
    await waitFor(() => expect(urlField().value).toContain('AK1'));
    fireEvent.click(screen.getByRole('switch', { name: 'Active until' }));
    await waitFor(() => expect(urlField().value).toContain('AK2'));
    expect(shareCalls(calls)[1]?.searchParams.has('expires')).toBe(false);
    expect(dateField().disabled).toBe(true);
  });

  it('keeps a copied link when closed, revokes an uncopied one, and revokes from the list', async () => {
    const { handler, live } = shareServer();
    renderWithApp(<Harness />, { handler });
    await waitFor(() => expect(urlField().value).toContain('AK1'));
    fireEvent.copy(urlField());
    fireEvent.keyDown(urlField(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId(ids.url)).toBeNull());
    expect(live.has('AK1')).toBe(true);

    fireEvent.click(screen.getByText('reopen'));
    await waitFor(() => expect(urlField().value).toContain('AK2'));
    await waitFor(() => expect(screen.getByTestId(ids.link('AK1'))).toBeTruthy());
    fireEvent.click(screen.getByTestId(ids.revoke('AK1')));
    await waitFor(() => expect(screen.queryByTestId(ids.link('AK1'))).toBeNull());
    expect(live.has('AK1')).toBe(false);
    // AK2 was never copied: closing takes it back.
    fireEvent.keyDown(urlField(), { key: 'Escape' });
    await waitFor(() => expect(live.has('AK2')).toBe(false));
  });
});
