/**
 * Key encoding of the per-drive LMDB index. Keys are raw bytes (lmdb `keyEncoding: 'binary'`), so
 * LMDB's byte order is the order of the listings: for object keys that is UTF-8 binary order,
 * which is exactly S3's key order.
 *
 *   'b' <bucket>                               bucket record
 *   'o' <bucket> 0x00 <key>                    object record (all versions of the key)
 *   'i' <bucket> 0x00 <key> 0x00 <dataDir>     inline shard bytes of one version (small objects)
 *   'u' <bucket> 0x00 <key> 0x00 <uploadId>    multipart upload record
 *   's' <path>                                 system file (IAM, config, usage)
 *
 * Bucket names never contain 0x00 and object keys are refused when they do, so the separators
 * are unambiguous. UTF-8 never produces the byte 0xFF: `<prefix> 0xFF` is an exclusive upper
 * bound for "every key starting with <prefix>", which is how listings skip a whole common prefix
 * with one seek.
 */

const SEP = Buffer.from([0]);
export const HIGH = Buffer.from([0xff]);

function tag(t: string): Buffer {
  return Buffer.from(t, 'latin1');
}

const TAG_BUCKET = tag('b');
const TAG_OBJECT = tag('o');
const TAG_INLINE = tag('i');
const TAG_UPLOAD = tag('u');
const TAG_SYSTEM = tag('s');

export function bucketKey(bucket: string): Buffer {
  return Buffer.concat([TAG_BUCKET, Buffer.from(bucket, 'utf8')]);
}

export function bucketRange(): { start: Buffer; end: Buffer } {
  return { start: TAG_BUCKET, end: Buffer.concat([TAG_BUCKET, HIGH]) };
}

export function bucketFromKey(key: Buffer): string {
  return key.subarray(1).toString('utf8');
}

/** Prefix shared by every object key of a bucket. */
export function objectPrefix(bucket: string): Buffer {
  return Buffer.concat([TAG_OBJECT, Buffer.from(bucket, 'utf8'), SEP]);
}

/**
 * `<tag> <bucket> 0x00 <key>`, and `0x00 <suffix>` (latin1) when given, written into one buffer:
 * every request builds its object's keys, and joining pieces cost a buffer per piece.
 */
function keyOf(tagByte: number, bucket: string, key: string, suffix?: string): Buffer {
  const b = Buffer.byteLength(bucket, 'utf8');
  const k = Buffer.byteLength(key, 'utf8');
  const out = Buffer.allocUnsafe(2 + b + k + (suffix === undefined ? 0 : 1 + suffix.length));
  out[0] = tagByte;
  out.write(bucket, 1, 'utf8');
  out[1 + b] = 0;
  out.write(key, 2 + b, 'utf8');
  if (suffix !== undefined) {
    out[2 + b + k] = 0;
    out.write(suffix, 3 + b + k, 'latin1');
  }
  return out;
}

export function objectKey(bucket: string, key: string): Buffer {
  return keyOf(0x6f /* o */, bucket, key);
}

export function inlinePrefix(bucket: string): Buffer {
  return Buffer.concat([TAG_INLINE, Buffer.from(bucket, 'utf8'), SEP]);
}

export function inlineKey(bucket: string, key: string, dataDir: string): Buffer {
  return keyOf(0x69 /* i */, bucket, key, dataDir);
}

export function uploadPrefix(bucket: string): Buffer {
  return Buffer.concat([TAG_UPLOAD, Buffer.from(bucket, 'utf8'), SEP]);
}

export function uploadKey(bucket: string, key: string, uploadId: string): Buffer {
  return Buffer.concat([
    uploadPrefix(bucket),
    Buffer.from(key, 'utf8'),
    SEP,
    Buffer.from(uploadId, 'latin1'),
  ]);
}

/** Splits the part of an upload key after the bucket prefix into object key and upload id. */
export function splitUploadKey(rest: Buffer): { key: string; uploadId: string } {
  const sep = rest.lastIndexOf(0);
  return { key: rest.subarray(0, sep).toString('utf8'), uploadId: rest.subarray(sep + 1).toString('latin1') };
}

export function systemKey(path: string): Buffer {
  return Buffer.concat([TAG_SYSTEM, Buffer.from(path, 'utf8')]);
}

export function systemPrefix(prefix: string): Buffer {
  return systemKey(prefix);
}

/** The smallest key strictly greater than every key that starts with `prefix`. */
export function afterPrefix(prefix: Buffer): Buffer {
  return Buffer.concat([prefix, HIGH]);
}

/** The smallest key strictly greater than `key` itself. */
export function justAfter(key: Buffer): Buffer {
  return Buffer.concat([key, SEP]);
}
