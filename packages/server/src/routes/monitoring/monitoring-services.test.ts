import { describe, expect, it } from 'vitest';
import type { LogInfo, TraceInfo } from '@coffer/admin-client';
import { logMessageOf } from './console-log-service.js';
import { traceFilter, traceMessageOf, traceTypesOf, type TraceQuery } from './trace-service.js';

const put: TraceInfo = {
  type: 4,
  nodename: '127.0.0.1:9000',
  funcname: 's3.PutObject',
  time: '2026-11-29T02:00:00.000Z',
  path: '/photos/2026/cat.jpg',
  dur: 1_500_000,
  http: {
    request: {
      time: '',
      proto: 'HTTP/1.1',
      method: 'PUT',
      path: '/photos/2026/cat.jpg',
      rawquery: '',
      client: '10.0.0.7',
    },
    response: { time: '', statuscode: 200, headers: { 'X-Amz-Request-Id': ['18EC63D796C7478B'] } },
    stats: { inputbytes: 4096, outputbytes: 250, latency: 1_500_000, timetofirstbyte: 1_400_000 },
  },
};

const query = (over: Partial<TraceQuery> = {}): TraceQuery => ({
  calls: 's3',
  threshold: 0,
  onlyErrors: 'no',
  statusCode: '',
  method: '',
  funcname: '',
  path: '',
  ...over,
});

describe('trace service', () => {
  it("maps a MinIO trace entry to the spec's trace message", () => {
    expect(traceMessageOf(put)).toEqual({
      time: '2026-11-29T02:00:00.000Z',
      api: 's3.PutObject',
      statusCode: 200,
      statusMsg: 'OK',
      method: 'PUT',
      path: '/photos/2026/cat.jpg',
      query: '',
      host: '127.0.0.1:9000',
      client: '10.0.0.7',
      requestID: '18EC63D796C7478B',
      callStats: { rx: 4096, tx: 250, duration: 1_500_000, timeToFirstByte: 1_400_000 },
    });
  });

  it("takes the call kinds; 'all' overrides the rest; unknown kinds are refused", () => {
    expect(traceTypesOf('s3')).toEqual(['s3']);
    expect(traceTypesOf('s3,internal')).toEqual(['s3', 'internal']);
    expect(traceTypesOf('s3,all')).toContain('scanner');
    expect(traceTypesOf('')).toEqual(['s3']);
    expect(() => traceTypesOf('s3,bogus')).toThrow(/bogus/);
  });

  it('filters by status code, method, function name and path', () => {
    expect(traceFilter(query())(put)).toBe(true);
    expect(traceFilter(query({ statusCode: '200' }))(put)).toBe(true);
    expect(traceFilter(query({ statusCode: '404' }))(put)).toBe(false);
    expect(traceFilter(query({ method: 'put' }))(put)).toBe(true);
    expect(traceFilter(query({ method: 'GET' }))(put)).toBe(false);
    expect(traceFilter(query({ funcname: 'putobject' }))(put)).toBe(true);
    expect(traceFilter(query({ funcname: 'GetObject' }))(put)).toBe(false);
    expect(traceFilter(query({ path: '/2026/' }))(put)).toBe(true);
    expect(traceFilter(query({ path: 'dog' }))(put)).toBe(false);
  });
});

describe('console log service', () => {
  it("maps MinIO's log entries to the spec's log message", () => {
    const error: LogInfo = {
      level: 'ERROR',
      errKind: 'MINIO',
      time: '2026-11-29T02:00:00.000Z',
      deploymentid: 'd-1',
      api: { name: 'ListObjectsV2', args: { bucket: 'b' } },
      remotehost: '10.0.0.7',
      host: 'node-1',
      requestID: 'R1',
      userAgent: 'aws-sdk',
      message: 'forced failure',
      error: { message: 'forced failure', source: ['a.ts:1'] },
      ConsoleMsg: '',
      node: '127.0.0.1:9000',
    };
    expect(logMessageOf(error)).toEqual({
      ConsoleMsg: '',
      time: '2026-11-29T02:00:00.000Z',
      level: 'ERROR',
      node: '127.0.0.1:9000',
      api: { name: 'ListObjectsV2' },
      deploymentid: 'd-1',
      requestID: 'R1',
      remotehost: '10.0.0.7',
      host: 'node-1',
      userAgent: 'aws-sdk',
      error: { message: 'forced failure', source: ['a.ts:1'] },
    });
    expect(logMessageOf({ time: 't', level: 'INFO', ConsoleMsg: 'engine listening', node: 'n' })).toEqual({
      ConsoleMsg: 'engine listening',
      time: 't',
      level: 'INFO',
      node: 'n',
    });
  });
});
