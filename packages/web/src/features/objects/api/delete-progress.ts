/**
 * POST /buckets/{bucket}/delete-objects/progress (issue 9 §6): the delete-objects work done by the
 * server in batches of up to 1,000, answered as NDJSON — running counts after each batch, then the
 * exact outcome (deleted, failed, the first failures with the storage server's reasons). The hook
 * keeps the latest counts for the modal to show while the delete runs.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { DeleteProgressLine } from '@coffer/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ApiClient } from '../../../lib/api-client.js';
import { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { BUCKETS_KEY } from '../../../shared/api/list-buckets.js';
import { objectsKey } from './list-objects.js';
import { isFolder } from './object-paths.js';

export type DeleteProgress = Extract<DeleteProgressLine, { type: 'progress' }>;
/** The outcome; `stopped` when the user stopped the run (the counts are then those seen so far). */
export type DeleteDone = Extract<DeleteProgressLine, { type: 'done' }> & { stopped?: boolean };

function isLine(value: unknown): value is DeleteProgressLine {
  return typeof value === 'object' && value !== null && 'type' in value && 'deleted' in value;
}

/**
 * Runs the delete; `onProgress` hears each batch; answers the final outcome line. Aborting
 * `signal` stops it: the server ends after the batch in flight, and the answer is the counts seen
 * so far, marked `stopped`.
 */
export async function deleteWithProgress(
  client: ApiClient,
  bucket: string,
  paths: readonly string[],
  onProgress: (progress: DeleteProgress) => void,
  signal?: AbortSignal,
): Promise<DeleteDone> {
  let done: DeleteDone | undefined;
  let last: DeleteProgress = { type: 'progress', deleted: 0, failed: 0 };
  try {
    await client.lines(
      ENDPOINTS.deleteObjectsProgress,
      (value) => {
        if (!isLine(value)) return;
        if (value.type === 'progress') {
          last = value;
          onProgress(value);
        } else done = value;
      },
      {
        params: { bucket },
        body: paths.map((path) => ({ path, recursive: isFolder(path) })),
        ...(signal !== undefined ? { signal } : {}),
      },
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      return { type: 'done', deleted: last.deleted, failed: last.failed, errors: [], stopped: true };
    }
    throw error;
  }
  // The server always ends with the outcome: without it the connection broke mid-way (a gateway
  // error for the modal to show, not a lost session).
  if (done === undefined)
    throw new ApiError(502, 'The connection closed before the delete reported its outcome');
  return done;
}

export function useDeleteWithProgress(bucket: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<DeleteProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  const mutation = useMutation<DeleteDone, ApiError, readonly string[]>({
    mutationFn: (paths) => {
      setProgress({ type: 'progress', deleted: 0, failed: 0 });
      const controller = new AbortController();
      running.current = controller;
      return deleteWithProgress(client, bucket, paths, setProgress, controller.signal);
    },
    meta: { silent: true },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: objectsKey(bucket) });
      await queryClient.invalidateQueries({ queryKey: BUCKETS_KEY });
    },
  });
  const reset = () => {
    mutation.reset();
    setProgress(null);
  };
  /** Stop the running delete (the server finishes the batch in flight). */
  const stop = () => running.current?.abort();
  return { ...mutation, progress, reset, stop };
}
