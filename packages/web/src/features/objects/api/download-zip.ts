/**
 * POST /buckets/{bucket}/objects/download-zip (issue 9 §5): folders and selections as one ZIP the
 * server streams. It is sent as a plain form post, so the browser's own download manager saves
 * the archive to disk as it arrives (nothing held in page memory, no size limit); the server takes
 * form posts only from the console's own pages.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { ApiClient } from '../../../lib/api-client.js';

function hidden(form: HTMLFormElement, name: string, value: string): void {
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = name;
  input.value = value;
  form.appendChild(input);
}

/** Starts the download of `paths` (folders end in '/'), named relative to the folder `base`. */
export function downloadZip(client: ApiClient, bucket: string, base: string, paths: readonly string[]): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = client.url(ENDPOINTS.downloadZip, { params: { bucket } });
  form.enctype = 'application/x-www-form-urlencoded';
  form.style.display = 'none';
  hidden(form, 'base', base);
  for (const path of paths) hidden(form, 'paths', path);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
