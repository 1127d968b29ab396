import { describe, expect, it } from 'vitest';
import { lineMatches, lineText, type LogLine } from './log-line.js';

const error: LogLine = {
  ConsoleMsg: '',
  time: '2026-01-01T00:00:00Z',
  level: 'ERROR',
  node: 'n:9000',
  api: { name: 'ListObjectsV2' },
  requestID: '18EC63D796C7478B',
  error: { message: 'Forced listing failure', source: ['handler (list.ts:10)'] },
};
const info: LogLine = {
  ConsoleMsg: 'engine listening',
  time: '2026-01-01T00:00:00Z',
  level: 'INFO',
  node: 'n:9000',
};

describe('log lines', () => {
  it("show the console line, or the error's message", () => {
    expect(lineText(info)).toBe('engine listening');
    expect(lineText(error)).toBe('Forced listing failure');
  });

  it('match the search case-insensitively, in the text, API, request id and source', () => {
    expect(lineMatches(error, 'forced LISTING')).toBe(true);
    expect(lineMatches(error, 'listobjects')).toBe(true);
    expect(lineMatches(error, '18ec63')).toBe(true);
    expect(lineMatches(error, 'list.ts')).toBe(true);
    expect(lineMatches(info, 'forced')).toBe(false);
    expect(lineMatches(info, '   ')).toBe(false);
  });
});
