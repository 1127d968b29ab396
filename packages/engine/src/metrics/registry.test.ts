import { describe, expect, it } from 'vitest';
import { PrometheusText } from './prom-text.js';
import { createMetrics } from './registry.js';

describe('request metrics registry', () => {
  it('counts S3 requests by API and status class, and bytes', () => {
    const m = createMetrics();
    m.recordRequest('PutObject', 200, 1000, 0, 12);
    m.recordRequest('PutObject', 403, 10, 300, 1);
    m.recordRequest('GetObject', 206, 0, 500, 3);
    m.recordRequest('GetObject', 503, 0, 200, 3);
    m.recordRequest('ServerInfo', 200, 0, 999, 1, 'admin');
    const text = (() => {
      const out = new PrometheusText();
      m.render(out, { server: '127.0.0.1:9000' });
      return out.toString();
    })();
    expect(text).toContain('minio_s3_requests_total{api="getobject",server="127.0.0.1:9000"} 2\n');
    expect(text).toContain('minio_s3_requests_total{api="putobject",server="127.0.0.1:9000"} 2\n');
    expect(text).toContain('minio_s3_requests_errors_total{api="putobject",server="127.0.0.1:9000"} 1\n');
    expect(text).toContain('minio_s3_requests_4xx_errors_total{api="putobject",server="127.0.0.1:9000"} 1\n');
    expect(text).toContain('minio_s3_requests_4xx_errors_total{api="getobject",server="127.0.0.1:9000"} 0\n');
    expect(text).toContain('minio_s3_requests_5xx_errors_total{api="getobject",server="127.0.0.1:9000"} 1\n');
    expect(text).toContain('minio_s3_traffic_received_bytes{server="127.0.0.1:9000"} 1010\n');
    expect(text).toContain('minio_s3_traffic_sent_bytes{server="127.0.0.1:9000"} 1000\n');
    expect(text).toContain('coffer_http_requests_total{kind="admin",server="127.0.0.1:9000"} 1\n');
    expect(text).not.toContain('serverinfo');
  });

  it('renders a cumulative duration histogram', () => {
    const m = createMetrics();
    m.recordRequest('ListBuckets', 200, 0, 0, 3); // 0.003 s → first bucket
    m.recordRequest('ListBuckets', 200, 0, 0, 700); // 0.7 s → le=1
    m.recordRequest('ListBuckets', 200, 0, 0, 120_000); // beyond every bound → only +Inf
    const out = new PrometheusText();
    m.render(out);
    const text = out.toString();
    expect(text).toContain('coffer_s3_request_duration_seconds_bucket{api="listbuckets",le="0.005"} 1\n');
    expect(text).toContain('coffer_s3_request_duration_seconds_bucket{api="listbuckets",le="0.5"} 1\n');
    expect(text).toContain('coffer_s3_request_duration_seconds_bucket{api="listbuckets",le="1"} 2\n');
    expect(text).toContain('coffer_s3_request_duration_seconds_bucket{api="listbuckets",le="60"} 2\n');
    expect(text).toContain('coffer_s3_request_duration_seconds_bucket{api="listbuckets",le="+Inf"} 3\n');
    expect(text).toContain('coffer_s3_request_duration_seconds_count{api="listbuckets"} 3\n');
    expect(text).toContain('coffer_s3_request_duration_seconds_sum{api="listbuckets"} 120.703\n');
  });

  it('ignores nonsense byte counts and keeps the auth type', () => {
    const m = createMetrics({ authType: 'public' });
    m.recordRequest('GetObject', 200, -5, NaN, -1);
    expect(m.snapshot()).toMatchObject({ bytesReceived: 0, bytesSent: 0 });
    expect(m.authType).toBe('public');
    expect(createMetrics().authType).toBe('jwt');
  });
});
