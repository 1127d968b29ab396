/** An AWS SDK v3 S3 client for the engine under test: path-style, region us-east-1. */
import { S3Client } from '@aws-sdk/client-s3';

/** A client for the engine at `url` (e.g. `http://127.0.0.1:PORT`) with the given keys. */
export function sdkClient(url: string, keys: { accessKey: string; secretKey: string }): S3Client {
  return new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: keys.accessKey, secretAccessKey: keys.secretKey },
  });
}
