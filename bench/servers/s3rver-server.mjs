// The peer: s3rver (npm, a filesystem-backed S3 emulator) in its own process, so it never shares
// an event loop with the benchmark's client. s3rver does not verify SigV4 signatures (it checks
// only that the access key is its default "S3RVER"), so the client signs with that key.
//
// Usage: node bench/servers/s3rver-server.mjs PORT DATA_DIR   (prints "ready <port>" when listening)
import S3rver from 's3rver';

const [portArg, dataDir] = process.argv.slice(2);
if (!portArg || !dataDir) {
  console.error('usage: s3rver-server.mjs PORT DATA_DIR');
  process.exit(2);
}
const server = new S3rver({ port: Number(portArg), address: '127.0.0.1', directory: dataDir, silent: true });
const { port } = await server.run();
console.log(`ready ${port}`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
