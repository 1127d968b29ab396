/**
 * madmin payload encryption against the known answers of wire doc §2.4: the four upstream
 * ciphertexts of madmin-go `encrypt_test.go` (plaintexts are all-zero bytes) and the
 * self-generated deterministic vectors (fixed salt 00..1f, nonce a0..a7).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PayloadDecryptError, decryptData, deriveMadminKey, encryptData, isEncrypted } from './index.js';

const upstream: { password: string; length: number; hex: string }[] = [
  {
    password: '',
    length: 0,
    hex: '828aa81599df0651c0461adb82283e8b89956baee9f6e719947ef9cddc849028001dc9d3ac0938f66b07bacc9751437e1985f8a9763c240e81',
  },
  {
    password: '',
    length: 256,
    hex: '1793c71df6647860437134073c15688cbb15961dc0758c7ee1225e66e79c724c00d790dba9c671eae89da2c736d858286ac9bd027abacc64430375cd41b63b67c070c7fba475a8dd66ae65ba905176c48cbe6f734fc74df87343d8ccff54bada4aeb0a04bd021633ebe6c4768e23f5dea142561d4fe3f90ed59d13dc5fb3a585dadec1742325291b9c81692bdd3420b2428127f8195e0ecd9a1c9237712ed67af7339fbbf7ff3ee1c516e1f81e69d933e057b30997e7274a2c9698e07c39f0e8d6818858f34c8191871b5a52bea9061806bd029024bfc1d9c1f230904968d6c9e10fddcbc006ba97356ff243570fd96df07dd6894e215a6b24c4ed730369519289ebd877aff6ccbd2265985e4ab1a2b7930bab9cfb767b97348a639ddf8db81bf5151da7e8f3d9638a1b86eb1dd78cc6a526f10a414c78638f',
  },
  {
    password: 'xPl.8/rhR"Q_1xLt',
    length: 32,
    hex: 'b5c016e93b84b473fc8a37af94936563630c36d6df1841d23a86ee51ca161f9e00ac19116b32f643ff6a56a212b265d8c56195bb0d12ce199e13dfdc5272f80c1564da2c6fc2fa18da91d8062de02af5cdafea491c6f3cae1f',
  },
  {
    password: '7h5oU4$te{;K}fgqlI^]',
    length: 256,
    hex: 'c58edf7cfd557b6b655de6f48b1a3049d8d049dadb3a7bfa9ac9ccbb5baf37ec00f83086a26f43b7d6bc9075ad038bf5741f118d502ebe94165e4072ba7f98535d6b1e3b6ae67a98115d146d9b4d90e4df4ae82df9cfa17ed7cd42465181559f7ddf09c98beec521bb4478e0cb73c4e0827af8688ff4e7a07327a10d5a180035e6ddb16d974a85257981cd9e0360a20f7b4d653190267dfb241148f018ae180568042e864b9e1b5bc05425a3abc2b0324f50c72d56798f924405dfc0f8523f4bb564ed65af8e1b1c82a7a0640552ecf81985d95d0993d99172592ddc1393dfa63e8f0b3d744b2cc4b73384ca4693f0c1aec0e9b00e85f2937e891105d67da8f59c14ca96608e0425c42f9c1e7c2a8b3413e1381784f9cfe01de7c47cea1f8d7a7d88f5d4aca783cf55332b47f957a6b9a65269d7eb606b877b',
  },
];

const salt = Uint8Array.from({ length: 32 }, (_, i) => i);
const nonce = Uint8Array.from({ length: 8 }, (_, i) => 0xa0 + i);
const plain = Buffer.from('{"secretKey":"secret123","status":"enabled"}');
const envelopes = {
  0: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f00a0a1a2a3a4a5a6a7e632c97399fdcc3854b5758af1d2263e1d7e6b80b0745212e26f7f5f2b0310a0139d906d0257d45092d8c3ed2ec1f774a59417eb77b9cc40d39372a8',
  1: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f01a0a1a2a3a4a5a6a7bcceed27365043565d0d5cfa3dcde6e84de93ad22df51d53da1f2de887b7f30ce758789373f9ec836866286fec99837ff6a1b9d5806f12b3e3bf76f2',
  2: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f02a0a1a2a3a4a5a6a706383db07aa956bebee231ada6b5af4e7ae1c6f5191de884fda09085cb2e99bc237ea42eebdbe504a5e6a084aa48bea6c32e6a541b1135c5c25be7a6',
} as const;

const pattern = (n: number): Buffer => Buffer.from(Uint8Array.from({ length: n }, (_, i) => i % 251));
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('madmin payload encryption', { timeout: 60_000 }, () => {
  it.each(upstream.map((v, i) => [i + 1, v] as const))('decrypts upstream vector %i', async (_n, v) => {
    const data = Buffer.from(v.hex, 'hex');
    expect(isEncrypted(data)).toBe(true);
    expect(await decryptData(v.password, data)).toEqual(Buffer.alloc(v.length));
  });

  it('derives the documented Argon2id and PBKDF2 keys', async () => {
    expect((await deriveMadminKey('minio123', salt, 0)).toString('hex')).toBe(
      'f47daeb086b4a23e59bb9349885408115f7ef1daef6466e2bbc5867abf09afd9',
    );
    expect((await deriveMadminKey('minio123', salt, 2)).toString('hex')).toBe(
      'e0e2e20052ba02c24a0901f88f0a5dba5eec19aa3bcd2a838a06e7e997b7a115',
    );
  });

  it.each([0, 1, 2] as const)('produces and reads the documented id %i envelope', async (id) => {
    const env = await encryptData('minio123', plain, { algorithm: id, salt, nonce });
    expect(env.toString('hex')).toBe(envelopes[id]);
    expect(await decryptData('minio123', Buffer.from(envelopes[id], 'hex'))).toEqual(plain);
  });

  it.each([
    [16384, 16441, '8e1fd8a65048b9dfd01a709210574bbc217fb84752495b159478f01ba921d781'],
    [16385, 16458, 'dcc13367cbed9589f9bf7d11fe25dc0cf5b8d40f47fa97ec71acccc81ddbff3b'],
    [32768, 32841, '39be25a7d2f17eadd79f5b90842a99f059d99e8341d2a8a8c5dee92c847ec7a4'],
  ])('fragments a %i-byte plaintext as documented', async (n, size, digest) => {
    const env = await encryptData('minio123', pattern(n), { algorithm: 0, salt, nonce });
    expect(env.length).toBe(size);
    expect(sha(env)).toBe(digest);
    expect(await decryptData('minio123', env)).toEqual(pattern(n));
  });

  it.each([0, 1, 2] as const)('round-trips id %i with random salt and nonce', async (id) => {
    for (const n of [0, 1, 16383, 40000]) {
      const p = pattern(n);
      const env = await encryptData('s3cr3tKey', p, { algorithm: id });
      expect(env[32]).toBe(id);
      expect(env.length).toBe(41 + n + 16 * Math.max(1, Math.ceil(n / 16384)));
      expect(await decryptData('s3cr3tKey', env)).toEqual(p);
    }
  });

  it('rejects a wrong password, tampering, truncation, trailing data and junk', async () => {
    const env = await encryptData('minio123', pattern(20000), { algorithm: 0, salt, nonce });
    await expect(decryptData('minio124', env)).rejects.toThrow(PayloadDecryptError);
    for (const at of [0, 33, 41, 100, 16440, env.length - 1]) {
      const bad = Buffer.from(env);
      bad[at] = (bad[at] ?? 0) ^ 1;
      await expect(decryptData('minio123', bad)).rejects.toThrow(PayloadDecryptError);
    }
    // Dropping the final fragment leaves a full fragment sealed as non-final: must not pass as final.
    await expect(decryptData('minio123', env.subarray(0, 41 + 16400))).rejects.toThrow(PayloadDecryptError);
    await expect(decryptData('minio123', env.subarray(0, env.length - 1))).rejects.toThrow(
      PayloadDecryptError,
    );
    await expect(decryptData('minio123', Buffer.concat([env, Buffer.alloc(1)]))).rejects.toThrow(
      PayloadDecryptError,
    );
    await expect(decryptData('minio123', env.subarray(0, 50))).rejects.toThrow(PayloadDecryptError);
    const wrongId = Buffer.from(env);
    wrongId[32] = 7;
    expect(isEncrypted(wrongId)).toBe(false);
    await expect(decryptData('minio123', wrongId)).rejects.toThrow(/algorithm/);
    expect(isEncrypted(Buffer.from('{"json":true,"padding":"xxxxxxxxxxxxxxxxxxxxx"}'))).toBe(false);
  });
});
