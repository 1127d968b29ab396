/**
 * A minio-js client for an engine under test (plain HTTP, region us-east-1, the engine's root
 * keys) and reading a whole object back as bytes: what the fault, heal and madmin tests share.
 */
import { Client } from 'minio';

export function minioClient(engine: { url: string; accessKey: string; secretKey: string }): Client {
  const url = new URL(engine.url);
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
    region: 'us-east-1',
  });
}

/** The object's bytes (one version when `versionId` is given). */
export async function readObject(
  mc: Client,
  bucket: string,
  key: string,
  versionId?: string,
): Promise<Buffer> {
  const stream = await mc.getObject(bucket, key, versionId !== undefined ? { versionId } : undefined);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}
