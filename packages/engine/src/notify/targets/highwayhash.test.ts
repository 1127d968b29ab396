/**
 * HighwayHash-256 against the published golden values (key 00 01 … 1f, inputs 00 01 … of each
 * length 0–64, a selection): every code path — empty input, 1–3 leftover bytes, under and over 16
 * tail bytes, whole 32-byte blocks, blocks plus a tail.
 */
import { describe, expect, it } from 'vitest';
import { elasticsearchDocumentId, highwayHash256 } from './highwayhash.js';

const KEY = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
const GOLDEN: Record<number, string> = {
  0: 'f574c8c22a4844dd1f35c713730146d9ff1487b9ccbeaeb3f41d75453123da41',
  1: '54825fe4bc41b9ed0fc6ca3def440de2474a32cb9b1b657284e475b24c627320',
  3: '5cd9d10dd7a00a48d0d111697c5e22895a86bb8b6b42a88e22c7e190c3fb3de2',
  4: 'dce42b2197c4cfc99b92d2aff69d5fa89e10f41d219fda1f9b4f4d377a27e407',
  7: '81ad8709a0b166d6376d8ceb38f8f1a430e063d4076e22e96c522c067dd65457',
  15: '2e604278700519c146b1018501dbc362c10634fa17adf58547c3fed47bf884c8',
  16: '1fcdb6a189d91af5d97b622ad675f0f7068af279f5d5017e9f4d176ac115d41a',
  31: '4d641a6076e28068dab70fb1208b72b36ed110060612bdd0f22e4533ef14ef8a',
  32: 'fec3a139908ce3bc8912c1a32663d542a9aefc64f79555e3995a47c96b3cb0c9',
  33: 'e5a634f0cb1501f6d046cebf75ea366c90597282d3c8173b357a0011eda2da7e',
  64: '7524c16affe6d890f2c1da6e192a421a02b08e1ffe65379ebecf51c3c4d7bdc1',
};

describe('highwayHash256', () => {
  it.each(Object.entries(GOLDEN))('input of length %s matches the golden value', (length, hex) => {
    const input = Buffer.from(Array.from({ length: Number(length) }, (_, i) => i));
    expect(highwayHash256(KEY, input).toString('hex')).toBe(hex);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => highwayHash256(Buffer.alloc(16), Buffer.alloc(0))).toThrow('invalid key size');
  });

  it('gives Elasticsearch ids as padded base64url of 32 bytes', () => {
    const id = elasticsearchDocumentId('photos/a dir/cat.jpg');
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(elasticsearchDocumentId('photos/a dir/cat.jpg')).toBe(id);
    expect(elasticsearchDocumentId('photos/a dir/cat.jpeg')).not.toBe(id);
  });
});
