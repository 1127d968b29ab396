import { describe, expect, it } from 'vitest';
import { MalformedXML } from '../common/errors.js';
import { parseDeleteRequest } from './delete-objects.js';

describe('parseDeleteRequest', () => {
  it('reads keys (exactly, spaces kept), version ids and Quiet', () => {
    const r = parseDeleteRequest(
      '<Delete><Quiet>true</Quiet><Object><Key> spaced key </Key></Object><Object><Key>a&amp;b</Key><VersionId>v1</VersionId></Object><Object><Key>123</Key></Object></Delete>',
    );
    expect(r.quiet).toBe(true);
    expect(r.entries).toEqual([{ key: ' spaced key ' }, { key: 'a&b', versionId: 'v1' }, { key: '123' }]);
    expect(parseDeleteRequest('<Delete><Object><Key>k</Key></Object></Delete>').quiet).toBe(false);
  });

  it('refuses an empty list, more than 1000 keys and entries without a key', () => {
    expect(() => parseDeleteRequest('<Delete></Delete>')).toThrow(MalformedXML);
    const many = Array.from({ length: 1001 }, (_, i) => `<Object><Key>k${i}</Key></Object>`).join('');
    expect(() => parseDeleteRequest(`<Delete>${many}</Delete>`)).toThrow(MalformedXML);
    expect(() => parseDeleteRequest('<Delete><Object><VersionId>v</VersionId></Object></Delete>')).toThrow(
      MalformedXML,
    );
  });
});
