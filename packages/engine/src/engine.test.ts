import { describe, expect, it } from 'vitest';
import { parseAddress } from './engine.js';
import { StartupError } from './storage/startup-error.js';

describe('parseAddress', () => {
  it.each([
    ['127.0.0.1:9000', { host: '127.0.0.1', port: 9000 }],
    ['localhost:0', { host: 'localhost', port: 0 }],
    [':9000', { host: '', port: 9000 }],
    ['[::1]:9001', { host: '::1', port: 9001 }],
    ['0.0.0.0:65535', { host: '0.0.0.0', port: 65535 }],
  ])('%s', (address, expected) => {
    expect(parseAddress(address)).toEqual(expected);
  });

  it.each(['9000', '127.0.0.1', '127.0.0.1:65536', 'host:port', '::1:9000', '127.0.0.1:-1', ''])(
    'refuses %j',
    (address) => {
      expect(() => parseAddress(address)).toThrow(StartupError);
      expect(() => parseAddress(address)).toThrow(/expected host:port/);
    },
  );
});
