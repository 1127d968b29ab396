/**
 * POST /buckets/{bucket}/objects/download-zip (issue 9 §5): folders and selections as one ZIP the
 * server streams. It is sent as a plain form post, so the browser's own download manager saves
 * the archive to disk as it arrives (nothing held in page memory, no size limit); the server takes
 * form posts only from the console's own pages. The post goes into a hidden frame: an archive
 * becomes a download and the frame stays blank, while an error answer would load there as a
 * document instead of replacing the console — its `load` is how a failure is told.
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

const FRAME_NAME = 'coffer-zip-download';

/** The hidden frame the posts go to, created once; `onFailed` hears an error answer landing in it. */
function targetFrame(onFailed: () => void): HTMLIFrameElement {
  const existing = document.querySelector<HTMLIFrameElement>(`iframe[name="${FRAME_NAME}"]`);
  const frame = existing ?? document.createElement('iframe');
  if (existing === null) {
    frame.name = FRAME_NAME;
    frame.title = FRAME_NAME;
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    document.body.appendChild(frame);
  }
  frame.onload = () => {
    // The frame's own first blank document loads too; only a server answer is a failure. An answer
    // the browser would not show in a frame becomes an error page whose location is unreadable.
    let blank = false;
    try {
      blank = frame.contentWindow?.location.href === 'about:blank';
    } catch {
      blank = false;
    }
    if (!blank) onFailed();
  };
  return frame;
}

/**
 * Starts the download of `paths` (folders end in '/'), named relative to the folder `base`;
 * `onFailed` is called if the server answers with an error instead of an archive.
 */
export function downloadZip(
  client: ApiClient,
  bucket: string,
  base: string,
  paths: readonly string[],
  onFailed: () => void,
): void {
  const frame = targetFrame(onFailed);
  const form = document.createElement('form');
  form.target = frame.name;
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
