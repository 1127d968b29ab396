import { describe, expect, it } from 'vitest';
import { detectBasePath } from './base-path.js';

describe('detectBasePath', () => {
  it('is empty at the root', () => {
    expect(detectBasePath('http://h:9090/', '/buckets')).toBe('');
  });
  it('reads the sub-path from <base href>', () => {
    expect(detectBasePath('http://h/console/', '/console/buckets')).toBe('/console');
  });
  it('takes /api/proxy/{namespace}/{tenant} as the base behind the operator proxy (spec 1 §1)', () => {
    expect(detectBasePath('http://h/', '/api/proxy/ns-1/tenant-a/object-browser/b')).toBe(
      '/api/proxy/ns-1/tenant-a',
    );
  });
});
