import { S3Client, CreateBucketCommand, PutObjectCommand, GetObjectCommand, HeadObjectCommand, CreateMultipartUploadCommand, UploadPartCommand, CompleteMultipartUploadCommand, GetObjectAttributesCommand, PutBucketTaggingCommand, GetBucketOwnershipControlsCommand, PutBucketOwnershipControlsCommand, PutBucketCorsCommand } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
const s3 = new S3Client({ endpoint: 'http://127.0.0.1:19311', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'admin', secretAccessKey: 'adminsecret' }, maxAttempts: 1 });
const B = 'probe' + Date.now();
const t = async (name, f) => { try { const r = await f(); console.log('OK', name, JSON.stringify(r)?.slice(0, 400)); } catch (e) { console.log('FAIL', name, e.name, e.message?.slice(0,200), e.$metadata?.httpStatusCode); } };
await s3.send(new CreateBucketCommand({ Bucket: B }));
for (const alg of ['CRC32','CRC32C','CRC64NVME','SHA1','SHA256']) {
  await t('put '+alg, async () => { const r = await s3.send(new PutObjectCommand({ Bucket: B, Key: 'o-'+alg, Body: 'hello world', ChecksumAlgorithm: alg })); delete r.$metadata; return r; });
  await t('put stream '+alg, async () => { const r = await s3.send(new PutObjectCommand({ Bucket: B, Key: 's-'+alg, Body: Readable.from([Buffer.from('hello '), Buffer.from('world')]), ContentLength: 11, ChecksumAlgorithm: alg })); delete r.$metadata; return r; });
  await t('head '+alg, async () => { const r = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 's-'+alg, ChecksumMode: 'ENABLED' })); return [r.ChecksumCRC32, r.ChecksumCRC32C, r.ChecksumCRC64NVME, r.ChecksumSHA1, r.ChecksumSHA256, r.ChecksumType]; });
  await t('get '+alg, async () => { const r = await s3.send(new GetObjectCommand({ Bucket: B, Key: 'o-'+alg, ChecksumMode: 'ENABLED' })); await r.Body.transformToString(); return [r.ChecksumType]; });
}
await t('put default', async () => { const r = await s3.send(new PutObjectCommand({ Bucket: B, Key: 'def', Body: 'x'})); delete r.$metadata; return r; });
const MiB = 1024*1024;
for (const [alg, type] of [['CRC32','COMPOSITE'],['CRC32','FULL_OBJECT'],['CRC32C','FULL_OBJECT'],['CRC64NVME','FULL_OBJECT'],['SHA256','COMPOSITE'], [undefined, undefined]]) {
  await t(`mpu ${alg} ${type}`, async () => {
    const key = `mp-${alg}-${type}`;
    const c = await s3.send(new CreateMultipartUploadCommand({ Bucket: B, Key: key, ChecksumAlgorithm: alg, ChecksumType: type }));
    const parts = [];
    for (let i = 1; i <= 2; i++) { const p = await s3.send(new UploadPartCommand({ Bucket: B, Key: key, UploadId: c.UploadId, PartNumber: i, Body: Buffer.alloc(i===1?5*MiB:100, i), ChecksumAlgorithm: alg })); const { $metadata, ...rest } = p; parts.push({ PartNumber: i, ...rest }); }
    const done = await s3.send(new CompleteMultipartUploadCommand({ Bucket: B, Key: key, UploadId: c.UploadId, MultipartUpload: { Parts: parts } }));
    const again = await s3.send(new CompleteMultipartUploadCommand({ Bucket: B, Key: key, UploadId: c.UploadId, MultipartUpload: { Parts: parts } })).then(()=> 'again-ok', e => 'again-'+e.name);
    const attrs = await s3.send(new GetObjectAttributesCommand({ Bucket: B, Key: key, ObjectAttributes: ['ETag','Checksum','ObjectParts','ObjectSize'] }));
    const h = await s3.send(new HeadObjectCommand({ Bucket: B, Key: key, ChecksumMode: 'ENABLED' }));
    delete done.$metadata; delete attrs.$metadata;
    return { c: [c.ChecksumAlgorithm, c.ChecksumType], done, again, attrs, head: [h.ChecksumCRC32, h.ChecksumCRC32C, h.ChecksumCRC64NVME, h.ChecksumSHA256, h.ChecksumType] };
  });
}
await t('meta non-ascii', async () => { await s3.send(new PutObjectCommand({ Bucket: B, Key: 'meta', Body: 'x', Metadata: { greet: 'grüße', jp: '日本' } })); const h = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 'meta' })); return h.Metadata; });
await t('meta latin1', async () => { await s3.send(new PutObjectCommand({ Bucket: B, Key: 'meta2', Body: 'x', Metadata: { greet: 'grüße' } })); const h = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 'meta2' })); return h.Metadata; });
await t('bucket tagging', () => s3.send(new PutBucketTaggingCommand({ Bucket: B, Tagging: { TagSet: [{ Key: 'a', Value: 'b' }] } })));
await t('get ownership', () => s3.send(new GetBucketOwnershipControlsCommand({ Bucket: B })));
await t('put ownership', () => s3.send(new PutBucketOwnershipControlsCommand({ Bucket: B, OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] } })));
await t('put cors', () => s3.send(new PutBucketCorsCommand({ Bucket: B, CORSConfiguration: { CORSRules: [{ AllowedOrigins: ['https://a.example'], AllowedMethods: ['GET'] }] } })));
