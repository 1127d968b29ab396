/**
 * The credentials file a new service account's keys can be downloaded as (spec 2 §4: "displayed
 * once, can be downloaded as a credentials file"): JSON with the access key and secret key, the
 * same two fields MinIO's console writes, so tools that read those files accept it.
 */
export interface Credentials {
  accessKey: string;
  secretKey: string;
}

export const CREDENTIALS_FILE_NAME = 'credentials.json';

export function credentialsFileText(credentials: Credentials): string {
  return `${JSON.stringify({ accessKey: credentials.accessKey, secretKey: credentials.secretKey }, null, 2)}\n`;
}

/** Starts the browser download of the credentials file. */
export function downloadCredentials(credentials: Credentials): void {
  const blob = new Blob([credentialsFileText(credentials)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = CREDENTIALS_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download already.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
