import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp } from '../../../test/render.js';
import { DeleteObjectsModal } from './delete-objects-modal.js';

const LOCKED = 'Access Denied because object protected by object lock.';

/** The server's NDJSON answer of a progress delete: two batches, then the outcome. */
const PARTIAL = [
  { type: 'progress', deleted: 1000, failed: 0 },
  { type: 'progress', deleted: 1500, failed: 1 },
  {
    type: 'done',
    deleted: 1500,
    failed: 1,
    errors: [{ path: 'held.txt', version_id: 'v1', code: 'AccessDenied', message: LOCKED }],
  },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

describe('DeleteObjectsModal with the progress delete', () => {
  it('sends folders recursively and keeps a partial outcome on screen with the reasons', async () => {
    const deleted: (readonly string[])[] = [];
    const closed: string[] = [];
    const { calls } = renderWithApp(
      <DeleteObjectsModal
        bucket="media"
        keys={['photos/', 'held.txt']}
        onClose={() => closed.push('closed')}
        onDeleted={(keys) => deleted.push(keys)}
      />,
      {
        handler: (call) =>
          call.url === '/api/v1/buckets/media/delete-objects/progress'
            ? { status: 200, text: PARTIAL }
            : { status: 404, body: { message: 'not here' } },
      },
    );
    fireEvent.click(await screen.findByTestId(TEST_IDS.deleteObjects.confirm));
    const outcome = await screen.findByTestId(TEST_IDS.bulk.outcome);
    expect(outcome.textContent).toBe('1500 deleted, 1 failed.');
    expect(screen.getByTestId(TEST_IDS.bulk.failures).textContent).toBe(`held.txt: AccessDenied — ${LOCKED}`);
    expect((screen.getByTestId(TEST_IDS.deleteObjects.confirm) as HTMLButtonElement).disabled).toBe(true);
    expect(closed).toEqual([]);
    expect(calls.find((c) => c.url.endsWith('/delete-objects/progress'))?.body).toEqual([
      { path: 'photos/', recursive: true },
      { path: 'held.txt', recursive: false },
    ]);
    // Closing reports the keys as handled (the listing is refreshed either way).
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(closed).toEqual(['closed']));
    expect(deleted).toEqual([['photos/', 'held.txt']]);
  });

  it('closes with the spec message and the exact count when everything went', async () => {
    const closed: string[] = [];
    renderWithApp(
      <DeleteObjectsModal
        bucket="media"
        keys={['photos/']}
        onClose={() => closed.push('closed')}
        onDeleted={() => undefined}
      />,
      {
        handler: () => ({
          status: 200,
          text: `${JSON.stringify({ type: 'progress', deleted: 7, failed: 0 })}\n${JSON.stringify({ type: 'done', deleted: 7, failed: 0, errors: [] })}\n`,
        }),
      },
    );
    fireEvent.click(await screen.findByTestId(TEST_IDS.deleteObjects.confirm));
    await vi.waitFor(() => expect(closed).toEqual(['closed']));
    expect(
      (await screen.findByText("Object 'photos' deleted successfully. 7 deleted, 0 failed.")).textContent,
    ).toBeTruthy();
  });
});
