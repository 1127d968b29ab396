import { describe, expect, it } from 'vitest';
import { PrometheusText, formatValue } from './prom-text.js';

describe('Prometheus text format', () => {
  it('writes HELP, TYPE and samples with escaped labels', () => {
    const out = new PrometheusText()
      .family('minio_bucket_usage_total_bytes', 'gauge', 'Total bucket size\nin bytes', [
        { labels: { bucket: 'a"b\\c\nd' }, value: 12 },
        { labels: { bucket: 'plain' }, value: 0 },
      ])
      .family('empty_family', 'gauge', 'dropped', [])
      .toString();
    expect(out).toBe(
      '# HELP minio_bucket_usage_total_bytes Total bucket size\\nin bytes\n' +
        '# TYPE minio_bucket_usage_total_bytes gauge\n' +
        'minio_bucket_usage_total_bytes{bucket="a\\"b\\\\c\\nd"} 12\n' +
        'minio_bucket_usage_total_bytes{bucket="plain"} 0\n',
    );
  });

  it('refuses the same family twice', () => {
    const out = new PrometheusText().family('x', 'gauge', 'x', [{ value: 1 }]);
    expect(() => out.family('x', 'gauge', 'x', [{ value: 1 }])).toThrow(/twice/);
  });

  it('formats special values', () => {
    expect(formatValue(Infinity)).toBe('+Inf');
    expect(formatValue(-Infinity)).toBe('-Inf');
    expect(formatValue(NaN)).toBe('NaN');
    expect(formatValue(1.5)).toBe('1.5');
  });
});
