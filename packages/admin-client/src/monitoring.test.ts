import { describe, expect, it } from 'vitest';
import { goDuration, traceQuery, TRACE_TYPES } from './monitoring.js';

describe('trace query', () => {
  it('sends every type as madmin does, S3 only by default, no threshold', () => {
    const query = traceQuery();
    expect(query.s3).toBe('true');
    for (const type of TRACE_TYPES.filter((t) => t !== 's3')) expect(query[type]).toBe('false');
    expect(query.err).toBe('false');
    expect(query.threshold).toBe('0s');
  });

  it('names the chosen types, errors only and the threshold as a Go duration', () => {
    const query = traceQuery({ types: ['internal', 'os'], onlyErrors: true, thresholdMs: 250 });
    expect([query.s3, query.internal, query.os]).toEqual(['false', 'true', 'true']);
    expect(query.err).toBe('true');
    expect(query.threshold).toBe('250ms');
  });

  it('refuses a negative threshold', () => {
    expect(() => goDuration(-1)).toThrow(RangeError);
    expect(goDuration(1.5)).toBe('1.5ms');
  });
});
