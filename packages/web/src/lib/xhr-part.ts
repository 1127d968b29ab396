/**
 * One upload part as a PUT of a Blob slice through XMLHttpRequest (for its upload progress). The
 * browser reads the slice from disk as it sends, so no part is held in memory here. The answer is
 * the status and the body text; status 0 means no answer (network cut or abort).
 */
export interface PartResponse {
  status: number;
  body: string;
}

export interface PartHandle {
  done: Promise<PartResponse>;
  abort(): void;
}

export interface PartRequest {
  url: string;
  body: Blob;
  /** Bytes of this part sent so far. */
  onProgress?: (loaded: number) => void;
  /** Injected in unit tests; defaults to the browser's XMLHttpRequest. */
  createXhr?: () => XMLHttpRequest;
}

export function sendPart(request: PartRequest): PartHandle {
  const xhr = request.createXhr?.() ?? new XMLHttpRequest();
  const done = new Promise<PartResponse>((resolve) => {
    xhr.upload.addEventListener('progress', (event) => request.onProgress?.(event.loaded));
    xhr.addEventListener('load', () => resolve({ status: xhr.status, body: xhr.responseText }));
    xhr.addEventListener('error', () => resolve({ status: 0, body: '' }));
    xhr.addEventListener('abort', () => resolve({ status: 0, body: '' }));
  });
  xhr.open('PUT', request.url, true);
  xhr.withCredentials = true;
  // The console streams application/octet-stream bodies to the storage server untouched.
  xhr.setRequestHeader('Content-Type', 'application/octet-stream');
  xhr.send(request.body);
  return { done, abort: () => xhr.abort() };
}
