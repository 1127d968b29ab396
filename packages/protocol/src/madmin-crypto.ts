/**
 * madmin admin-API payload encryption (`madmin.EncryptData` / `DecryptData`), wire doc §2.
 *
 * Envelope: salt(32) ‖ algorithm id(1) ‖ stream nonce(8) ‖ sio-go stream. The key is derived from
 * the password (the secret key of the signing credential) and the salt: Argon2id (t=1, m=64 MiB,
 * p=4) for ids 0 (AES-256-GCM) and 1 (ChaCha20-Poly1305), PBKDF2-HMAC-SHA256 (8192 iterations) for
 * id 2 (AES-256-GCM). The sio-go v0.3.1 stream seals 16 KiB fragments with nonce = N8 ‖ LE32(seq);
 * sequence 0 seals nothing and yields a header tag T that is bound into every fragment's associated
 * data (flag ‖ T, flag 0x80 on the final fragment), so truncation and reordering fail to
 * authenticate. Argon2id runs in WebAssembly (`hash-wasm`, fast); `hash-wasm` refuses an empty
 * password, so that case falls back to pure-JS `@noble/hashes`.
 */
import { createCipheriv, createDecipheriv, pbkdf2, randomBytes } from 'node:crypto';
import type { CipherGCMTypes, CipherChaCha20Poly1305Types } from 'node:crypto';
import { argon2id as argon2idWasm } from 'hash-wasm';
import { argon2idAsync as argon2idNoble } from '@noble/hashes/argon2.js';

/** Payload encryption algorithm ids (byte 32 of the envelope). */
export const MADMIN_ALG_ARGON2ID_AES_GCM = 0;
export const MADMIN_ALG_ARGON2ID_CHACHA20_POLY1305 = 1;
export const MADMIN_ALG_PBKDF2_AES_GCM = 2;
export type MadminAlgorithm = 0 | 1 | 2;

const SALT_LEN = 32;
const NONCE_LEN = 8;
const HEADER_LEN = SALT_LEN + 1 + NONCE_LEN;
const TAG_LEN = 16;
/** sio-go BufSize: plaintext bytes per fragment. */
const BUF_SIZE = 1 << 14;
const FRAGMENT_LEN = BUF_SIZE + TAG_LEN;
const MAX_SEQ = 0xffffffff;

/** Thrown when an envelope is malformed or fails to authenticate (wrong password, tampering, truncation). */
export class PayloadDecryptError extends Error {
  override readonly name = 'PayloadDecryptError';
}

/** `len > 32` and byte 32 is a known algorithm id (madmin `IsEncrypted`). */
export function isEncrypted(data: Uint8Array): boolean {
  const id = data.length > SALT_LEN ? data[SALT_LEN] : undefined;
  return id === 0 || id === 1 || id === 2;
}

async function argon2idKey(password: string, salt: Uint8Array): Promise<Buffer> {
  const pw = Buffer.from(password, 'utf8');
  if (pw.length > 0) {
    const key = await argon2idWasm({
      password: pw,
      salt,
      iterations: 1,
      memorySize: 65536,
      parallelism: 4,
      hashLength: 32,
      outputType: 'binary',
    });
    return Buffer.from(key);
  }
  // hash-wasm throws on an empty password; @noble/hashes accepts it (upstream vectors 1–2 use one).
  const key = await argon2idNoble(pw, salt, { t: 1, m: 65536, p: 4, dkLen: 32 });
  return Buffer.from(key);
}

function pbkdf2Key(password: string, salt: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2(Buffer.from(password, 'utf8'), salt, 8192, 32, 'sha256', (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
}

/** The 32-byte key of an envelope with algorithm `id` (exported for known-answer tests). */
export async function deriveMadminKey(
  password: string,
  salt: Uint8Array,
  id: MadminAlgorithm,
): Promise<Buffer> {
  return id === MADMIN_ALG_PBKDF2_AES_GCM ? pbkdf2Key(password, salt) : argon2idKey(password, salt);
}

function cipherName(id: MadminAlgorithm): CipherGCMTypes | CipherChaCha20Poly1305Types {
  return id === MADMIN_ALG_ARGON2ID_CHACHA20_POLY1305 ? 'chacha20-poly1305' : 'aes-256-gcm';
}

function fragmentNonce(nonce8: Uint8Array, seq: number): Buffer {
  const n = Buffer.alloc(12);
  n.set(nonce8, 0);
  n.writeUInt32LE(seq, 8);
  return n;
}

/** AEAD seal: returns ciphertext ‖ tag. */
function seal(
  id: MadminAlgorithm,
  key: Buffer,
  nonce: Buffer,
  plaintext: Uint8Array,
  aad: Uint8Array,
): Buffer {
  const name = cipherName(id);
  const cipher =
    name === 'chacha20-poly1305'
      ? createCipheriv(name, key, nonce, { authTagLength: TAG_LEN })
      : createCipheriv(name, key, nonce, { authTagLength: TAG_LEN });
  cipher.setAAD(aad, { plaintextLength: plaintext.length });
  const body = cipher.update(plaintext);
  const final = cipher.final();
  return Buffer.concat([body, final, cipher.getAuthTag()]);
}

/** AEAD open of ciphertext ‖ tag; throws PayloadDecryptError when it does not authenticate. */
function open(id: MadminAlgorithm, key: Buffer, nonce: Buffer, sealed: Uint8Array, aad: Uint8Array): Buffer {
  const name = cipherName(id);
  const ctLen = sealed.length - TAG_LEN;
  const decipher =
    name === 'chacha20-poly1305'
      ? createDecipheriv(name, key, nonce, { authTagLength: TAG_LEN })
      : createDecipheriv(name, key, nonce, { authTagLength: TAG_LEN });
  decipher.setAAD(aad, { plaintextLength: ctLen });
  decipher.setAuthTag(sealed.subarray(ctLen));
  try {
    const body = decipher.update(sealed.subarray(0, ctLen));
    return Buffer.concat([body, decipher.final()]);
  } catch {
    throw new PayloadDecryptError(
      'payload does not authenticate (wrong secret key, or tampered/truncated data)',
    );
  }
}

function headerTag(id: MadminAlgorithm, key: Buffer, nonce8: Uint8Array): Buffer {
  // Sequence 0 seals the empty plaintext with the user associated data (madmin: empty).
  return seal(id, key, fragmentNonce(nonce8, 0), new Uint8Array(0), new Uint8Array(0));
}

function fragmentAad(final: boolean, tag: Buffer): Buffer {
  const aad = Buffer.allocUnsafe(1 + TAG_LEN);
  aad[0] = final ? 0x80 : 0x00;
  tag.copy(aad, 1);
  return aad;
}

export interface EncryptDataOptions {
  /** Default 0 (Argon2id + AES-256-GCM), what a non-FIPS MinIO emits. */
  algorithm?: MadminAlgorithm;
  /** 32 bytes; random by default (tests pass fixed values for known answers). */
  salt?: Uint8Array;
  /** 8 bytes; random by default. */
  nonce?: Uint8Array;
}

/** Encrypts `plaintext` into a madmin envelope keyed by `password`. */
export async function encryptData(
  password: string,
  plaintext: Uint8Array,
  options: EncryptDataOptions = {},
): Promise<Buffer> {
  const id = options.algorithm ?? MADMIN_ALG_ARGON2ID_AES_GCM;
  if (id !== 0 && id !== 1 && id !== 2) throw new Error(`unknown payload encryption algorithm ${String(id)}`);
  const salt = options.salt ?? randomBytes(SALT_LEN);
  const nonce8 = options.nonce ?? randomBytes(NONCE_LEN);
  if (salt.length !== SALT_LEN) throw new Error(`salt must be ${SALT_LEN} bytes`);
  if (nonce8.length !== NONCE_LEN) throw new Error(`nonce must be ${NONCE_LEN} bytes`);
  const key = await deriveMadminKey(password, salt, id);
  const tag = headerTag(id, key, nonce8);
  const fragments = Math.max(1, Math.ceil(plaintext.length / BUF_SIZE));
  if (fragments >= MAX_SEQ) throw new Error('plaintext too large for one sio stream');
  const out: Buffer[] = [Buffer.from(salt), Buffer.from([id]), Buffer.from(nonce8)];
  for (let i = 0; i < fragments; i++) {
    const final = i === fragments - 1;
    const piece = plaintext.subarray(i * BUF_SIZE, final ? plaintext.length : (i + 1) * BUF_SIZE);
    out.push(seal(id, key, fragmentNonce(nonce8, i + 1), piece, fragmentAad(final, tag)));
  }
  return Buffer.concat(out);
}

/** Decrypts a madmin envelope (algorithm ids 0, 1, 2). Throws PayloadDecryptError on any failure. */
export async function decryptData(password: string, data: Uint8Array): Promise<Buffer> {
  if (data.length < HEADER_LEN + TAG_LEN) throw new PayloadDecryptError('encrypted payload is too short');
  const idByte = data[SALT_LEN];
  if (idByte !== 0 && idByte !== 1 && idByte !== 2) {
    throw new PayloadDecryptError(`unknown payload encryption algorithm id ${String(idByte)}`);
  }
  const id: MadminAlgorithm = idByte;
  const salt = data.subarray(0, SALT_LEN);
  const nonce8 = data.subarray(SALT_LEN + 1, HEADER_LEN);
  const stream = data.subarray(HEADER_LEN);
  const key = await deriveMadminKey(password, salt, id);
  const tag = headerTag(id, key, nonce8);
  const out: Buffer[] = [];
  let offset = 0;
  let seq = 1;
  // A fragment is the final one iff nothing follows it; every fragment but the last is full.
  while (offset < stream.length) {
    if (seq >= MAX_SEQ) throw new PayloadDecryptError('sio stream sequence number overflow');
    const remaining = stream.length - offset;
    const final = remaining <= FRAGMENT_LEN;
    const len = final ? remaining : FRAGMENT_LEN;
    if (len < TAG_LEN) throw new PayloadDecryptError('truncated sio fragment');
    const sealed = stream.subarray(offset, offset + len);
    out.push(open(id, key, fragmentNonce(nonce8, seq), sealed, fragmentAad(final, tag)));
    offset += len;
    seq++;
  }
  return Buffer.concat(out);
}
