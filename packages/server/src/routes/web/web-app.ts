/**
 * Serves the built web app (`--web-dir`) under the base path: an existing file is sent as it is
 * (via @fastify/static's `sendFile`, which guards against paths leaving the directory), anything
 * else outside /api gets the app's index.html so client-side routes (/buckets/x/summary) load.
 * index.html is never cached by the browser (new builds take effect at once); its
 * `<base href="/">`, if present, is rewritten to the base path so the app works under a
 * sub-path or reverse-proxy prefix.
 */
import { stat, readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface WebApp {
  /** Send index.html; false when no web app is configured (or it has no index.html). */
  sendIndex(reply: FastifyReply): Promise<boolean>;
}

async function isFile(root: string, relative: string): Promise<boolean> {
  const full = normalize(join(root, relative));
  if (full !== root && !full.startsWith(root + sep)) return false;
  try {
    return (await stat(full)).isFile();
  } catch {
    return false;
  }
}

export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  basePath: string,
): Promise<WebApp> {
  if (webDir === undefined) return { sendIndex: async () => false };
  const root = normalize(webDir);
  await app.register(fastifyStatic, { root, serve: false });

  let index: string | undefined;
  const sendIndex = async (reply: FastifyReply): Promise<boolean> => {
    if (index === undefined) {
      try {
        const html = await readFile(join(root, 'index.html'), 'utf8');
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
  };

  app.get(`${basePath}/*`, { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
    const path = (request.url.split('?')[0] ?? '').slice(basePath.length);
    if (path.startsWith('/api/') || path === '/api') return reply.callNotFound();
    let relative: string;
    try {
      relative = decodeURIComponent(path).replace(/^\/+/, '');
    } catch {
      return reply.callNotFound();
    }
    if (relative !== '' && relative !== 'index.html' && (await isFile(root, relative)))
      return reply.sendFile(relative);
    if (await sendIndex(reply)) return reply;
    return reply.callNotFound();
  });
  return { sendIndex };
}
