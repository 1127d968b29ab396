/**
 * Header values as a signer saw them. Node hands header values over as latin1 strings, one
 * character per byte on the wire, while SigV4 signers hash the UTF-8 bytes of the text they
 * meant: clients that send non-ASCII metadata (`x-amz-meta-*: grüße`) put its UTF-8 bytes on the
 * wire (the AWS SDKs, minio-go, rclone), so the canonical request must hash those very bytes —
 * the value read back as UTF-8. A value that is not valid UTF-8 (a client that sent latin1 bytes)
 * is left as Node gave it. Only the signature check uses this; stored metadata keeps the wire
 * bytes, so they round-trip unchanged.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function signedHeaderText(value: string): string {
  let high = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c > 0xff) return value; // not one byte per character: nothing to reinterpret
    if (c > 0x7f) high = true;
  }
  if (!high) return value;
  try {
    return utf8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}
