/**
 * The AWS event-stream framing of SelectObjectContent's answer. Each message: total length and
 * headers length (4 bytes each, big-endian), the CRC32 of those 8 bytes, the headers
 * (name length: 1 byte, name, value type 7 = string, value length: 2 bytes, value), the payload,
 * and the CRC32 of everything before it. S3 Select sends `Records` (payload: output bytes),
 * `Progress` and `Stats` (XML), `Cont` (keep-alive), `End`, and error messages
 * (`:message-type: error` with `:error-code` / `:error-message`).
 */
import zlib from 'node:zlib';

export function encodeMessage(headers: Record<string, string>, payload: Buffer = Buffer.alloc(0)): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const n = Buffer.from(name, 'utf8');
    const v = Buffer.from(value, 'utf8');
    const head = Buffer.alloc(1 + n.length + 1 + 2);
    head.writeUInt8(n.length, 0);
    n.copy(head, 1);
    head.writeUInt8(7, 1 + n.length);
    head.writeUInt16BE(v.length, 2 + n.length);
    parts.push(head, v);
  }
  const headerBytes = Buffer.concat(parts);
  const total = 12 + headerBytes.length + payload.length + 4;
  const out = Buffer.alloc(total);
  out.writeUInt32BE(total, 0);
  out.writeUInt32BE(headerBytes.length, 4);
  out.writeUInt32BE(zlib.crc32(out.subarray(0, 8)) >>> 0, 8);
  headerBytes.copy(out, 12);
  payload.copy(out, 12 + headerBytes.length);
  out.writeUInt32BE(zlib.crc32(out.subarray(0, total - 4)) >>> 0, total - 4);
  return out;
}

export function recordsMessage(payload: Buffer): Buffer {
  return encodeMessage(
    { ':event-type': 'Records', ':content-type': 'application/octet-stream', ':message-type': 'event' },
    payload,
  );
}

export interface SelectStats {
  bytesScanned: number;
  bytesProcessed: number;
  bytesReturned: number;
}

function statsXml(root: 'Stats' | 'Progress', s: SelectStats): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><${root}><BytesScanned>${s.bytesScanned}</BytesScanned>` +
      `<BytesProcessed>${s.bytesProcessed}</BytesProcessed><BytesReturned>${s.bytesReturned}</BytesReturned></${root}>`,
  );
}

export function statsMessage(s: SelectStats): Buffer {
  return encodeMessage(
    { ':event-type': 'Stats', ':content-type': 'text/xml', ':message-type': 'event' },
    statsXml('Stats', s),
  );
}

export function progressMessage(s: SelectStats): Buffer {
  return encodeMessage(
    { ':event-type': 'Progress', ':content-type': 'text/xml', ':message-type': 'event' },
    statsXml('Progress', s),
  );
}

export function continuationMessage(): Buffer {
  return encodeMessage({ ':event-type': 'Cont', ':message-type': 'event' });
}

export function endMessage(): Buffer {
  return encodeMessage({ ':event-type': 'End', ':message-type': 'event' });
}

export function errorMessage(code: string, message: string): Buffer {
  return encodeMessage({
    ':error-code': code,
    ':error-message': message.slice(0, 1024),
    ':message-type': 'error',
  });
}
