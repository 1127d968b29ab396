import { S3Client, CreateBucketCommand, CreateMultipartUploadCommand, UploadPartCommand, CompleteMultipartUploadCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
const s3 = new S3Client({ endpoint: 'http://127.0.0.1:19311', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'admin', secretAccessKey: 'adminsecret' }, maxAttempts: 1 });
const B = 'probe4' + Date.now();
await s3.send(new CreateBucketCommand({ Bucket: B }));
for (const type of ['COMPOSITE', 'FULL_OBJECT']) {
const c = await s3.send(new CreateMultipartUploadCommand({ Bucket: B, Key: 'm'+type, ChecksumAlgorithm: 'CRC32', ChecksumType: type, ServerSideEncryption: 'AES256' }));
const p = await s3.send(new UploadPartCommand({ Bucket: B, Key: 'm'+type, UploadId: c.UploadId, PartNumber: 1, Body: Buffer.alloc(1000, 1), ChecksumAlgorithm: 'CRC32' }));
const r = await s3.send(new CompleteMultipartUploadCommand({ Bucket: B, Key: 'm'+type, UploadId: c.UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: p.ETag, ChecksumCRC32: p.ChecksumCRC32 }] } }));
const h = await s3.send(new HeadObjectCommand({ Bucket: B, Key: 'm'+type, ChecksumMode: 'ENABLED' }));
console.log(type, p.ChecksumCRC32, r.ChecksumCRC32, h.ChecksumCRC32, h.ServerSideEncryption);
}
