import { STREAM_ENDPOINTS } from '@coffer/contract/client';
import { describe, expect, it } from 'vitest';
import { streamUrl } from './stream-url.js';

describe('streamUrl', () => {
  it('follows the page protocol: ws for http, wss for https', () => {
    expect(streamUrl({ protocol: 'http:', host: 'h:9090' }, '', STREAM_ENDPOINTS.consoleLog)).toBe(
      'ws://h:9090/ws/console',
    );
    expect(streamUrl({ protocol: 'https:', host: 'h' }, '', STREAM_ENDPOINTS.consoleLog)).toBe(
      'wss://h/ws/console',
    );
  });

  it('puts the base path first, encodes the params and adds the query', () => {
    expect(
      streamUrl({ protocol: 'https:', host: 'h' }, '/coffer/', STREAM_ENDPOINTS.watchBucket, {
        params: { bucket: 'a b' },
        query: { prefix: 'p/', suffix: '.jpg' },
      }),
    ).toBe('wss://h/coffer/ws/watch/a%20b?prefix=p%2F&suffix=.jpg');
  });
});
