/**
 * A MinIO JS client for a storage server under test (the engine process, Ceph RGW): path-style,
 * plain HTTP, region us-east-1 — so it asks for no bucket location first.
 */
import { Client } from 'minio';

/** A client for the server at `url` with the given keys. */
export function s3Client(url: string, keys: { accessKey: string; secretKey: string }): Client {
  const { hostname, port } = new URL(url);
  return new Client({
    endPoint: hostname,
    port: Number(port),
    useSSL: false,
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
    region: 'us-east-1',
    pathStyle: true,
  });
}
