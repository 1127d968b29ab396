import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client.js';
import { deleteWithProgress, type DeleteProgress } from './delete-progress.js';

/** A fetch whose answer sends `lines` and then stays open until the request is aborted. */
function openEndedFetch(lines: string[]): typeof fetch {
  return (_input, init) => {
    const signal = init?.signal ?? undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const l of lines) controller.enqueue(new TextEncoder().encode(`${l}\n`));
        signal?.addEventListener('abort', () =>
          controller.error(new DOMException('The user aborted a request.', 'AbortError')),
        );
      },
    });
    return Promise.resolve(new Response(body, { status: 200 }));
  };
}

describe('deleteWithProgress', () => {
  it('stops on abort and answers the counts seen so far, marked stopped', async () => {
    const client = createApiClient({
      basePath: '',
      fetch: openEndedFetch([JSON.stringify({ type: 'progress', deleted: 1000, failed: 2 })]),
    });
    const controller = new AbortController();
    const seen: DeleteProgress[] = [];
    const run = deleteWithProgress(
      client,
      'media',
      ['big/'],
      (p) => {
        seen.push(p);
        controller.abort();
      },
      controller.signal,
    );
    await expect(run).resolves.toEqual({ type: 'done', deleted: 1000, failed: 2, errors: [], stopped: true });
    expect(seen).toEqual([{ type: 'progress', deleted: 1000, failed: 2 }]);
  });

  it('is a gateway error, not a lost session, when the answer ends without its outcome', async () => {
    const client = createApiClient({
      basePath: '',
      fetch: () =>
        Promise.resolve(new Response(`${JSON.stringify({ type: 'progress', deleted: 5, failed: 0 })}\n`)),
    });
    await expect(deleteWithProgress(client, 'media', ['big/'], () => undefined)).rejects.toMatchObject({
      status: 502,
    });
  });
});
