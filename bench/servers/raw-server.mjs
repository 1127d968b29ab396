// The raw limit: the least an HTTP object server on Node must do for the benchmark's workloads.
// PUT streams the body to a temp file on the data disk, fsyncs it and renames it into place before
// answering (the same durability point as the engine's acknowledged write, without erasure coding,
// checksums or metadata); GET stats the file and streams it back; DELETE unlinks; PUT of a bare
// bucket path makes a directory. Requests are not authenticated and listing is not offered: the
// figures it gives are the ceiling for disk + HTTP + Node streams on this machine.
//
// Usage: node bench/servers/raw-server.mjs PORT DATA_DIR   (prints "ready <port>" when listening)
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink, open } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const [portArg, dataDir] = process.argv.slice(2);
if (!portArg || !dataDir) {
  console.error('usage: raw-server.mjs PORT DATA_DIR');
  process.exit(2);
}
let tempCounter = 0;

/** Split `/bucket/key…` into a bucket directory and a flat file name for the key. */
function target(url) {
  const path = decodeURIComponent(url.split('?', 1)[0] ?? '/');
  const slash = path.indexOf('/', 1);
  const bucket = slash === -1 ? path.slice(1) : path.slice(1, slash);
  const key = slash === -1 ? '' : path.slice(slash + 1);
  if (!bucket || bucket.includes('..')) return undefined;
  return { dir: join(dataDir, bucket), file: key ? join(dataDir, bucket, encodeURIComponent(key)) : '' };
}

async function putFile(req, file) {
  const temp = `${file}.${process.pid}.${tempCounter++}.tmp`;
  const handle = await open(temp, 'w');
  // The write stream borrows the handle; fsync after the last byte, before answering.
  await pipeline(req, createWriteStream('', { fd: handle.fd, autoClose: false }));
  await handle.sync();
  await handle.close();
  await rename(temp, file);
}

async function handle(req, res) {
  const t = target(req.url ?? '/');
  if (!t) {
    res.writeHead(req.method === 'GET' ? 200 : 400).end();
    return;
  }
  if (req.method === 'PUT' && !t.file) {
    await mkdir(t.dir, { recursive: true });
    req.resume();
    res.writeHead(200).end();
  } else if (req.method === 'PUT') {
    await putFile(req, t.file);
    res.writeHead(200, { ETag: '"0"' }).end();
  } else if (req.method === 'GET' || req.method === 'HEAD') {
    const info = await stat(t.file);
    res.writeHead(200, { 'Content-Length': info.size, 'Content-Type': 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else await pipeline(createReadStream(t.file), res);
  } else if (req.method === 'DELETE') {
    if (t.file) await unlink(t.file).catch(() => undefined);
    res.writeHead(204).end();
  } else {
    res.writeHead(405).end();
  }
}

const server = createServer((req, res) => {
  handle(req, res).catch((err) => {
    const status = err && err.code === 'ENOENT' ? 404 : 500;
    if (!res.headersSent) res.writeHead(status).end(String(err && err.message));
    else res.destroy();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(portArg), '127.0.0.1', () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : portArg}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
