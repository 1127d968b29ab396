/**
 * Serves the built web app (`--web-dir`) under the base path: files as they are, and for any
 * other GET outside /api the app's index.html (client-side routes such as /buckets/x/summary).
 * index.html is never cached by the browser (new builds take effect at once); its
 * `<base href="/">`, if present, is rewritten to the base path so the app works under a
 * sub-path or reverse-proxy prefix.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface WebApp {
  /** Send index.html; false when no web app is configured. */
  sendIndex(reply: FastifyReply): Promise<boolean>;
}

export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  basePath: string,
): Promise<WebApp> {
  if (webDir === undefined) return { sendIndex: async () => false };
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: `${basePath}/`,
    // index.html is served by sendIndex (rewritten, not cached); assets may be cached.
    index: false,
    wildcard: true,
  });
  let index: string | undefined;
  return {
    sendIndex: async (reply) => {
      if (index === undefined) {
        try {
          const html = await readFile(join(webDir, 'index.html'), 'utf8');
          index = html.replace(/<base\s+href="\/"\s*\/?>/i, `<base href="${basePath}/">`);
        } catch {
          return false;
        }
      }
      await reply
        .code(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(index);
      return true;
    },
  };
}
