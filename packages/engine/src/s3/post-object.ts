/**
 * PostObject (`POST /bucket` with multipart/form-data): browser form uploads authorised by a
 * signed POST policy instead of a signed request.
 *
 * The form is parsed as a stream with busboy. S3 requires the `file` field to be the last one that
 * counts (fields after it are ignored), so when the file part begins every other field is known:
 * the handler then checks the SigV4 form signature (`x-amz-signature` = HMAC of the base64 policy
 * under the signing key of `x-amz-credential`), the policy's expiry and conditions, and streams the
 * file part straight into the object layer — never buffered. `content-length-range` is enforced
 * while streaming (an oversized file fails as soon as it passes the maximum; nothing becomes
 * visible). Answers 204 by default, 200/201 per `success_action_status` (201 with a PostResponse
 * document), or a 303 redirect to `success_action_redirect`. The bucket's hard quota and default
 * retention apply as for PutObject; the quota is checked once the file's size is known, before the
 * object becomes visible.
 */
import { resolveWriteEncryption, setSseResponseHeaders } from './sse-request.js';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import {
  deriveSigningKey,
  parseCredential,
  postPolicySignature,
  timingSafeEqualString,
} from '@coffer/protocol';
import type { RequestContext } from '../http/context.js';
import { markReplicationPending } from './replication-pending.js';
import { authorize } from '../http/authorize.js';
import { sendXml } from '../http/xml.js';
import type { Credential } from '../iam/types.js';
import { SignatureDoesNotMatch } from '../http/request-errors.js';
import { ExpiredToken, InvalidAccessKeyId, InvalidTokenId } from '../iam/errors.js';
import { InvalidArgument } from '../common/errors.js';
import { v2Signature } from '../http/auth-v2.js';
import {
  EntityTooLargeForPolicy,
  EntityTooSmallForPolicy,
  InvalidRegion,
  MalformedPOSTRequest,
} from './errors.js';
import type { ChecksumAlgorithm, Checksums, ObjectInfo, ObjectMetadataInput } from '../object-layer/types.js';
import {
  CHECKSUM_ALGORITHMS,
  checksumHeaderName,
  isValidChecksumValue,
  verifyDigests,
  type RequestChecksums,
} from './checksums.js';
import {
  DEFAULT_CONTENT_TYPE,
  STORED_HEADERS,
  checkUserMetadataSize,
  formatTagString,
  parseStorageClass,
  quoteEtag,
  toHeaderBytes,
} from './object-headers.js';
import { objectUrl } from './object-request.js';
import { addUploadLockFields } from './object-lock-request.js';
import { beginQuotaWrite } from '../bucket/quota.js';
import { parseTaggingXml } from './object-tagging.js';
import { checkPostPolicy, parsePostPolicy } from './post-policy.js';
import { MAX_PUT_SIZE } from './put-object.js';
import { changeOrigin } from './change-origin.js';
import { refusePublicAcl } from './acl.js';

/** A policy document is small; S3 limits the whole form (minus the file) to 20 KiB. */
const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_FIELDS = 1000;
/** All fields together (plain and sent as parts with a filename): kept in memory, so bounded. */
const MAX_FORM_FIELD_BYTES = 5 * 1024 * 1024;

/** The form as received: lower-case names, values in order, and every name as sent (repeats kept). */
export interface PostForm {
  values: Map<string, string>;
  sent: string[];
}

/** Counts bytes on the way to the layer and stops the upload past the policy's maximum. */
class LengthLimiter extends Transform {
  size = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.max) {
      callback(new EntityTooLargeForPolicy('Your proposed upload exceeds the maximum allowed size'));
      return;
    }
    callback(null, chunk);
  }
}

function field(form: PostForm, name: string): string | undefined {
  return form.values.get(name);
}

/** The credential that signed the form, checked like a header signature (key, token, expiry, region). */
async function authenticateForm(
  ctx: RequestContext,
  form: PostForm,
  policyBase64: string,
): Promise<Credential> {
  const algorithm = field(form, 'x-amz-algorithm');
  const credentialText = field(form, 'x-amz-credential');
  const signature = field(form, 'x-amz-signature');
  const v2AccessKey = field(form, 'awsaccesskeyid');
  if (algorithm === undefined && credentialText === undefined && v2AccessKey !== undefined) {
    return authenticateV2Form(ctx, form, v2AccessKey, policyBase64);
  }
  if (algorithm !== 'AWS4-HMAC-SHA256' || credentialText === undefined || signature === undefined) {
    throw new MalformedPOSTRequest(
      'The body of your POST request is not well-formed multipart/form-data: x-amz-algorithm, x-amz-credential and x-amz-signature are required.',
    );
  }
  let scope;
  try {
    scope = parseCredential(credentialText);
  } catch {
    throw new MalformedPOSTRequest('The x-amz-credential field is malformed.');
  }
  if (scope.service !== 's3')
    throw new MalformedPOSTRequest('The x-amz-credential field must name the s3 service.');
  if (ctx.engine.region !== '' && scope.region !== ctx.engine.region) {
    throw new InvalidRegion(`Region does not match; expecting '${ctx.engine.region}'.`);
  }
  const credential = await ctx.engine.credentials.lookup(scope.accessKey);
  if (credential === undefined || !credential.enabled) {
    throw new InvalidAccessKeyId('The Access Key Id you provided does not exist in our records.');
  }
  checkFormToken(credential, field(form, 'x-amz-security-token') ?? '');
  const expected = postPolicySignature(
    policyBase64,
    deriveSigningKey(credential.secretKey, scope.date, scope.region, 's3'),
  );
  if (!timingSafeEqualString(expected, signature.trim().toLowerCase())) throw new SignatureDoesNotMatch();
  return credential;
}

/**
 * Signature V2 forms (`AWSAccessKeyId`, `signature` = base64 HMAC-SHA1 of the base64 policy under
 * the secret key), which MinIO still accepts from old SDKs.
 */
async function authenticateV2Form(
  ctx: RequestContext,
  form: PostForm,
  accessKey: string,
  policyBase64: string,
): Promise<Credential> {
  const signature = field(form, 'signature');
  if (signature === undefined) {
    throw new MalformedPOSTRequest('A Signature Version 2 form needs the signature field.');
  }
  const credential = await ctx.engine.credentials.lookup(accessKey.trim());
  if (credential === undefined || !credential.enabled) {
    throw new InvalidAccessKeyId('The Access Key Id you provided does not exist in our records.');
  }
  checkFormToken(credential, field(form, 'x-amz-security-token') ?? '');
  if (!timingSafeEqualString(v2Signature(credential.secretKey, policyBase64), signature.trim())) {
    throw new SignatureDoesNotMatch();
  }
  return credential;
}

/** Temporary credentials must present their session token; nobody may present a wrong one. */
function checkFormToken(credential: Credential, token: string): void {
  if (credential.kind === 'temporary') {
    if (credential.expiration !== undefined && credential.expiration.getTime() <= Date.now())
      throw new ExpiredToken();
    if (token === '' || !timingSafeEqualString(token, credential.sessionToken ?? ''))
      throw new InvalidTokenId();
  } else if (token !== '' && !timingSafeEqualString(token, credential.sessionToken ?? '')) {
    throw new InvalidTokenId();
  }
}

/** Object metadata from the form's fields (same names as the PutObject headers). */
function metadataFromForm(
  form: PostForm,
  fileType: string | undefined,
  bucket: string,
  key: string,
): ObjectMetadataInput {
  const where = { bucket, key };
  const contentType = field(form, 'content-type');
  const headers: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    const value = field(form, name);
    if (value !== undefined && value !== '') headers[name] = toHeaderBytes(value);
  }
  const userMetadata: Record<string, string> = {};
  for (const [name, value] of form.values) {
    if (name.startsWith('x-amz-meta-') && name.length > 'x-amz-meta-'.length)
      userMetadata[name.slice('x-amz-meta-'.length)] = toHeaderBytes(value);
  }
  checkUserMetadataSize(userMetadata, where);
  const meta: ObjectMetadataInput = {
    // The form field wins; else the file part's own type (browsers set it from the file).
    contentType:
      contentType !== undefined && contentType !== ''
        ? toHeaderBytes(contentType)
        : fileType !== undefined && fileType !== '' && fileType !== 'application/octet-stream'
          ? fileType
          : DEFAULT_CONTENT_TYPE,
    headers,
    userMetadata,
  };
  const tagging = field(form, 'tagging');
  if (tagging !== undefined && tagging.trim() !== '') {
    const encoded = formatTagString(parseTaggingXml(tagging, where));
    if (encoded !== undefined) meta.tagging = encoded;
  }
  const storageClass = parseStorageClass(field(form, 'x-amz-storage-class'), where);
  if (storageClass !== undefined) meta.storageClass = storageClass;
  return meta;
}

/** x-amz-checksum-* form fields, validated like the headers of a PUT. */
function checksumsFromForm(form: PostForm): RequestChecksums {
  const declared: RequestChecksums = { expected: {}, algorithms: [] };
  for (const algorithm of CHECKSUM_ALGORITHMS) {
    const value = field(form, checksumHeaderName(algorithm));
    if (value === undefined) continue;
    if (!isValidChecksumValue(algorithm, value))
      throw new InvalidArgument(`Invalid ${checksumHeaderName(algorithm)} field.`);
    declared.expected[algorithm] = value.trim();
    declared.algorithms.push(algorithm);
  }
  return declared;
}

/** Write the answer S3 gives a successful form upload. */
function respond(ctx: RequestContext, form: PostForm, info: ObjectInfo, bucket: string, key: string): void {
  const location = objectUrl(ctx, bucket, key);
  ctx.res.setHeader('ETag', quoteEtag(info.etag));
  ctx.res.setHeader('Location', location);
  if (info.versionId !== 'null') ctx.res.setHeader('x-amz-version-id', info.versionId);
  const redirect = field(form, 'success_action_redirect') ?? field(form, 'redirect');
  if (redirect !== undefined && redirect !== '') {
    let target: URL | undefined;
    try {
      target = new URL(redirect);
    } catch {
      target = undefined;
    }
    if (target !== undefined) {
      target.searchParams.set('bucket', bucket);
      target.searchParams.set('key', key);
      target.searchParams.set('etag', quoteEtag(info.etag));
      ctx.res.statusCode = 303;
      ctx.res.setHeader('Location', target.toString());
      ctx.res.setHeader('Content-Length', 0);
      ctx.res.end();
      return;
    }
  }
  const status = field(form, 'success_action_status');
  if (status === '201') {
    sendXml(
      ctx,
      201,
      'PostResponse',
      { Location: location, Bucket: bucket, Key: key, ETag: quoteEtag(info.etag) },
      { xmlns: false },
    );
    return;
  }
  // S3: 200 when asked; 204 for no value or any other value.
  ctx.res.statusCode = status === '200' ? 200 : 204;
  if (ctx.res.statusCode === 200) ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}

/** Run the upload once the file part starts: authenticate, check the policy, stream, answer. */
async function upload(
  ctx: RequestContext,
  form: PostForm,
  file: Readable,
  filename: string | undefined,
  fileType: string | undefined,
): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const policyBase64 = field(form, 'policy');
  if (policyBase64 === undefined || policyBase64 === '') {
    throw new MalformedPOSTRequest(
      'The body of your POST request is not well-formed multipart/form-data: policy is required.',
      { bucket },
    );
  }
  const credential = await authenticateForm(ctx, form, policyBase64);
  const rawKey = field(form, 'key');
  if (rawKey === undefined || rawKey === '') {
    throw new InvalidArgument(
      "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.",
      { bucket },
    );
  }
  // S3 replaces ${filename} with the name of the uploaded file.
  const key = rawKey.split('${filename}').join(filename ?? '');
  const policy = parsePostPolicy(policyBase64);
  const values = new Map(form.values);
  values.set('key', key);
  values.set('bucket', bucket);
  checkPostPolicy(policy, values, form.sent, new Date());

  ctx.auth = {
    credential,
    method: 'post-policy',
    body: file,
    contentLength: -1,
    trailers: () => ({}),
    payloadHash: 'UNSIGNED-PAYLOAD',
  };
  await authorize(ctx, 's3:PutObject', bucket, key);

  const metadata = metadataFromForm(form, fileType, bucket, key);
  const declared = checksumsFromForm(form);
  const bucketMeta = await ctx.engine.objectLayer.getBucketMetadata(bucket);
  const formAcl = field(form, 'acl');
  await refusePublicAcl(ctx, { meta: bucketMeta, key, ...(formAcl !== undefined ? { formAcl } : {}) });
  // A form upload gets the bucket's default retention; its size is known only at the end, when
  // the quota is checked again (`QuotaWrite.verify`) before anything is stored.
  addUploadLockFields(ctx, bucketMeta, metadata, { bucket, key });
  markReplicationPending(ctx, bucketMeta, key, metadata);
  // SSE form fields (same names as the PutObject headers), else the bucket's default encryption.
  const encryption = await resolveWriteEncryption(ctx, { bucket, key }, (name) => field(form, name));
  const quota = await beginQuotaWrite(ctx.engine, bucketMeta, key, -1);
  const range = policy.contentLengthRange;
  const limiter = new LengthLimiter(Math.min(range?.max ?? MAX_PUT_SIZE, MAX_PUT_SIZE));
  file.on('error', (err) => limiter.destroy(err));
  file.pipe(limiter);
  let echoed: Checksums = {};
  const verify = quota.verify((digests) => {
    if (range !== undefined && digests.size < range.min) {
      throw new EntityTooSmallForPolicy('Your proposed upload is smaller than the minimum allowed size', {
        bucket,
        key,
      });
    }
    echoed = verifyDigests(declared, digests, () => ({}));
  });
  const precondition = quota.precondition();
  let info: ObjectInfo;
  try {
    info = await ctx.engine.objectLayer.putObject(bucket, key, limiter, {
      size: -1,
      checksumAlgorithms: declared.algorithms as ChecksumAlgorithm[],
      metadata,
      ...(verify !== undefined ? { verify } : {}),
      ...(precondition !== undefined ? { precondition } : {}),
      cause: 'post',
      origin: changeOrigin(ctx),
      ...(encryption.request !== undefined ? { encryption: encryption.request } : {}),
    });
  } catch (err) {
    quota.failed();
    throw err;
  }
  quota.done(info);
  for (const [algorithm, value] of Object.entries(echoed))
    ctx.res.setHeader(`x-amz-checksum-${algorithm.toLowerCase()}`, value);
  setSseResponseHeaders(ctx.res, info.encryption, encryption.customerKey, true);
  respond(ctx, form, info, bucket, key);
}

export async function postObject(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: ctx.req.headers,
      defParamCharset: 'utf8',
      // Fields may arrive as parts with a filename (FormData with Blobs): each counts as a file.
      limits: { fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS, files: MAX_FIELDS },
    });
  } catch {
    throw new MalformedPOSTRequest('The body of your POST request is not well-formed multipart/form-data.', {
      bucket,
    });
  }
  const form: PostForm = { values: new Map(), sent: [] };

  await new Promise<void>((resolve, reject) => {
    let started = false;
    let settled = false;
    let activeFile: Readable | undefined;
    const finish = (err?: unknown): void => {
      if (settled) return;
      settled = true;
      if (err === undefined) resolve();
      else reject(err);
    };
    // Fields sent as parts with a filename are read into memory; the upload waits for them.
    const pending: Promise<void>[] = [];
    let fieldBytes = 0;
    const addField = (name: string, value: string): boolean => {
      fieldBytes += Buffer.byteLength(value);
      if (fieldBytes > MAX_FORM_FIELD_BYTES) {
        finish(new MalformedPOSTRequest('The form fields are too large.', { bucket }));
        return false;
      }
      const lname = name.toLowerCase();
      form.sent.push(lname);
      if (!form.values.has(lname)) form.values.set(lname, value);
      return true;
    };
    const readFieldPart = (name: string, stream: Readable): void => {
      pending.push(
        new Promise<void>((resolve) => {
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= MAX_FIELD_BYTES) chunks.push(chunk);
          });
          stream.on('error', () => resolve());
          stream.on('end', () => {
            if (size > MAX_FIELD_BYTES) {
              finish(new MalformedPOSTRequest(`The form field ${name} is too large.`, { bucket }));
            } else {
              addField(name, Buffer.concat(chunks).toString('utf8'));
            }
            resolve();
          });
        }),
      );
    };
    const start = (file: Readable, filename: string | undefined, fileType: string | undefined): void => {
      started = true;
      activeFile = file;
      // A form cut off inside the file part errors the file stream as well as the parser; the
      // parser's handler answers it, and an unheard stream error would bring the process down.
      file.on('error', () => undefined);
      Promise.all(pending)
        .then(() => {
          if (settled) throw new MalformedPOSTRequest(undefined, { bucket });
          return upload(ctx, form, file, filename, fileType);
        })
        .then(
          () => finish(),
          (err: unknown) => {
            // Let the rest of the request drain so the error reply reaches a client still sending.
            file.resume();
            finish(err);
          },
        );
    };
    parser.on('field', (name, value, info) => {
      if (started) return; // S3 ignores fields after the file.
      const lname = name.toLowerCase();
      if (info.valueTruncated) {
        finish(new MalformedPOSTRequest(`The form field ${name} is too large.`, { bucket }));
        return;
      }
      if (lname === 'file') {
        // A file sent without a filename arrives as a plain field.
        start(Readable.from([Buffer.from(value, 'utf8')]), undefined, undefined);
        return;
      }
      addField(name, value);
    });
    parser.on('file', (name, stream, info) => {
      if (started) {
        // Skipped (S3 ignores what follows the file), but a cut-off part still errors its stream.
        stream.on('error', () => undefined);
        stream.resume();
        return;
      }
      if (name.toLowerCase() !== 'file') {
        // Only `file` is the payload: any other part is a field, whatever its filename says.
        readFieldPart(name, stream);
        return;
      }
      start(stream, info.filename, info.mimeType);
    });
    parser.on('close', () => {
      if (!started) {
        finish(new InvalidArgument('POST requires exactly one file upload per request.', { bucket }));
      }
    });
    parser.on('error', (err: unknown) => {
      const malformed = new MalformedPOSTRequest(
        `The body of your POST request is not well-formed multipart/form-data: ${err instanceof Error ? err.message : String(err)}`,
        { bucket },
      );
      // An upload in progress must fail too, or the layer would wait for bytes forever.
      if (activeFile !== undefined && !activeFile.destroyed) activeFile.destroy(malformed);
      if (!started) finish(malformed);
    });
    // A client that goes away mid-form: stop parsing (pipe does not forward request errors).
    ctx.req.on('close', () => {
      if (!ctx.req.complete && !parser.destroyed) parser.destroy(new Error('the request was aborted'));
    });
    ctx.req.pipe(parser);
  });
}
