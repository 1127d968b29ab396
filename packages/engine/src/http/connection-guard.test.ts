import { describe, expect, it } from 'vitest';
import {
  connectionsCheckingInterval,
  defaultConnectionLimit,
  readOpenFileLimit,
} from './connection-guard.js';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
`;

describe('connection limit', () => {
  it('reads the soft open-file limit', () => {
    expect(readOpenFileLimit(LIMITS)).toBe(1024);
    expect(readOpenFileLimit(LIMITS.replace('1024  ', 'unlimited'))).toBeUndefined();
    expect(readOpenFileLimit('')).toBeUndefined();
    // This process (Linux): a number.
    expect(readOpenFileLimit()).toBeGreaterThan(0);
  });

  it('keeps a reserve for the runtime and the drives, and half the rest for files', () => {
    expect(defaultConnectionLimit(4, 1024)).toBe((1024 - 128 - 64) / 2);
    expect(defaultConnectionLimit(4, 256)).toBe(32);
    expect(defaultConnectionLimit(16, 256)).toBe(16);
  });

  it('checks header deadlines at least every second', () => {
    expect(connectionsCheckingInterval(30_000)).toBe(1000);
    expect(connectionsCheckingInterval(2000)).toBe(200);
    expect(connectionsCheckingInterval(100)).toBe(100);
  });
});
