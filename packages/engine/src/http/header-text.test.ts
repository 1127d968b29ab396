import { describe, expect, it } from 'vitest';
import { signedHeaderText } from './header-text.js';

/** A header value as Node hands it over: one character per byte on the wire. */
const wire = (bytes: Buffer): string => bytes.toString('latin1');

describe('signedHeaderText', () => {
  it('reads UTF-8 bytes back as the text the signer hashed', () => {
    expect(signedHeaderText(wire(Buffer.from('grüße', 'utf8')))).toBe('grüße');
    expect(signedHeaderText(wire(Buffer.from('日本 ✓', 'utf8')))).toBe('日本 ✓');
  });

  it('leaves ASCII, latin1 bytes that are not UTF-8, and wider text as they are', () => {
    expect(signedHeaderText('plain ascii')).toBe('plain ascii');
    const latin1 = wire(Buffer.from('grüße', 'latin1'));
    expect(signedHeaderText(latin1)).toBe(latin1);
    expect(signedHeaderText('already ü 日本')).toBe('already ü 日本');
  });
});
