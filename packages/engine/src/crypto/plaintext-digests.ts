/**
 * The digests of an encrypted write's plaintext (its ETag, Content-MD5 and x-amz-checksum-*
 * checks), computed off the main thread like the layer's own: MD5, SHA-256, SHA-1 and CRC-32 on a
 * digest worker of the decorator's own, CRC-32C and CRC-64/NVME here. Chunks are copied to the
 * worker (they are not the layer's shared blocks); at most a few are in flight, and `update`
 * answers a promise to wait on when the worker is behind.
 */
import { checksumAccumulator } from '../storage/digester.js';
import type { DigestSession, DigestWorker } from '../storage/digest-worker.js';
import type { ChecksumAlgorithm, Checksums, ComputedDigests } from '../object-layer/types.js';

export class PlaintextDigests {
  private readonly session: DigestSession;
  private readonly local = new Map<ChecksumAlgorithm, ReturnType<typeof checksumAccumulator>>();
  private readonly algorithms: Set<ChecksumAlgorithm>;
  private size = 0;

  constructor(
    worker: DigestWorker,
    private readonly options: { computeSha256?: boolean; checksumAlgorithms?: ChecksumAlgorithm[] },
  ) {
    this.algorithms = new Set(options.checksumAlgorithms ?? []);
    this.session = worker.start({
      sha256: options.computeSha256 === true || this.algorithms.has('SHA256'),
      sha1: this.algorithms.has('SHA1'),
      crc32: this.algorithms.has('CRC32'),
    });
    for (const a of ['CRC32C', 'CRC64NVME'] as const)
      if (this.algorithms.has(a)) this.local.set(a, checksumAccumulator(a));
  }

  /**
   * Digest `chunk`; resolves once the worker is done with it (a chunk that is not in a
   * SharedArrayBuffer is copied to the worker and may be reused at once).
   */
  update(chunk: Buffer): Promise<void> {
    this.size += chunk.length;
    for (const acc of this.local.values()) acc.update(chunk);
    return this.session.update(chunk, 0, chunk.length);
  }

  async finish(): Promise<ComputedDigests> {
    const fromWorker = await this.session.finish();
    const checksums: Checksums = {};
    for (const a of this.algorithms) {
      if (a === 'SHA256' && fromWorker.sha256) checksums.SHA256 = fromWorker.sha256.toString('base64');
      else if (a === 'SHA1' && fromWorker.sha1) checksums.SHA1 = fromWorker.sha1.toString('base64');
      else if (a === 'CRC32' && fromWorker.crc32 !== undefined) {
        const out = Buffer.allocUnsafe(4);
        out.writeUInt32BE(fromWorker.crc32 >>> 0, 0);
        checksums.CRC32 = out.toString('base64');
      } else {
        const acc = this.local.get(a);
        if (acc) checksums[a] = (await acc.digest()).toString('base64');
      }
    }
    const digests: ComputedDigests = { md5: fromWorker.md5, size: this.size, checksums };
    if (this.options.computeSha256 === true && fromWorker.sha256) digests.sha256 = fromWorker.sha256;
    return digests;
  }

  /** Stop (a failed write): the worker drops the session. */
  abort(): void {
    this.session.abort();
  }
}
