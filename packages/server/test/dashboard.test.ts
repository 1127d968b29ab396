/**
 * The dashboard through the console against the real engine (issue 11; spec 2 §7 "Dashboard"):
 * admin info with usage and the widgets; widget series answered (a) by the console's own history
 * of the engine's metrics — no Prometheus anywhere — and (b) by a real Prometheus (Debian's)
 * scraping the engine, which the console queries as MinIO's console does (CONSOLE_PROMETHEUS_URL,
 * job minio-job). Bad ranges and unknown widgets are refused; an account without
 * admin:ServerInfo gets no dashboard data; one with admin:ServerInfo but not admin:Prometheus gets
 * the usage view, and a non-root administrator allowed both (diagnostics) gets the widgets.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { startPrometheus, type PrometheusServer } from './helpers/prometheus.js';

interface Widget {
  id: number;
  title: string;
  type: string;
  group: string;
}
interface AdminInfo {
  buckets: number;
  objects: number;
  usage: number;
  widgets: Widget[];
  source?: string;
}
interface Series {
  metric: Record<string, string>;
  values: [number, number][];
}
interface WidgetDetails extends Widget {
  source: string;
  start: number;
  end: number;
  step: number;
  series: Series[];
}

const BUCKET = 'dash-bucket';
let engine: EngineHandle;
const consoles: RunningConsole[] = [];

async function signedInConsole(options: Parameters<typeof startConsole>[1]): Promise<ConsoleClient> {
  const running = await startConsole(engine.url, options);
  consoles.push(running);
  const client = new ConsoleClient(running.url);
  await client.login(engine.accessKey, engine.secretKey);
  return client;
}

/** The last value of the series whose legend label is `name` (or of the first series). */
function lastValue(details: WidgetDetails, label?: string, name?: string): number | undefined {
  const series = label ? details.series.find((s) => s.metric[label] === name) : details.series[0];
  return series?.values.at(-1)?.[1];
}

async function widget(client: ConsoleClient, id: number, query = ''): Promise<WidgetDetails> {
  const answer = await client.json<WidgetDetails>('GET', `/api/v1/admin/info/widgets/${id}/${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The range the web sends: the last hour, step = minutes in the range. */
function lastHour(): string {
  const end = Math.floor(Date.now() / 1000);
  return `?step=60&start=${end - 3600}&end=${end}`;
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4, env: { COFFER_SCANNER_INTERVAL: '1' } });
  const setup = await signedInConsole({});
  expect((await setup.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
  const fd = new FormData();
  fd.append('file', new Blob(['tiny object'], { type: 'text/plain' }), 'tiny.txt');
  expect(
    (await setup.json('POST', `/api/v1/buckets/${BUCKET}/objects/upload?prefix=`, { body: fd })).status,
  ).toBe(200);
});

afterAll(async () => {
  for (const c of consoles) {
    await c.close();
    await removeDir(c.dataDir);
  }
  await engine?.stop();
});

describe('without Prometheus: the console’s own history', () => {
  let client: ConsoleClient;
  beforeAll(async () => {
    client = await signedInConsole({ dashboard: { scrapeIntervalSeconds: 1 } });
  });

  it('admin info: usage from the server and every widget, answered by the console', async () => {
    await vi.waitFor(
      async () => {
        const info = await client.json<AdminInfo>('GET', '/api/v1/admin/info');
        expect(info.status).toBe(200);
        expect(info.body).toMatchObject({ buckets: 1, objects: 1, source: 'console' });
        expect(info.body.usage).toBe('tiny object'.length);
      },
      { timeout: 20_000, interval: 250 },
    );
    const info = await client.json<AdminInfo>('GET', '/api/v1/admin/info');
    expect(info.body.widgets.map((w) => w.group)).toEqual(
      expect.arrayContaining(['summary', 'traffic', 'resources']),
    );
    expect(info.body.widgets.find((w) => w.id === 10)).toMatchObject({
      title: 'S3 API Request Rate',
      type: 'linearGraph',
    });
  });

  it('answers counts, rates, memory and the object size distribution from its scrapes', async () => {
    await vi.waitFor(
      async () => {
        const objects = await widget(client, 2, lastHour());
        expect(objects.source).toBe('console');
        expect(lastValue(objects)).toBe(1);
        // The history is younger than the hour asked: the range starts at its oldest point.
        expect(objects.start).toBeGreaterThan(Math.floor(Date.now() / 1000) - 3600);
        const sizes = await widget(client, 9, lastHour());
        expect(lastValue(sizes, 'range', 'LESS_THAN_1024_B')).toBe(1);
        expect(lastValue(await widget(client, 16, lastHour()))).toBeGreaterThan(1_000_000);
        const pie = await widget(client, 7, lastHour());
        expect(lastValue(pie, 'name', 'used')).toBeGreaterThan(0);
        expect(lastValue(pie, 'name', 'free')).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 500 },
    );
    // S3 traffic between two scrapes shows as a request rate above zero.
    await vi.waitFor(
      async () => {
        await client.json('GET', `/api/v1/buckets/${BUCKET}/objects`);
        const rate = await widget(client, 10, lastHour());
        expect(rate.series.some((s) => s.values.some(([, v]) => v > 0))).toBe(true);
      },
      { timeout: 20_000, interval: 500 },
    );
  });

  it('keeps its history across a console restart (a file in its data directory)', async () => {
    const running = consoles.find((c) => c.url === client.base);
    if (!running) throw new Error('the history console is not running');
    await running.close();
    // The restarted console takes its place (same data directory, removed once at the end).
    consoles.splice(consoles.indexOf(running), 1);
    const restartedAt = Math.floor(Date.now() / 1000);
    const again = await startConsole(engine.url, {
      dataDir: running.dataDir,
      dashboard: { scrapeIntervalSeconds: 1 },
    });
    consoles.push(again);
    client = new ConsoleClient(again.url);
    await client.login(engine.accessKey, engine.secretKey);
    expect((await client.json('GET', '/api/v1/admin/info')).status).toBe(200);
    const objects = await widget(client, 2, lastHour());
    expect(objects.series[0]?.values[0]?.[0]).toBeLessThan(restartedAt - 1);
  });

  it('refuses bad ranges and unknown widgets with clear errors', async () => {
    const end = Math.floor(Date.now() / 1000);
    const reversed = await client.json<{ code: string }>(
      'GET',
      `/api/v1/admin/info/widgets/2/?start=${end}&end=${end - 60}`,
    );
    expect(reversed).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const tooFine = await client.json<{ code: string; message: string }>(
      'GET',
      `/api/v1/admin/info/widgets/2/?step=1&start=${end - 30 * 86400}&end=${end}`,
    );
    expect(tooFine).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(tooFine.body.message).toContain('11000 points');
    expect((await client.json('GET', '/api/v1/admin/info/widgets/999/')).status).toBe(404);
    expect((await client.json('GET', '/api/v1/admin/info/widgets/abc/')).status).toBe(400);
    // No range: the default 7 days, step 0 → minutes in the range.
    const whole = await widget(client, 2, '?step=0');
    expect(whole.end - whole.start).toBeLessThanOrEqual(7 * 86400);
  });

  it('gives an account without admin:ServerInfo no dashboard data', async () => {
    const admin = await signedInConsole({ dashboard: { scrapeIntervalSeconds: 1 } });
    const created = await admin.json('POST', '/api/v1/users', {
      json: { accessKey: 'dash-reader', secretKey: 'dash-reader-secret', groups: [], policies: ['readonly'] },
    });
    expect(created.status).toBe(201);
    const reader = new ConsoleClient(consoles.at(-1)?.url ?? '');
    await reader.login('dash-reader', 'dash-reader-secret');
    expect((await reader.json('GET', '/api/v1/admin/info')).status).toBe(403);
    expect((await reader.json('GET', '/api/v1/admin/info/widgets/2/')).status).toBe(403);
  });
});

describe('an account that may read server info but not scrape metrics', () => {
  it('gets the usage figures and no widgets (the usage view) from a console without history', async () => {
    const admin = await signedInConsole({});
    const policy = {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['admin:ServerInfo'] }],
    };
    const saved = await admin.json('POST', '/api/v1/policies', {
      json: { name: 'dash-info-only', policy: JSON.stringify(policy) },
    });
    expect(saved.status).toBeLessThan(300);
    const created = await admin.json('POST', '/api/v1/users', {
      json: {
        accessKey: 'dash-info',
        secretKey: 'dash-info-secret',
        groups: [],
        policies: ['dash-info-only'],
      },
    });
    expect(created.status).toBe(201);
    // A console of its own, so no other session's credentials have filled a history.
    const running = await startConsole(engine.url, { dashboard: { scrapeIntervalSeconds: 1 } });
    consoles.push(running);
    const reader = new ConsoleClient(running.url);
    await reader.login('dash-info', 'dash-info-secret');
    const info = await reader.json<AdminInfo>('GET', '/api/v1/admin/info');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ buckets: 1, objects: 1, widgets: [] });
    const series = await reader.json<{ code: string }>('GET', '/api/v1/admin/info/widgets/2/');
    expect(series).toMatchObject({ status: 503, body: { code: 'metrics_unavailable' } });
  });
});

describe('an administrator other than root who may scrape metrics', () => {
  it('fills a fresh console’s history with its own session and gets the widgets', async () => {
    const admin = await signedInConsole({});
    // MinIO's built-in diagnostics policy: admin:ServerInfo and admin:Prometheus, among others.
    const created = await admin.json('POST', '/api/v1/users', {
      json: { accessKey: 'dash-diag', secretKey: 'dash-diag-secret', groups: [], policies: ['diagnostics'] },
    });
    expect(created.status).toBe(201);
    const running = await startConsole(engine.url, { dashboard: { scrapeIntervalSeconds: 1 } });
    consoles.push(running);
    const diag = new ConsoleClient(running.url);
    await diag.login('dash-diag', 'dash-diag-secret');
    const info = await diag.json<AdminInfo>('GET', '/api/v1/admin/info');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ buckets: 1, objects: 1, source: 'console' });
    expect(info.body.widgets.length).toBeGreaterThan(10);
    await vi.waitFor(
      async () => {
        const objects = await widget(diag, 2, lastHour());
        expect(objects.source).toBe('console');
        expect(lastValue(objects)).toBe(1);
      },
      { timeout: 20_000, interval: 500 },
    );
  });
});

describe('with Prometheus (CONSOLE_PROMETHEUS_URL)', () => {
  let prometheus: PrometheusServer;
  let client: ConsoleClient;
  beforeAll(async () => {
    prometheus = await startPrometheus(engine);
    client = await signedInConsole({
      dashboard: { prometheusUrl: prometheus.url, prometheusJobId: prometheus.job },
    });
  }, 90_000);
  afterAll(async () => {
    await prometheus?.destroy();
  });

  it('lists the widgets and answers their series from Prometheus’s range queries', async () => {
    const info = await client.json<AdminInfo>('GET', '/api/v1/admin/info');
    expect(info.status).toBe(200);
    expect(info.body.source).toBe('prometheus');
    expect(info.body.widgets.length).toBeGreaterThan(10);
    await vi.waitFor(
      async () => {
        await client.json('GET', `/api/v1/buckets/${BUCKET}/objects`);
        const objects = await widget(client, 2, lastHour());
        expect(objects.source).toBe('prometheus');
        expect(lastValue(objects)).toBe(1);
        const sizes = await widget(client, 9, lastHour());
        expect(lastValue(sizes, 'range', 'LESS_THAN_1024_B')).toBe(1);
        const rate = await widget(client, 10, lastHour());
        expect(rate.series[0]?.metric.server).toBe(new URL(engine.url).host);
        expect(rate.series.some((s) => s.values.some(([, v]) => v > 0))).toBe(true);
        const pie = await widget(client, 7, lastHour());
        expect(lastValue(pie, 'name', 'used')).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 500 },
    );
  });

  it('reports an unreachable Prometheus as metrics_unavailable', async () => {
    const broken = await signedInConsole({ dashboard: { prometheusUrl: 'http://127.0.0.1:1' } });
    const answer = await broken.json<{ code: string }>('GET', `/api/v1/admin/info/widgets/2/${lastHour()}`);
    expect(answer).toMatchObject({ status: 503, body: { code: 'metrics_unavailable' } });
  });
});
