import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeCall } from '../../../test/render.js';
import { renderWithApp } from '../../../test/render.js';
import { ShareAction } from './share-action.js';

function handler(call: FakeCall) {
  const url = new URL(call.url, 'http://console');
  if (url.pathname === '/api/v1/buckets/media/objects/share')
    return { status: 200, body: 'http://s3.test/media/a.txt?X-Amz-Credential=AK9%2Fx&X-Amz-Signature=1' };
  if (url.pathname === '/api/v1/share-links') return { status: 200, body: { links: [] } };
  return { status: 204 };
}

describe('ShareAction', () => {
  it('opens the Share File modal for that version', async () => {
    const { calls } = renderWithApp(<ShareAction bucket="media" objectKey="a.txt" versionId="v-3" />, {
      handler,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Share a.txt' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Share File' })).toBeTruthy());
    await waitFor(() => expect(calls.some((c) => c.url.includes('/objects/share?'))).toBe(true));
    const share = new URL(calls.find((c) => c.url.includes('/objects/share?'))?.url ?? '', 'http://x');
    expect(share.searchParams.get('version_id')).toBe('v-3');
    expect(share.searchParams.get('prefix')).toBe('a.txt');
  });

  it('is disabled for a delete marker', () => {
    renderWithApp(<ShareAction bucket="media" objectKey="a.txt" disabled />, { handler });
    expect((screen.getByRole('button', { name: 'Share a.txt' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
