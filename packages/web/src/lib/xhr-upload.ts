/**
 * Multipart-form upload through XMLHttpRequest, the one browser API that reports upload progress
 * (spec 2 §7: one form part per file, sent with XMLHttpRequest). The browser streams File bodies
 * from disk, so no file is read into memory here.
 */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadHandle {
  /** Settles with the HTTP status, 0 when the request got no answer (network error or abort). */
  done: Promise<number>;
  abort(): void;
}

export interface UploadRequest {
  url: string;
  files: readonly File[];
  /** The object name of each file below the target folder (a folder upload's relative paths); default the file names. */
  names?: readonly string[];
  onProgress?: (progress: UploadProgress) => void;
  /** Injected in unit tests; defaults to the browser's XMLHttpRequest. */
  createXhr?: () => XMLHttpRequest;
}

export function uploadFiles(request: UploadRequest): UploadHandle {
  const xhr = request.createXhr?.() ?? new XMLHttpRequest();
  const form = new FormData();
  // The field name carries the file's size (as MinIO's console sends it), which lets the server
  // size its upload parts before the bytes arrive; the part's filename is the object name.
  request.files.forEach((file, i) => form.append(String(file.size), file, request.names?.[i] ?? file.name));
  const done = new Promise<number>((resolve) => {
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) request.onProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => resolve(xhr.status));
    xhr.addEventListener('error', () => resolve(0));
    xhr.addEventListener('abort', () => resolve(0));
  });
  xhr.open('POST', request.url, true);
  xhr.withCredentials = true;
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
