/**
 * POST /buckets/{bucket}/objects/upload?prefix= — a multipart form, one part per file, sent
 * with XMLHttpRequest for progress (spec 2 §7). `useUploads` keeps the list of transfers of this
 * browser tab (client state, not server state) and refreshes the listing when one ends.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ApiClient } from '../../../lib/api-client.js';
import { uploadFiles } from '../../../lib/xhr-upload.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { BUCKETS_KEY } from '../../../shared/api/list-buckets.js';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/notify.js';
import { objectsKey } from './list-objects.js';

/** Only the latest transfers are kept, so a long session's list stays small (user needs #9). */
export const UPLOAD_HISTORY = 20;

export interface Upload {
  id: number;
  bucket: string;
  prefix: string;
  names: string[];
  loaded: number;
  total: number;
  status: 'uploading' | 'done' | 'failed';
}

export function uploadUrl(client: ApiClient, bucket: string, prefix: string): string {
  return client.url(ENDPOINTS.uploadObjects, { params: { bucket }, query: { prefix } });
}

/** Spec 2 §8: 200 is success; 400, 401, 403, 500 and network errors are failures. */
export function uploadSucceeded(status: number): boolean {
  return status >= 200 && status < 300;
}

export function useUploads() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation('objects');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [nextId, setNextId] = useState(1);

  const update = useCallback((id: number, change: Partial<Upload>) => {
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
  }, []);

  const start = useCallback(
    (bucket: string, prefix: string, files: readonly File[]) => {
      if (files.length === 0) return;
      const id = nextId;
      setNextId(id + 1);
      const total = files.reduce((sum, f) => sum + f.size, 0);
      setUploads((list) =>
        [
          {
            id,
            bucket,
            prefix,
            names: files.map((f) => f.name),
            loaded: 0,
            total,
            status: 'uploading' as const,
          },
          ...list,
        ].slice(0, UPLOAD_HISTORY),
      );
      const handle = uploadFiles({
        url: uploadUrl(client, bucket, prefix),
        files,
        onProgress: ({ loaded, total: sent }) => update(id, { loaded, total: sent }),
      });
      void handle.done.then(async (status) => {
        if (uploadSucceeded(status)) {
          update(id, { status: 'done', loaded: total, total });
          notify.success(t('uploads.succeeded'));
        } else {
          update(id, { status: 'failed' });
          notify.error({ message: t('uploads.error') });
        }
        await queryClient.invalidateQueries({ queryKey: objectsKey(bucket) });
        await queryClient.invalidateQueries({ queryKey: BUCKETS_KEY });
      });
    },
    [client, nextId, notify, queryClient, t, update],
  );

  const dismiss = useCallback((id: number) => setUploads((list) => list.filter((u) => u.id !== id)), []);

  return { uploads, start, dismiss };
}
