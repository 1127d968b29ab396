/**
 * Folders and selections downloaded as one ZIP, streamed (issue 9 §5; user needs #6).
 *
 * The archive is written while the objects are read: the selection is walked one S3 listing page
 * at a time, each object is fetched with one GET when the archive reaches it (runs of small
 * objects a few ahead, see PREFETCH), and its bytes flow through our ZipWriter (zip-writer.ts)
 * into the response — socket back-pressure paces the storage reads, so memory is one listing page
 * plus stream buffers plus the packed central directory, whatever the sizes. Entries are stored
 * (no compression: most big objects are compressed already, and storing keeps the server's CPU
 * free). The writer switches to ZIP64 by itself for entries or offsets past 4 GiB and for 65,535
 * entries or more, and costs the same per entry however many came before (decision
 * 0021-zip-writer: the library used before was quadratic in the entry count).
 *
 * Failures after the answer started cannot change its status any more, so they are written into
 * the archive instead: an object that is gone or refused when its turn comes is left out, one
 * whose transfer breaks mid-way stays in truncated; each is a line of `ERRORS.txt`, the archive's
 * last entry. Failures before the first byte (no such bucket, access denied on the first listing)
 * are ordinary error answers.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Client } from 'minio';
import { listObjectsPage } from '../../storage/s3-listing.js';
import { contentDisposition } from './content-disposition.js';
import { ZipOutputClosedError, ZipWriter } from './zip-writer.js';

/** Name of the error list inside the archive. */
export const ZIP_ERRORS_NAME = 'ERRORS.txt';

const LIST_PAGE = 1000;
/**
 * Small objects (by their listed size) are requested up to this many ahead of the one being
 * written, so a folder of many small files is not one storage round trip per file in a row. Only
 * a run of small objects is requested ahead: a response waiting behind a big transfer could sit
 * idle long enough for the storage server to cut it.
 */
const PREFETCH = 8;
const SMALL_OBJECT = 1024 * 1024;

/** An object to put in the archive: listed (size and date known) or named by the user. */
interface ZipItem {
  key: string;
  size?: number;
  lastModified?: string;
}

/** An object on its way into the archive: its GET already sent if it was requested ahead. */
interface Pending {
  item: ZipItem;
  response?: Promise<IncomingMessage>;
}

/**
 * The selection without repeats: a path inside a selected folder is already in it. Sorted, so a
 * folder comes before everything under it.
 */
export function normaliseSelection(paths: readonly string[]): string[] {
  const sorted = [...new Set(paths.map((p) => p.replace(/^\/+/, '')).filter((p) => p !== ''))].sort();
  const out: string[] = [];
  let folder: string | undefined;
  for (const p of sorted) {
    if (folder !== undefined && p.startsWith(folder)) continue;
    out.push(p);
    folder = p.endsWith('/') ? p : undefined;
  }
  return out;
}

/**
 * The entry name of `key` in an archive made in folder `base`: the key below `base` (the whole key
 * if it is elsewhere), with segments no unzip tool may meet made harmless — empty and '.'
 * segments dropped, '..' written '__', backslashes taken as separators (as Windows tools do), a
 * leading drive letter defused. '' when nothing is left (the folder's own marker object).
 */
export function zipEntryName(key: string, base: string): string {
  const relative = base !== '' && key.startsWith(base) ? key.slice(base.length) : key;
  const segments = relative
    .split(/[\\/]/)
    .filter((s) => s !== '' && s !== '.')
    .map((s) => (s === '..' ? '__' : s));
  const name = segments.join('/');
  return /^[a-zA-Z]:/.test(name) ? `_${name}` : name;
}

/** The archive's file name: the folder's name for one folder, else the bucket's. */
export function zipFileName(bucket: string, selection: readonly string[]): string {
  const only = selection.length === 1 ? selection[0] : undefined;
  const folder = only?.endsWith('/') ? only.slice(0, -1).split('/').at(-1) : undefined;
  return `${folder !== undefined && folder !== '' ? folder : bucket}.zip`;
}

/** Every object of the selection, a listing page at a time (folders recursively). */
async function* itemsOf(s3: Client, bucket: string, selection: readonly string[]): AsyncGenerator<ZipItem> {
  for (const path of selection) {
    if (!path.endsWith('/')) {
      yield { key: path };
      continue;
    }
    let startAfter: string | undefined;
    for (;;) {
      const page = await listObjectsPage(s3, bucket, {
        prefix: path,
        delimiter: '',
        maxKeys: LIST_PAGE,
        ...(startAfter !== undefined ? { startAfter } : {}),
      });
      const objects = page.entries.filter((e) => e.kind === 'object');
      for (const e of objects)
        yield {
          key: e.key,
          ...(e.size !== undefined ? { size: e.size } : {}),
          ...(e.lastModified ? { lastModified: e.lastModified } : {}),
        };
      const last = objects.at(-1);
      if (!page.truncated || !last) break;
      startAfter = last.key;
    }
  }
}

function reason(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' && code !== '' ? `${code}: ${err.message}` : err.message;
  }
  return String(err);
}

function dateOf(text: string | string[] | undefined): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** The ERRORS.txt line of an object whose transfer broke after `bytes` bytes. */
function transferFailure(key: string, bytes: number, err: unknown): string {
  // A body that just stops (the storage server cut the connection) ends as a premature close.
  const premature = (err as { code?: unknown } | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
  const why = premature ? 'the connection to the storage server closed' : reason(err);
  return `${key}: transfer failed after ${bytes} bytes, the file in the archive is incomplete (${why})`;
}

function sizeOf(res: IncomingMessage): number | undefined {
  const length = Number(res.headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

export interface ZipDownloadOptions {
  bucket: string;
  base: string;
  paths: readonly string[];
}

/**
 * Answer a ZIP of the selection. The first listing is made before the answer starts, so a bucket
 * that is missing or refused gives a normal error answer.
 */
export async function downloadZip(
  s3: Client,
  o: ZipDownloadOptions,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const selection = normaliseSelection(o.paths);
  const base = o.base.replace(/^\/+/, '');
  const items = itemsOf(s3, o.bucket, selection);
  const first = await items.next();

  const zip = new ZipWriter();
  const errors: string[] = [];
  let aborted = false;
  let reading: Readable | undefined;
  reply.raw.on('close', () => {
    // The browser left before the end: stop reading from the storage server.
    if (!reply.raw.writableFinished) {
      aborted = true;
      reading?.destroy();
      zip.output.destroy();
    }
  });

  const ahead: Pending[] = [];
  let listingDone = false;
  const get = (key: string): Promise<IncomingMessage> => {
    const response = s3.makeRequestAsync({ method: 'GET', bucketName: o.bucket, objectName: key }, '', [200]);
    // Awaited at the object's turn; until then a rejection must not count as unhandled.
    response.catch(() => undefined);
    return response;
  };
  const small = (item: ZipItem): boolean =>
    item.size !== undefined && item.size <= SMALL_OBJECT && !item.key.endsWith('/');
  const pull = async (): Promise<Pending | undefined> => {
    if (listingDone) return undefined;
    try {
      const next = await items.next();
      if (next.done !== true) return { item: next.value };
    } catch (err) {
      errors.push(`listing stopped, later objects are missing (${reason(err)})`);
    }
    listingDone = true;
    return undefined;
  };
  const fillWindow = async (): Promise<void> => {
    while (ahead.length < PREFETCH && !listingDone && !aborted) {
      const last = ahead.at(-1);
      if (last !== undefined && !small(last.item)) return;
      const next = await pull();
      if (next === undefined || aborted) return;
      if (small(next.item)) next.response = get(next.item.key);
      ahead.push(next);
    }
  };
  reply.raw.on('close', () => {
    if (!aborted) return;
    for (const p of ahead)
      void p.response?.then(
        (r) => r.destroy(),
        () => undefined,
      );
  });

  const fill = async (): Promise<void> => {
    let current: Pending | undefined = first.done === true ? undefined : { item: first.value };
    if (first.done === true) listingDone = true;
    while (current !== undefined && !aborted) {
      const { item } = current;
      if (small(item)) await fillWindow();
      const name = zipEntryName(item.key, base);
      if (name !== '') {
        if (item.key.endsWith('/')) {
          await zip.addDirectory(name, dateOf(item.lastModified) ?? new Date());
        } else {
          let res: IncomingMessage | undefined;
          try {
            res = await (current.response ?? get(item.key));
          } catch (err) {
            errors.push(`${item.key}: not in the archive (${reason(err)})`);
          }
          if (res !== undefined) {
            reading = res;
            const mtime = dateOf(res.headers['last-modified']) ?? dateOf(item.lastModified) ?? new Date();
            const size = sizeOf(res);
            const done = await zip.addFile(name, res, { mtime, ...(size !== undefined ? { size } : {}) });
            if (done.error !== undefined) errors.push(transferFailure(item.key, done.bytes, done.error));
          }
        }
      }
      current = ahead.shift() ?? (await pull());
    }
    if (aborted) return;
    if (errors.length > 0) {
      const text = [`${errors.length} object(s) of this download failed:`, ...errors, ''].join('\r\n');
      const bytes = Buffer.from(text, 'utf8');
      await zip.addFile(ZIP_ERRORS_NAME, [bytes], { mtime: new Date(), size: bytes.length });
    }
    await zip.finish();
  };
  fill().catch((err: unknown) => {
    // The answer is gone (the browser left) or a bug: either way the archive cannot go on.
    aborted = true;
    reading?.destroy();
    zip.output.destroy(err instanceof ZipOutputClosedError ? undefined : (err as Error));
  });

  reply.header('content-type', 'application/zip');
  reply.header('content-disposition', contentDisposition(zipFileName(o.bucket, selection)));
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  return reply.code(200).send(zip.output);
}
