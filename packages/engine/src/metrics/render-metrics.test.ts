import { describe, expect, it } from 'vitest';
import { fakeEngineContext, fakeRequestContext } from '../../test/helpers/fake-engine-context.js';
import { handleMetricsRequest, isMetricsPath } from './index.js';
import { createMetrics } from './registry.js';
import { renderMetrics } from './render-metrics.js';

/** Sample lines of a Prometheus document as name{labels} → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const i = line.lastIndexOf(' ');
    out.set(line.slice(0, i), Number(line.slice(i + 1)));
  }
  return out;
}

describe('metrics documents', () => {
  it('cluster: drives, capacity, usage, buckets and requests', async () => {
    const metrics = createMetrics();
    metrics.recordRequest('PutObject', 200, 100, 0, 1);
    const text = await renderMetrics(await fakeEngineContext({ metrics }), 'cluster');
    const s = samples(text);
    // Fake layer: 4 drives (the last offline), 1000..4000 bytes, 100 used each; 2 data + 2 parity.
    expect(s.get('minio_cluster_drive_online_total')).toBe(3);
    expect(s.get('minio_cluster_drive_offline_total')).toBe(1);
    expect(s.get('minio_cluster_drive_total')).toBe(4);
    expect(s.get('minio_cluster_capacity_raw_total_bytes')).toBe(10_000);
    expect(s.get('minio_cluster_capacity_raw_free_bytes')).toBe(9_600);
    expect(s.get('minio_cluster_capacity_usable_total_bytes')).toBe(5_000);
    expect(s.get('minio_cluster_capacity_usable_free_bytes')).toBe(4_800);
    expect(s.get('minio_cluster_usage_object_total')).toBe(3);
    expect(s.get('minio_cluster_usage_total_bytes')).toBe(3072);
    expect(s.get('minio_bucket_usage_total_bytes{bucket="alpha"}')).toBe(2048);
    expect(s.get('minio_bucket_usage_object_total{bucket="beta"}')).toBe(1);
    expect(s.get('minio_node_drive_total_bytes{drive="/data/drive2",server="127.0.0.1:9000"}')).toBe(2000);
    expect(s.get('minio_node_drive_used_bytes{drive="/data/drive2",server="127.0.0.1:9000"}')).toBe(100);
    expect(s.get('minio_node_drive_free_bytes{drive="/data/drive2",server="127.0.0.1:9000"}')).toBe(1900);
    expect(s.get('minio_node_drive_online_total{server="127.0.0.1:9000"}')).toBe(3);
    expect(s.get('minio_node_drive_offline_total{server="127.0.0.1:9000"}')).toBe(1);
    expect(s.get('minio_s3_requests_total{api="putobject",server="127.0.0.1:9000"}')).toBe(1);
    expect(text).toMatch(
      /^# HELP minio_cluster_drive_online_total .+\n# TYPE minio_cluster_drive_online_total gauge\n/,
    );
  });

  it('bucket: only bucket usage; node: no cluster totals', async () => {
    const engine = await fakeEngineContext({ metrics: createMetrics() });
    const bucket = await renderMetrics(engine, 'bucket');
    expect(bucket).toContain('minio_bucket_usage_total_bytes{bucket="alpha"} 2048');
    expect(bucket).not.toContain('minio_cluster_');
    expect(bucket).not.toContain('minio_node_');
    const node = await renderMetrics(engine, 'node');
    expect(node).toContain('minio_node_drive_total_bytes');
    expect(node).not.toContain('minio_cluster_');
  });

  it('serves the text format with its content type, GET only', async () => {
    const engine = await fakeEngineContext({ metrics: createMetrics({ authType: 'public' }) });
    const { ctx, response } = fakeRequestContext({ engine, path: '/minio/prometheus/metrics' });
    await handleMetricsRequest(ctx);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.body.toString()).toContain('minio_cluster_drive_total 4');
    const post = fakeRequestContext({ engine, method: 'POST', path: '/minio/v2/metrics/cluster' });
    await expect(handleMetricsRequest(post.ctx)).rejects.toThrow(/MethodNotAllowed/);
    expect(isMetricsPath('/minio/v2/metrics/node')).toBe(true);
    expect(isMetricsPath('/minio/v2/metrics/other')).toBe(false);
  });
});
