/**
 * Diagnostics through the console against the real engine (issue 11; spec 2 §7
 * `/ws/health-info?deadline=1h`): root's socket receives the engine's health reports — the facts,
 * then the complete report with the drive speed test — each with its timestamp, and the socket
 * closes normally (1000) when the engine's stream ends. An account without admin:OBDInfo gets the
 * storage server's refusal as a 1011 close, and sees no Diagnostics page.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let root: ConsoleClient;

interface Message {
  timestamp: string;
  report: { version: string; sys: Record<string, unknown>; minio: { info?: unknown }; perf?: unknown };
}

/** Open the socket with the client's cookie; collect messages until it closes. */
function run(
  client: ConsoleClient,
  path: string,
): Promise<{ code: number; reason: string; messages: Message[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${consoleApp.url.replace(/^http/, 'ws')}${path}`, {
      headers: { cookie: client.cookie ?? '', origin: consoleApp.url },
    });
    const messages: Message[] = [];
    socket.on('open', () => socket.send('ok'));
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason), messages }));
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  root = new ConsoleClient(consoleApp.url);
  await root.login(engine.accessKey, engine.secretKey);
}, 120_000);

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('/ws/health-info', () => {
  it("relays the engine's reports, then closes 1000", async () => {
    const { code, messages } = await run(root, '/ws/health-info?deadline=1h');
    expect(code).toBe(1000);
    // MinIO's order: version and deployment id alone, the facts, the complete document.
    expect(messages.length).toBe(3);
    expect(messages[0]?.report.sys).toBeUndefined();
    const last = messages.at(-1);
    expect(last?.report.version).toBe('3');
    expect(Date.parse(last?.timestamp ?? '')).not.toBeNaN();
    expect(Object.keys(last?.report.sys ?? {}).sort()).toEqual(['cpus', 'meminfo', 'osinfo', 'partitions']);
    expect(last?.report.minio.info).toBeDefined();
    expect(last?.report.perf).toBeDefined();
    expect(messages[1]?.report.perf).toBeUndefined();
  });

  it('is refused by the storage server for an account without admin:OBDInfo (1011), which has no Diagnostics page', async () => {
    const created = await root.json('POST', '/api/v1/users', {
      json: { accessKey: 'nodiag', secretKey: 'nodiag-secret', policies: ['readwrite'] },
    });
    expect(created.status).toBe(201);
    const user = new ConsoleClient(consoleApp.url);
    await user.login('nodiag', 'nodiag-secret');
    const { code, messages } = await run(user, '/ws/health-info');
    expect(code).toBe(1011);
    expect(messages).toEqual([]);
    expect((await user.json<{ pages: string[] }>('GET', '/api/v1/session')).body.pages).not.toContain(
      '/health-info',
    );
    expect((await root.json<{ pages: string[] }>('GET', '/api/v1/session')).body.pages).toContain(
      '/health-info',
    );
  });
});
