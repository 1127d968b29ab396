/**
 * Uploads from the object browser (spec 2 §7; issue 9 §4). Small files go as the spec's multipart
 * form (POST /buckets/{bucket}/objects/upload?prefix=, XMLHttpRequest for progress), files above
 * the threshold as resumable multipart uploads; `TransferManager` runs both and keeps the list.
 *
 * `useUploads` creates the tab's one manager on first use and leaves it in `TransfersProvider`
 * (mounted once by the app), so transfers go on while the user moves to other screens (outside
 * the provider, as in component tests, each user has its own). When every transfer of a pick has
 * settled, one notification says how it went (spec 2 §8's texts) and the listings refresh.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../../../lib/api-client.js';
import { sendPart } from '../../../lib/xhr-part.js';
import { uploadFiles } from '../../../lib/xhr-upload.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { BUCKETS_KEY } from '../../../shared/api/list-buckets.js';
import { useNotify } from '../../../shared/components/notify.js';
import { objectsKey } from './list-objects.js';
import { PendingUploads, browserStorage } from './pending-uploads.js';
import { TransferManager, type PickOutcome, type UploadItem } from './transfer-manager.js';
import { useTransferSlot } from './transfers-provider.js';

export function uploadUrl(client: ApiClient, bucket: string, prefix: string): string {
  return client.url(ENDPOINTS.uploadObjects, { params: { bucket }, query: { prefix } });
}

/** Spec 2 §8: 200 is success; 400, 401, 403, 500 and network errors are failures. */
export function uploadSucceeded(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Files as picked: each under its own name, or its relative path when a folder was picked. */
export function itemsOf(files: readonly File[]): UploadItem[] {
  return files.map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** What a finished pick refreshes: the bucket's listings and the bucket list's sizes. */
export function refreshedKeys(bucket: string): readonly (readonly string[])[] {
  return [objectsKey(bucket), BUCKETS_KEY];
}

export function useUploads() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation('objects');
  const slot = useTransferSlot();
  const [manager] = useState(() => {
    const create = () =>
      new TransferManager({ client, pending: new PendingUploads(browserStorage()), sendPart, uploadFiles });
    return slot === null ? create() : slot.obtain(create);
  });
  useEffect(() => {
    // The app's notifier and query client live as long as the app, so this listener stays right
    // after the screen that set it is gone.
    manager.setOnSettled((outcome: PickOutcome) => {
      if (outcome.failed > 0) notify.error({ message: t('uploads.error') });
      else if (outcome.done > 0) notify.success(t('uploads.succeeded'));
      for (const queryKey of refreshedKeys(outcome.bucket)) void queryClient.invalidateQueries({ queryKey });
    });
  }, [manager, notify, queryClient, t]);
  const transfers = useSyncExternalStore(manager.subscribe, manager.getSnapshot);
  return {
    manager,
    transfers,
    start: (bucket: string, prefix: string, items: readonly UploadItem[]) =>
      manager.start(bucket, prefix, items),
  };
}
