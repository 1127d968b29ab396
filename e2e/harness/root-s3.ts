/** A MinIO JS client with the stack's root keys, straight to the engine (for filling buckets fast). */
import { Client } from 'minio';
import { ROOT_PASSWORD, ROOT_USER } from './stack.js';
import type { Stack } from './stack.js';

export function rootS3Client(stack: Stack): Client {
  const { hostname, port } = new URL(stack.engineUrl);
  return new Client({
    endPoint: hostname,
    port: Number(port),
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
  });
}
