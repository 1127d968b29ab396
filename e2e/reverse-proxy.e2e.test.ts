/**
 * The console behind a reverse proxy under a sub-path (issue 11: "nginx in front of the console under
 * a sub-path carries login, API and every WebSocket page"; user needs #13): Debian's nginx serves
 * /coffer/ from a console started with `--base-path /coffer --trust-proxy`. In Chromium, through the
 * proxy only: sign-in, an API call, and the Watch page's live socket — an upload shows up in its
 * table. nginx's access log proves every request, the WebSocket upgrade (101) included, went
 * through it under the sub-path. The other live sockets (trace, console log, heal, health info) are
 * opened by the signed-in page itself through the proxy and must deliver messages.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { createBucket, openBrowserPage, screenshotIfFailed, signInAsRoot } from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { startNginx, type Nginx } from './harness/nginx.js';
import { rootS3Client } from './harness/root-s3.js';
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { WatchPage } from './pages/watch-page.js';

const SUB_PATH = '/coffer';
const BUCKET = 'e2e-proxied';

/** What a socket the page opened delivered: its messages (up to `want`) and how it closed. */
interface SocketOutcome {
  messages: number;
  closeCode: number | undefined;
}

/**
 * Opens `/ws/…` from inside the page (same origin, the session cookie travels), sends the
 * keep-alive 'ok' and resolves once `want` messages arrived (then closes with 1000) or the server
 * closed it.
 */
function openSocketInPage(target: Page, path: string, want: number): Promise<SocketOutcome> {
  return target.evaluate(
    ({ path: p, want: w }) =>
      new Promise<SocketOutcome>((resolve) => {
        const url = new URL(p, window.location.href);
        url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
        const socket = new WebSocket(url);
        let messages = 0;
        socket.onopen = () => socket.send('ok');
        socket.onmessage = () => {
          messages += 1;
          if (messages === w) {
            socket.close(1000);
            resolve({ messages, closeCode: undefined });
          }
        };
        socket.onclose = (event) => resolve({ messages, closeCode: event.code });
      }),
    { path, want },
  );
}

let stack: Stack;
let nginx: Nginx;
let browser: BrowserPage;
let page: Page;
const requests: string[] = [];

beforeAll(async () => {
  stack = await startStack({ basePath: SUB_PATH, consoleArgs: ['--trust-proxy'] });
  nginx = await startNginx(SUB_PATH, new URL(stack.consoleUrl).origin);
  browser = await openBrowserPage();
  page = browser.page;
  page.on('request', (request) => requests.push(request.url()));
});

afterEach(({ task }) => screenshotIfFailed(page, 'reverse-proxy', task));

afterAll(async () => {
  await browser?.browser.close();
  await nginx?.stop();
  await stack?.stop();
});

describe('Console behind nginx under /coffer/', () => {
  it('signs in and calls the API through the proxy', async () => {
    await signInAsRoot(page, nginx.url);
    await page.getByTestId(TEST_IDS.objectBrowser.bucketsScreen).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${SUB_PATH}/object-browser`);
    await createBucket(page, nginx.url, { name: BUCKET });
    const session = await page.request.get(`${nginx.url}/api/v1/session`);
    expect(session.status()).toBe(200);
    expect(((await session.json()) as { pages: string[] }).pages).toContain('/watch');
  });

  it("carries the Watch page's WebSocket: an upload shows up live", async () => {
    await page.getByTestId(TEST_IDS.layout.menuItem('/watch')).click();
    const watch = new WatchPage(page);
    await watch.start(BUCKET, 'in/');
    await watch.waitUntilLive(rootS3Client(stack), BUCKET, 'in/');
    await rootS3Client(stack).putObject(BUCKET, 'in/through-the-proxy.txt', Buffer.from('proxied'));
    expect(await watch.rowText('in/through-the-proxy.txt', 's3:ObjectCreated:Put')).toContain('7 B');
    await watch.stop();

    const proxyOrigin = new URL(nginx.url).origin;
    expect(requests.filter((url) => !url.startsWith(`${proxyOrigin}${SUB_PATH}/`))).toEqual([]);
    await nginx.waitForLogLine(new RegExp(`"POST ${SUB_PATH}/api/v1/login HTTP/1\\.1" 204`));
    await nginx.waitForLogLine(
      new RegExp(`"GET ${SUB_PATH}/ws/watch/${BUCKET}\\?prefix=in%2F&suffix= HTTP/1\\.1" 101`),
    );
  });

  it('carries the Trace, Error Logs, Heal and Diagnostics sockets', async () => {
    const s3 = rootS3Client(stack);
    await s3.putObject(BUCKET, 'heal/me.txt', Buffer.from('heal me'));
    // Trace: calls made while the socket is open arrive (the subscription starts a moment after
    // the upgrade, so calls are made until one is seen).
    const traced = openSocketInPage(page, `${SUB_PATH}/ws/trace?calls=s3`, 1);
    let settled = false;
    void traced.finally(() => (settled = true));
    for (let i = 0; i < 30 && !settled; i++) {
      await s3.statObject(BUCKET, 'heal/me.txt');
      await Promise.race([traced, new Promise((r) => setTimeout(r, 500))]);
    }
    expect(await traced).toEqual({ messages: 1, closeCode: undefined });
    // Error Logs: the console log replays the server's recent entries first.
    expect(await openSocketInPage(page, `${SUB_PATH}/ws/console`, 1)).toEqual({
      messages: 1,
      closeCode: undefined,
    });
    // Heal and Diagnostics run to their end: progress or a report, then a normal close.
    const healed = await openSocketInPage(
      page,
      `${SUB_PATH}/ws/heal/${BUCKET}?prefix=&recursive=true`,
      10_000,
    );
    expect(healed.closeCode).toBe(1000);
    expect(healed.messages).toBeGreaterThan(0);
    const diagnosed = await openSocketInPage(page, `${SUB_PATH}/ws/health-info?deadline=1m`, 10_000);
    expect(diagnosed.closeCode).toBe(1000);
    expect(diagnosed.messages).toBeGreaterThan(0);
    for (const path of ['trace', 'console', `heal/${BUCKET}`, 'health-info']) {
      await nginx.waitForLogLine(new RegExp(`"GET ${SUB_PATH}/ws/${path}(\\?\\S*)? HTTP/1\\.1" 101`));
    }
  });
});
