import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHistory, saveHistory } from './history-file.js';
import { MetricHistory } from './metric-history.js';
import { parsePrometheusText } from './prom-text-parse.js';
import { toPromQL, type Query } from './widget-query.js';

const KEEP = new Set(['reqs', 'mem']);
const history = () => new MetricHistory({ points: 4, maxSeries: 3, retentionSeconds: 100 }, KEEP);
const sample = (name: string, labels: Record<string, string>, value: number) => ({ name, labels, value });

describe('metric history', () => {
  it('rates counters over the window, counting a reset, and sums by label', () => {
    const h = history();
    h.record(10, [
      sample('reqs', { server: 'a', api: 'get' }, 0),
      sample('reqs', { server: 'a', api: 'put' }, 5),
    ]);
    h.record(20, [
      sample('reqs', { server: 'a', api: 'get' }, 10),
      sample('reqs', { server: 'a', api: 'put' }, 5),
    ]);
    // get restarts from zero: 10 → 4 counts as 4 more.
    h.record(30, [
      sample('reqs', { server: 'a', api: 'get' }, 4),
      sample('reqs', { server: 'a', api: 'put' }, 25),
    ]);
    const q: Query = { kind: 'vector', metric: 'reqs', rate: true, agg: 'sum', by: ['server'] };
    const [series] = h.evaluate(q, { times: [10, 20, 30], lookbackSeconds: 300, rateWindowSeconds: 20 });
    // t=20: (10 + 0)/10 = 1; t=30: window 10..30: get 10+4=14, put 20 → 34/20.
    expect(series).toEqual({
      metric: { server: 'a' },
      values: [
        [20, 1],
        [30, 34 / 20],
      ],
    });
  });

  it('keeps a bounded ring per series, a bounded number of series and only wanted names', () => {
    const h = history();
    for (let t = 1; t <= 6; t++) h.record(t, [sample('mem', {}, t), sample('other', {}, t)]);
    expect(h.oldest()).toBe(3);
    h.record(
      7,
      [1, 2, 3, 4].map((i) => sample('mem', { i: String(i) }, i)),
    );
    expect(h.stats()).toEqual({ series: 3, dropped: 2 });
    const q: Query = { kind: 'age', of: { kind: 'vector', metric: 'mem', agg: 'max' } };
    expect(h.evaluate(q, { times: [6], lookbackSeconds: 300, rateWindowSeconds: 60 })).toEqual([
      { metric: {}, values: [[6, 0]] },
    ]);
  });
});

describe('history file', () => {
  it('saves and loads the points within the retention; an unreadable file is ignored', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coffer-history-'));
    const file = join(dir, 'metrics-history.json');
    const h = history();
    h.record(10, [sample('mem', { server: 'a' }, 1)]);
    h.record(150, [sample('mem', { server: 'a' }, 2)]);
    await saveHistory(h, file);
    const again = history();
    // At 200 the point of 10 is past the 100 s retention.
    expect(await loadHistory(again, file, 200)).toBe(true);
    expect(again.dump()).toEqual([{ name: 'mem', labels: { server: 'a' }, points: [[150, 2]] }]);
    await writeFile(file, '{"version":1,"series":[{"name":"mem"}]');
    expect(await loadHistory(history(), file, 200)).toBe(false);
    await rm(dir, { recursive: true, force: true });
  });
});

describe('widget queries as PromQL', () => {
  it('narrows to the job, rates over the window, aggregates, subtracts', () => {
    const q: Query = {
      kind: 'difference',
      left: { kind: 'vector', metric: 'total', agg: 'max' },
      right: {
        kind: 'vector',
        metric: 'dist',
        match: { range: ['A', 'B.C'] },
        rate: true,
        agg: 'sum',
        by: ['range'],
      },
    };
    expect(toPromQL(q, { job: 'minio-job', rateWindowSeconds: 60 })).toBe(
      '(max(total{job="minio-job"})) - (sum by (range) (rate(dist{job="minio-job",range=~"A|B\\\\.C"}[60s])))',
    );
  });
});

describe('Prometheus text', () => {
  it('reads names, escaped labels and values; skips comments and odd lines', () => {
    const text = [
      '# HELP x help',
      'x{a="q\\"uote",b="n\\nl"} 1.5',
      'y 2 1700000000000',
      'z{broken 3',
      'w +Inf',
    ].join('\n');
    expect(parsePrometheusText(text)).toEqual([
      { name: 'x', labels: { a: 'q"uote', b: 'n\nl' }, value: 1.5 },
      { name: 'y', labels: {}, value: 2 },
      { name: 'w', labels: {}, value: Infinity },
    ]);
    expect(parsePrometheusText(text, new Set(['y']))).toHaveLength(1);
  });
});
